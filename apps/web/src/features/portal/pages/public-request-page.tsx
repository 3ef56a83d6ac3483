import { useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import {
  MAX_REQUEST_PHOTOS,
  portalMessages,
  publicServiceRequestBody,
  type PublicServiceRequestBody,
  type PublicServiceRequestInput,
} from '@ordem-certa/contracts';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { PortalFrame } from '../components/portal-frame.tsx';
import { RequestDetailsFields } from '../components/wishes-fields.tsx';
import { usePortalBrand } from '../api/portal-brand.ts';
import { useFormToken, usePublicRequest } from '../api/public-request.ts';

/**
 * /portal/solicitar?org={organizationId} (public): a new customer asks for a visit. No CAPTCHA: the
 * server limits each address and e-mail, dates the form by its token and keeps nothing from a robot that
 * fills the hidden 'website' field.
 */
export function PublicRequestPage() {
  const [params] = useSearchParams();
  const organizationId = Number(params.get('org'));
  const brand = usePortalBrand(organizationId);
  const token = useFormToken(organizationId);
  const send = usePublicRequest(organizationId);
  const [done, setDone] = useState<string | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const form = useContractForm<PublicServiceRequestInput, PublicServiceRequestBody>(publicServiceRequestBody, {
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      problem: '',
      preferredDays: [],
      preferredPeriods: [],
      preferredNote: '',
      formToken: '',
      website: '',
    },
  });
  if (!(organizationId > 0) || brand.isError)
    return (
      <PortalFrame brand={undefined}>
        <Alert variant="warning">{portalMessages.companyUnknown}</Alert>
      </PortalFrame>
    );
  if (brand.isPending || token.isPending) return <PageSpinner />;
  const errors = form.formState.errors;
  const photoError = (errors as Record<string, { message?: string } | undefined>).attachment?.message;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      setDone((await send.mutateAsync({ body, photos })).message);
    } catch (err) {
      applyServerErrors(err, form.setError, 'Não foi possível enviar o pedido. Tente novamente.');
    }
  });
  return (
    <PortalFrame brand={brand.data}>
      <h1 className="h4 mb-3">Solicitar atendimento</h1>
      <Card className="mb-3">
        <Card.Body>
          {done ? (
            <Alert variant="success" className="mb-0" role="status">
              {done}
            </Alert>
          ) : (
            <Form
              noValidate
              onSubmit={(e) => {
                form.setValue('formToken', token.data?.formToken ?? '');
                void onSubmit(e);
              }}
            >
              <TextField
                id="public-name"
                label="Seu nome"
                autoComplete="name"
                error={errors.name?.message}
                {...form.register('name')}
              />
              <TextField
                id="public-email"
                label="E-mail"
                type="email"
                inputMode="email"
                autoComplete="email"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <TextField
                id="public-phone"
                label="Telefone (opcional)"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                error={errors.phone?.message}
                {...form.register('phone')}
              />
              <RequestDetailsFields form={form} idPrefix="public" />
              <Form.Group className="mb-3" controlId="public-photos">
                <Form.Label>Fotos (opcional, até {MAX_REQUEST_PHOTOS})</Form.Label>
                <Form.Control
                  type="file"
                  accept="image/jpeg,image/png"
                  multiple
                  isInvalid={!!photoError}
                  onChange={(e) => {
                    form.clearErrors('attachment' as never);
                    setPhotos([...((e.target as HTMLInputElement).files ?? [])].slice(0, MAX_REQUEST_PHOTOS));
                  }}
                />
                <Form.Text>Fotos do equipamento ou do problema, em JPEG ou PNG.</Form.Text>
                <Form.Control.Feedback type="invalid">{photoError}</Form.Control.Feedback>
              </Form.Group>
              {/* Not for people: hidden from view and from screen readers; a robot fills it. */}
              <div className="visually-hidden" aria-hidden="true">
                <label htmlFor="public-website">Site</label>
                <input id="public-website" tabIndex={-1} autoComplete="off" {...form.register('website')} />
              </div>
              {errors.formToken?.message && <Alert variant="warning">{errors.formToken.message}</Alert>}
              <Button type="submit" className="w-100" disabled={send.isPending}>
                Enviar pedido
              </Button>
            </Form>
          )}
        </Card.Body>
      </Card>
      <p className="text-center">
        Já é cliente? <Link to={`/portal/entrar?org=${organizationId}`}>Acesse a área do cliente</Link>
      </p>
    </PortalFrame>
  );
}
