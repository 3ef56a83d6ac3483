import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form, InputGroup } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { fieldSettingsBody, messages, type FieldSettings } from '@ordem-certa/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const FIELD_SETTINGS_SAVED = 'Configurações de campo salvas';

const fieldSettingsKey = ['organization', 'field-settings'] as const;

/**
 * The organization's rules for the technicians' stamps (its managers): how far from the address an
 * arrival warns the office, how long positions are kept, and the speed the straight-line estimates use.
 */
export function FieldSettingsPage() {
  const orgPath = useOrgPath();
  const settings = useQuery({
    queryKey: fieldSettingsKey,
    queryFn: () => api.get<FieldSettings>(`${orgPath}/field/settings`),
  });
  return (
    <>
      <PageHeader title="Técnicos em campo" />
      <QueryState isPending={settings.isPending} error={settings.error}>
        {settings.data && <FieldSettingsForm settings={settings.data} />}
      </QueryState>
    </>
  );
}

const fields = [
  {
    name: 'arrivalWarningMeters',
    label: 'Distância para alertar a chegada',
    unit: 'm',
    help: 'Um “Cheguei” mais longe do endereço do que isso é marcado “Longe do endereço” e avisa o escritório.',
  },
  {
    name: 'averageSpeedKmh',
    label: 'Velocidade média',
    unit: 'km/h',
    help: 'Usada nas previsões de chegada e na rota do dia quando não há distâncias por estrada (linha reta).',
  },
  {
    name: 'retentionMonths',
    label: 'Guardar as localizações por',
    unit: 'meses',
    help: 'Depois disso, os registros ficam só com os horários, as distâncias e os km (LGPD).',
  },
] as const;

function FieldSettingsForm({ settings }: { settings: FieldSettings }) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(fieldSettingsBody), mode: 'onBlur', defaultValues: settings });
  const save = useMutation({
    mutationFn: (body: FieldSettings) => api.put<FieldSettings>(`${orgPath}/field/settings`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(fieldSettingsKey, saved);
      reset(saved);
      toast.success(FIELD_SETTINGS_SAVED);
    },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      {fields.map((f) => (
        <Form.Group key={f.name} className="mb-3" controlId={`field-${f.name}`}>
          <Form.Label>{f.label}</Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              type="number"
              inputMode="numeric"
              isInvalid={!!errors[f.name]}
              aria-describedby={`field-${f.name}-help`}
              {...register(f.name, { valueAsNumber: true })}
            />
            <InputGroup.Text>{f.unit}</InputGroup.Text>
            <Form.Control.Feedback type="invalid">{errors[f.name]?.message}</Form.Control.Feedback>
          </InputGroup>
          <Form.Text id={`field-${f.name}-help`}>{f.help}</Form.Text>
        </Form.Group>
      ))}
      <FormActions isSubmitting={isSubmitting} cancelTo="/organization" />
    </Form>
  );
}
