import { useEffect } from 'react';
import { Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { generateOccurrencesBody, maintenancePlanMessages as msg, messages } from '@ordem-certa/contracts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { ModalFormFooter } from '../../../components/modal-form-footer.tsx';
import { useContractForm } from '../../../components/use-contract-form.ts';
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
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useContractForm(generateOccurrencesBody, { mode: 'onBlur', defaultValues: { until: defaultUntil } });
  useEffect(() => {
    if (show) reset({ until: defaultUntil });
  }, [show, reset, defaultUntil]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { data } = await generate.mutateAsync(body);
      toast.success(msg.generated(data.length));
      onHide();
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  return (
    <AppModal
      show={show}
      onHide={onHide}
      title="Gerar ordens de serviço"
      footer={
        <ModalFormFooter formId="generate-visits-form" onCancel={onHide} isSubmitting={isSubmitting} label="Gerar" />
      }
    >
      <Form id="generate-visits-form" noValidate onSubmit={onSubmit}>
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
      </Form>
    </AppModal>
  );
}
