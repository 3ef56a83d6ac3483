import { and, eq } from 'drizzle-orm';
import { formatMoney, fromCents } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { brDate } from '../../core/payments/payments.ts';
import { queueOrderEmail, sendQueuedOrderEmails } from '../../core/records/queued-emails.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PixContext } from './pix-psp.service.ts';

// The customer's receipt of a Pix that paid (part of) an order: queued in the transaction that records
// the payment, as a row of the order's 'E-mails enviados' waiting with its HTML, and sent by the charge
// job through the shared sender of queued order e-mails, which journals the outcome.

const i = schema.invoices;
const cu = schema.customers;
const co = schema.companies;

/** Queues the receipt in `tx` when the order's customer has an e-mail; nothing otherwise. */
export async function queueReceipt(
  tx: Tx,
  p: { organizationId: number; invoiceId: number; amountCents: number; paidAt: string; endToEndId: string },
) {
  const [order] = await tx
    .select({ number: i.number, customer: cu.name, email: cu.email, company: co.name, isPaid: i.isPaid })
    .from(i)
    .innerJoin(cu, eq(cu.id, i.customerId))
    .innerJoin(co, eq(co.id, i.companyId))
    .where(and(eq(i.id, p.invoiceId), eq(i.organizationId, p.organizationId)));
  const to = order?.email?.trim();
  if (!order || !to) return;
  const amount = escapeHtml(formatMoney(fromCents(p.amountCents)));
  const html = [
    `<p>Olá, ${escapeHtml(order.customer)}.</p>`,
    `<p>Recebemos o seu Pix de <strong>${amount}</strong> em ${brDate(p.paidAt)}, referente à ordem de serviço nº ${order.number}.`,
    order.isPaid ? ' A ordem está paga.</p>' : '</p>',
    `<p>Identificação do Pix: ${escapeHtml(p.endToEndId)}</p>`,
    `<p>Obrigado,<br>${escapeHtml(order.company)}</p>`,
  ].join('');
  await queueOrderEmail(tx, {
    organizationId: p.organizationId,
    invoiceId: p.invoiceId,
    to,
    subject: `Recibo do seu Pix — OS nº ${order.number} — ${order.company}`,
    html,
  });
}

/** Sends the queued e-mails of orders, receipts among them (the shared sender: one send per row). */
export const sendQueuedReceipts = (ctx: PixContext, mail: { mailer: Mailer; mailFrom: string | undefined }) =>
  sendQueuedOrderEmails(ctx.db, ctx.log, mail);
