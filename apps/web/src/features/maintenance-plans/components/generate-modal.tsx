import { Form } from 'react-bootstrap';
import { generateOccurrencesBody, maintenancePlanMessages as msg } from '@ordem-certa/contracts';
import { ActionModal, useActionForm } from '../../../components/action-modal.tsx';
import { useGenerateVisits } from '../api/generate-visits.ts';
import { DateField } from '../../../components/date-field.tsx';

/**
 * 'Gerar ordens de serviço': the orders of every visit up to a date, now, instead of waiting for the
 * job (each visit gets one order, whoever makes it first).
 */
export function GenerateModal({
  planId,
  show,
  defaultUntil,
  onHide,
}: {
  planId: number;
  show: boolean;
  defaultUntil: string;
  onHide(): void;
}) {
  const generate = useGenerateVisits(planId);
  const {
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useActionForm({
    schema: generateOccurrencesBody,
    show,
    values: { until: defaultUntil },
    send: (body) => generate.mutateAsync(body),
    done: ({ data }) => msg.generated(data.length),
    onHide,
  });

  return (
    <ActionModal
      show={show}
      onHide={onHide}
      title="Gerar ordens de serviço"
      formId="generate-visits-form"
      label="Gerar"
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
    >
      <DateField
        control={control}
        name="until"
        label="Gerar as manutenções até"
        controlId="generate-until"
        error={errors.until?.message}
      />
      <Form.Text className="d-block mt-3">
        Cada manutenção até essa data que ainda não tem ordem de serviço ganha uma, com os equipamentos, serviços,
        checklist e técnico do plano.
      </Form.Text>
    </ActionModal>
  );
}
