import { useEffect } from 'react';
import { Form } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { toast } from 'react-toastify';
import { maintenanceReportBody, messages, paperworkMessages } from '@ordem-certa/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { DateInput } from '../../../components/date-input.tsx';
import { ModalFormFooter } from '../../../components/modal-form-footer.tsx';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { requestReport } from '../api/request-report.ts';

/**
 * 'Relatório PMOC': the period (at most 366 days), then the PDF in a new tab. The tab is opened at the
 * click (one opened after an await is taken for a pop-up and blocked) and sent to the short-lived link.
 */
export function ReportModal({
  planId,
  show,
  period,
  onHide,
}: {
  planId: number;
  show: boolean;
  period: { from: string; to: string };
  onHide(): void;
}) {
  const orgPath = useOrgPath();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useContractForm(maintenanceReportBody, { mode: 'onBlur', defaultValues: period });
  useEffect(() => {
    if (show) reset(period);
  }, [show, reset, period]);

  const onSubmit = handleSubmit(async (body) => {
    const tab = window.open('', '_blank');
    if (!tab) {
      toast.error(paperworkMessages.popupBlocked);
      return;
    }
    tab.document.title = 'Gerando o relatório…';
    tab.document.body.textContent = 'Gerando o relatório…';
    try {
      const { url } = await requestReport(orgPath, planId, body);
      tab.location.href = url;
      onHide();
    } catch (err) {
      tab.close();
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  const dateField = (name: 'from' | 'to', label: string) => (
    <Form.Group className="col-sm-6" controlId={`report-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DateInput
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors[name]?.message}
          />
        )}
      />
    </Form.Group>
  );

  return (
    <AppModal
      show={show}
      onHide={onHide}
      title="Relatório PMOC"
      footer={
        <ModalFormFooter formId="pmoc-report-form" onCancel={onHide} isSubmitting={isSubmitting} label="Abrir PDF" />
      }
    >
      <Form id="pmoc-report-form" noValidate onSubmit={onSubmit}>
        <div className="row g-3">
          {dateField('from', 'De')}
          {dateField('to', 'Até')}
        </div>
        <Form.Text className="d-block mt-3">
          A edificação e os equipamentos, cada manutenção do período com a data em que foi feita, o técnico, os serviços
          e as respostas do checklist, e o engenheiro responsável com o registro e a ART.
        </Form.Text>
      </Form>
    </AppModal>
  );
}
