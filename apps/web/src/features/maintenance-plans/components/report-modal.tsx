import { useEffect } from 'react';
import { Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { maintenanceReportBody, messages, paperworkMessages } from '@ordem-certa/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { ActionModal } from '../../../components/action-modal.tsx';
import { DateField } from '../../../components/date-field.tsx';
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
  const form = useContractForm(maintenanceReportBody, { mode: 'onBlur', defaultValues: period });
  const { handleSubmit, reset, setError } = form;
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

  return (
    <ActionModal
      {...{ show, onHide, onSubmit, isSubmitting: form.formState.isSubmitting }}
      title="Relatório PMOC"
      formId="pmoc-report-form"
      label="Abrir PDF"
    >
      <div className="row g-3">
        <DateField form={form} name="from" label="De" id="report-from" className="col-sm-6" />
        <DateField form={form} name="to" label="Até" id="report-to" className="col-sm-6" />
      </div>
      <Form.Text className="d-block mt-3">
        A edificação e os equipamentos, cada manutenção do período com a data em que foi feita, o técnico, os serviços e
        as respostas do checklist, e o engenheiro responsável com o registro e a ART.
      </Form.Text>
    </ActionModal>
  );
}
