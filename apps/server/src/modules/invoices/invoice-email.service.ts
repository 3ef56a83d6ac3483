import { and, eq } from 'drizzle-orm';
import { paperworkMessages, pdfHiddenStates, signPath } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { conflict } from '../../lib/errors.ts';
import { escapeHtml, sanitizeRichText } from '../../lib/html.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { renderPdf } from '../../core/documents/pdf-pool.ts';
import {
  fillTemplate,
  invoiceEmailTable,
  listRecordEmails,
  sendRecordPdf,
  type EmailSender,
} from '../../core/records/email.ts';
import { recordChange, visibleInvoice, type Actor } from '../../core/orders/invoice-access.ts';
import { standingDanfse } from '../../core/documents/danfse.ts';
import { loadPdfData, type PdfLog } from './invoice-pdf.service.ts';
import { assertFound } from '../../core/access/access.ts';

const i = schema.invoices;

/**
 * The message of an order's e-mail: a greeting, the order attached (and the DANFSe of its NFS-e once
 * issued), the signing link while the order
 * is not validly signed, and the company's e-mail signature. The company's e-mail template is the
 * estimate's proposal text, so the order has words of its own.
 */
export async function invoiceEmailHtml(
  values: { number: number; customer: string; company: string },
  signUrl: string | null,
  companySignature: string | null,
  withDanfse = false,
) {
  const link = signUrl && escapeHtml(signUrl);
  return sanitizeRichText(
    [
      `<p>Olá, ${escapeHtml(values.customer)}.</p>`,
      `<p>Segue em anexo a ordem de serviço nº ${values.number} da ${escapeHtml(values.company)}${withDanfse ? ', com o DANFSe da nota fiscal de serviço' : ''}.</p>`,
      link ? `<p>Para conferir e assinar pelo celular, acesse: <a href="${link}">${link}</a></p>` : '',
      companySignature?.trim() ? fillTemplate(companySignature, values, true) : '',
    ].join(''),
  );
}

/**
 * POST invoices/{id}/email (admin): the order's PDF with values attached (with its standing NFS-e's
 * DANFSe), the signing link in the text
 * while it is not validly signed, journaled in the order's e-mail history and audited. Orders without
 * a document (draft, not started, canceled) cannot be sent: 409.
 */
export async function sendInvoiceEmail(
  deps: EmailSender & { db: Db; storage: FileStorage; log: PdfLog; appUrl: string },
  actor: Actor,
  id: number,
  to: string[],
) {
  const { db } = deps;
  const visible = await visibleInvoice(db, actor, id);
  if (pdfHiddenStates.includes(visible.state)) throw conflict(paperworkMessages.pdfUnavailable);
  const [row] = await db
    .select({ signToken: i.signToken, companyId: i.companyId })
    .from(i)
    .where(and(eq(i.id, id), eq(i.organizationId, actor.organizationId)));
  const { signToken, companyId } = assertFound(row);
  const data = await loadPdfData(
    db,
    deps.storage,
    actor.organizationId,
    id,
    { values: true, paperwork: true },
    deps.log,
  );
  const [company] = await db.select().from(schema.companies).where(eq(schema.companies.id, companyId));
  const values = { number: data.invoice.number, customer: data.customer.name, company: data.company.name };
  const validlySigned = !!data.signature && !data.signature.isOutdated;
  const signUrl = validlySigned ? null : `${deps.appUrl}${signPath(id, signToken)}`;
  const subject = `Ordem de serviço nº ${values.number}`;
  const pdf = await renderPdf({ kind: 'invoice', data });
  const danfse = await standingDanfse(db, actor.organizationId, id);
  const sent = await sendRecordPdf(deps, invoiceEmailTable, actor, id, company!, {
    to,
    subject,
    html: await invoiceEmailHtml(values, signUrl, company!.emailSignature, !!danfse),
    filename: `OS-${values.number}.pdf`,
    pdf,
    more: danfse ? [{ filename: danfse.fileName, pdf: danfse.pdf }] : [],
  });
  await db.transaction((tx) =>
    recordChange(tx, actor, id, 'update', [{ field: 'emails', before: null, after: { subject, to } }]),
  );
  return sent;
}

/** GET invoices/{id}/emails (admin): the order's e-mails, newest first. */
export async function listInvoiceEmails(db: Db, actor: Actor, id: number) {
  await visibleInvoice(db, actor, id);
  return listRecordEmails(db, invoiceEmailTable, id);
}
