import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import {
  brazilianTimeZones,
  messages,
  twoFactorPolicies,
  twoFactorPolicyLabels,
  updateOrganizationBody,
  type TwoFactorPolicy,
  type UpdateOrganizationBody,
} from '@ordem-certa/contracts';
import { useVersionedSave, type ConflictField } from '../../../components/version-conflict.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import {
  organizationQueryKey,
  useOrganization,
  useUpdateOrganization,
  type Organization,
} from '../api/organization.ts';

export const ORGANIZATION_SAVED = 'Organização salva';

/** The organization's own settings (admin): its name and the time zone every date is shown and counted in. */
export function OrganizationPage() {
  const organization = useOrganization();
  return (
    <>
      <PageHeader title="Organização" />
      <p className="small">
        <Link to="/organization/field">Técnicos em campo</Link>: alerta de chegada longe do endereço, velocidade média e
        por quanto tempo guardar as localizações.
      </p>
      <QueryState isPending={organization.isPending} error={organization.error}>
        {organization.data && <OrganizationForm organization={organization.data} />}
      </QueryState>
    </>
  );
}

const conflictFields: ConflictField[] = [
  { name: 'name', label: 'Nome' },
  { name: 'timeZone', label: 'Fuso horário' },
  {
    name: 'twoFactor',
    label: 'Verificação em duas etapas',
    format: (v) => twoFactorPolicyLabels[v as TwoFactorPolicy] ?? String(v),
  },
];

const valuesOf = (o: Organization) => ({ name: o.name, timeZone: o.timeZone, twoFactor: o.twoFactor });

function OrganizationForm({ organization }: { organization: Organization }) {
  const update = useUpdateOrganization();
  const queryClient = useQueryClient();
  const orgPath = useOrgPath();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(updateOrganizationBody),
    mode: 'onBlur',
    defaultValues: valuesOf(organization),
  });
  // What the form was loaded with, and at which version: a save is made on them, so a save over
  // someone else's meanwhile is told (and merged, or chosen field by field) instead of undoing it.
  const [loaded, setLoaded] = useState(() => ({ values: valuesOf(organization), version: organization.version }));
  const versioned = useVersionedSave({
    fields: conflictFields,
    write: async (body: UpdateOrganizationBody) => {
      const saved = await update.mutateAsync(body);
      setLoaded({ values: valuesOf(saved), version: saved.version });
      reset(valuesOf(saved));
    },
    onSaved: () => toast.success(ORGANIZATION_SAVED),
    onReload: async () => {
      const now = await queryClient.fetchQuery({
        queryKey: organizationQueryKey,
        queryFn: () => api.get<Organization>(orgPath),
        staleTime: 0,
      });
      setLoaded({ values: valuesOf(now), version: now.version });
      reset(valuesOf(now));
    },
    onError: (err) => applyServerErrors(err, setError, messages.requestFailed),
  });
  // A zone set through the API that is not one of Brazil's stays selectable as it is.
  const zones = brazilianTimeZones.some((z) => z.id === organization.timeZone)
    ? brazilianTimeZones
    : [{ id: organization.timeZone, label: organization.timeZone }, ...brazilianTimeZones];
  const submit = handleSubmit(async (body) => {
    try {
      await versioned.save(body, loaded.values, loaded.version);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <Form.Group className="mb-3" controlId="organization-name">
        <Form.Label>Nome</Form.Label>
        <Form.Control isInvalid={!!errors.name} {...register('name')} />
        <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="organization-time-zone">
        <Form.Label>Fuso horário</Form.Label>
        <Form.Select
          isInvalid={!!errors.timeZone}
          aria-describedby="organization-time-zone-help"
          {...register('timeZone')}
        >
          {zones.map((z) => (
            <option key={z.id} value={z.id}>
              {z.label}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.timeZone?.message}</Form.Control.Feedback>
        <Form.Text id="organization-time-zone-help">
          As datas e horas de todas as telas, PDFs e relatórios, e o que conta como “hoje”, seguem este fuso.
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="organization-two-factor">
        <Form.Label>Verificação em duas etapas</Form.Label>
        <Form.Select
          isInvalid={!!errors.twoFactor}
          aria-describedby="organization-two-factor-help"
          {...register('twoFactor')}
        >
          {twoFactorPolicies.map((p) => (
            <option key={p} value={p}>
              {twoFactorPolicyLabels[p]}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.twoFactor?.message}</Form.Control.Feedback>
        <Form.Text id="organization-two-factor-help">
          Quando obrigatória, quem ainda não tem configura o aplicativo autenticador logo depois da senha, no próximo
          acesso.
        </Form.Text>
      </Form.Group>
      <FormActions isSubmitting={isSubmitting} />
      {versioned.screen}
    </Form>
  );
}
