import { EstimateStatus, estimateMessages, type EstimateDetail } from '@ordem-certa/contracts';
import { EmailModal } from '../../../components/email/email-modal.tsx';
import { useSendEmail } from '../api/emails.ts';

/** 'Enviar por e-mail' of an estimate: the company's e-mail template with the estimate PDF attached. */
export function EstimateEmailModal({
  estimate,
  show,
  onHide,
}: {
  estimate: EstimateDetail;
  show: boolean;
  onHide(): void;
}) {
  const send = useSendEmail(estimate.id);
  return (
    <EmailModal
      title={`Enviar orçamento nº ${estimate.number} por e-mail`}
      customerEmail={estimate.customerEmail}
      show={show}
      onHide={onHide}
      sending={{ send: send.mutateAsync, isPending: send.isPending, sentMessage: estimateMessages.sent }}
    >
      A mensagem usa o modelo de e-mail da empresa {estimate.companyName} e leva o PDF do orçamento em anexo.
      {estimate.status === EstimateStatus.Draft && (
        <strong className="d-block text-warning-emphasis mt-1">
          Este orçamento é um rascunho: o PDF vai marcado como RASCUNHO.
        </strong>
      )}
    </EmailModal>
  );
}
