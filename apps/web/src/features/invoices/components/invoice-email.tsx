import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { paperworkMessages, pdfHiddenStates, type InvoiceDetail } from '@ordem-certa/contracts';
import { EmailModal } from '../../../components/email/email-modal.tsx';
import { SentEmails } from '../../../components/email/sent-emails.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useInvoiceEmails, useSendInvoiceEmail } from '../api/emails.ts';

/**
 * 'Enviar por e-mail' (admins, while the order has a document): the PDF with values attached and,
 * while the order is not validly signed, the signing link in the message.
 */
export function InvoiceEmailButton({ invoice }: { invoice: InvoiceDetail }) {
  const [show, setShow] = useState(false);
  const send = useSendInvoiceEmail(invoice.id);
  if (pdfHiddenStates.includes(invoice.statusState)) return null;
  return (
    <>
      <Button variant="outline-secondary" onClick={() => setShow(true)}>
        Enviar por e-mail
      </Button>
      <EmailModal
        title={`Enviar ordem de serviço nº ${invoice.number} por e-mail`}
        customerEmail={invoice.customerEmail}
        show={show}
        onHide={() => setShow(false)}
        sending={{ send: send.mutateAsync, isPending: send.isPending, sentMessage: paperworkMessages.emailSent }}
      >
        A mensagem leva o PDF da ordem de serviço com valores em anexo
        {invoice.signUrl ? ' e o link para o cliente conferir e assinar pelo celular.' : '.'}
      </EmailModal>
    </>
  );
}

/** 'E-mails enviados' of the order (admins). */
export function InvoiceEmailsCard({ invoiceId }: { invoiceId: number }) {
  return (
    <SectionCard title="E-mails enviados">
      <SentEmails query={useInvoiceEmails(invoiceId)} />
    </SectionCard>
  );
}
