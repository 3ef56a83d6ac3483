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
  const send = (body: { until: string }) => generate.mutateAsync(body);
  const done = ({ data }: { data: unknown[] }) => msg.generated(data.length);
  const form = useActionForm(generateOccurrencesBody, { until: defaultUntil }, { show, onHide, send, done });
  return (
    <ActionModal {...form.modal} title="Gerar ordens de serviço" formId="generate-visits-form" label="Gerar">
      <DateField form={form} name="until" label="Gerar as manutenções até" id="generate-until" />
      <Form.Text className="d-block mt-3">
        Cada manutenção até essa data que ainda não tem ordem de serviço ganha uma, com os equipamentos, serviços,
        checklist e técnico do plano.
      </Form.Text>
    </ActionModal>
  );
}
