import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import {
  portalAccessBody,
  portalMessages,
  type PortalAccessBody,
  type PortalAccessInput,
} from '@ordem-certa/contracts';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { PortalFrame } from '../components/portal-frame.tsx';
import { usePortalBrand } from '../api/portal-brand.ts';
import { useRequestAccess } from '../api/request-access.ts';
import { rememberPortalOrg } from '../api/portal-client.ts';

/**
 * /portal/entrar?org={organizationId} (public): 'Quero acessar'. The customer types their e-mail (the
 * link goes by e-mail) or their mobile (by WhatsApp); the page says the same whether or not either is a
 * customer's.
 */
export function PortalSignInPage() {
  const [params] = useSearchParams();
  const organizationId = Number(params.get('org'));
  const brand = usePortalBrand(organizationId);
  const ask = useRequestAccess(organizationId);
  const [sent, setSent] = useState<string | null>(null);
  const form = useContractForm<PortalAccessInput, PortalAccessBody>(portalAccessBody, {
    defaultValues: { email: '', phone: '' },
  });
  useEffect(() => {
    if (brand.data) rememberPortalOrg(brand.data.organizationId);
  }, [brand.data]);

  if (!(organizationId > 0) || brand.isError)
    return (
      <PortalFrame brand={undefined}>
        <Alert variant="warning">{portalMessages.companyUnknown}</Alert>
      </PortalFrame>
    );
  if (brand.isPending) return <PageSpinner />;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      setSent((await ask.mutateAsync(body)).message);
    } catch (err) {
      applyServerErrors(err, form.setError);
    }
  });
  return (
    <PortalFrame brand={brand.data}>
      <h1 className="h4 mb-3">Área do cliente</h1>
      <Card className="mb-3">
        <Card.Body>
          {sent ? (
            <Alert variant="success" className="mb-0" role="status">
              {sent}
            </Alert>
          ) : (
            <Form noValidate onSubmit={onSubmit}>
              <p>
                Veja suas ordens, orçamentos, equipamentos, documentos e pagamentos. Sem senha: enviamos um link para o
                seu e-mail ou, pelo celular, para o seu WhatsApp.
              </p>
              <TextField
                id="portal-email"
                label="Seu e-mail"
                type="email"
                inputMode="email"
                autoComplete="email"
                error={form.formState.errors.email?.message}
                {...form.register('email')}
              />
              <TextField
                id="portal-phone"
                label="ou o seu celular (WhatsApp)"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                error={form.formState.errors.phone?.message}
                {...form.register('phone')}
              />
              <Button type="submit" className="w-100" disabled={ask.isPending}>
                Quero acessar
              </Button>
            </Form>
          )}
        </Card.Body>
      </Card>
      <p className="text-center">
        Ainda não é cliente? <Link to={`/portal/solicitar?org=${organizationId}`}>Solicite um atendimento</Link>
      </p>
    </PortalFrame>
  );
}
