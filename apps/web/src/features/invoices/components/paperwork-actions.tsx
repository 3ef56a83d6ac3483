import { lazy, Suspense, useState } from 'react';
import { Button, Dropdown, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import {
  can,
  fillWhatsAppTemplate,
  InvoiceState,
  paperworkMessages,
  pdfHiddenStates,
  type InvoiceDetail,
} from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useViewer } from '../../../lib/auth.tsx';
import { AppModal } from '../../../components/app-modal.tsx';
import { useWhatsAppTemplate } from '../../../components/whatsapp/use-whatsapp-template.ts';
import { useRequestPdf } from '../api/request-pdf.ts';

// The phone rules behind the WhatsApp button are large and only admins send the link: loaded when shown.
const WhatsAppButton = lazy(() =>
  import('../../../components/whatsapp/whatsapp-button.tsx').then((m) => ({ default: m.WhatsAppButton })),
);

/**
 * Opens the PDF in a new tab. The tab is opened at the click (a tab opened after an await is taken
 * for a pop-up and blocked), then sent to the short-lived link once the server gives it.
 */
function usePdfOpener(invoiceId: number) {
  const request = useRequestPdf(invoiceId);
  return async (showValues: boolean) => {
    const tab = window.open('', '_blank');
    if (!tab) {
      toast.error(paperworkMessages.popupBlocked);
      return;
    }
    tab.document.title = 'Gerando o PDF…';
    tab.document.body.textContent = 'Gerando o PDF…';
    try {
      const { url } = await request.mutateAsync(showValues);
      tab.location.href = url;
    } catch (err) {
      tab.close();
      toastApiError(err, 'Não foi possível gerar o PDF. Tente novamente.');
    }
  };
}

/** PDF (hidden for Draft, Todo and Canceled): who sees prices chooses whether values are printed. */
export function PdfButton({ invoice, choosesValues }: { invoice: InvoiceDetail; choosesValues: boolean }) {
  const open = usePdfOpener(invoice.id);
  if (pdfHiddenStates.includes(invoice.statusState)) return null;
  if (!choosesValues) {
    return (
      <Button variant="outline-secondary" onClick={() => open(false)}>
        PDF
      </Button>
    );
  }
  return (
    <Dropdown>
      <Dropdown.Toggle variant="outline-secondary" id={`pdf-${invoice.id}`}>
        PDF
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as="button" onClick={() => open(true)}>
          PDF com valores
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={() => open(false)}>
          PDF sem valores
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** Copies text; falls back to a hidden textarea where the Clipboard API is missing (plain http on a LAN). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/**
 * The signing link sent to the customer's mobile on WhatsApp, in the company's message: for who sends
 * orders to the customer and reads the companies (the template is the company's). Should the template
 * not load, the default message is sent.
 */
function SendSignLink({ invoice, link }: { invoice: InvoiceDetail; link: string }) {
  const template = useWhatsAppTemplate(invoice.companyId);
  const message = template.isPending
    ? undefined
    : fillWhatsAppTemplate(template.data?.template, {
        number: invoice.number,
        customer: invoice.customerName,
        company: invoice.companyName,
        link,
      });
  return (
    <Suspense
      fallback={
        <Button variant="outline-success" disabled>
          Enviar pelo WhatsApp
        </Button>
      }
    >
      <WhatsAppButton phone={invoice.customerPhone} phoneE164={invoice.customerPhoneE164} message={message} />
    </Suspense>
  );
}

/**
 * While the order is not validly signed (never, or outdated): 'Assinar' opens the signing page here,
 * to hand the phone to the customer, and comes back; 'Link de assinatura' copies the public link to
 * send it, and who sends orders to the customer may send it on WhatsApp. A Canceled order cannot be signed.
 */
export function SignActions({ invoice }: { invoice: InvoiceDetail }) {
  const [manual, setManual] = useState<string | null>(null);
  const viewer = useViewer();
  if (!invoice.signUrl || invoice.statusState === InvoiceState.Canceled) return null;
  // Collecting the signature is for who works or sends the order, not for who only reads it.
  if (!can(viewer, 'invoice.work') && !can(viewer, 'invoice.send')) return null;
  const back = encodeURIComponent(`/invoices/${invoice.id}/edit`);
  const link = `${window.location.origin}${invoice.signUrl}`;
  return (
    <>
      <Link
        className="btn btn-primary d-inline-flex align-items-center justify-content-center"
        to={`${invoice.signUrl}&redirectUrl=${back}`}
      >
        Assinar
      </Link>
      <Button
        variant="outline-primary"
        onClick={async () => {
          if (await copyText(link)) toast.success(paperworkMessages.linkCopied);
          else setManual(link);
        }}
      >
        Link de assinatura
      </Button>
      {can(viewer, 'invoice.send') && can(viewer, 'company.see') && <SendSignLink invoice={invoice} link={link} />}
      <AppModal show={!!manual} onHide={() => setManual(null)} title="Link de assinatura">
        <Form.Label htmlFor="sign-link-text">Copie o link e envie ao cliente:</Form.Label>
        <Form.Control id="sign-link-text" readOnly value={manual ?? ''} onFocus={(e) => e.target.select()} autoFocus />
      </AppModal>
    </>
  );
}
