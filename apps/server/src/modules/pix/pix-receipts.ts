import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, fromCents } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { brDate } from '../../core/payments/payments.ts';
import { htmlToText } from '../../core/records/email.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { queryRows } from '../../lib/sql.ts';
import type { PixContext } from './pix-psp.service.ts';

// The customer's receipt of a Pix that paid (part of) an order: queued in the transaction that records
// the payment, as a row of the order's 'E-mails enviados' waiting with its HTML, and sent by the charge
// job, which journals the outcome (sent, written to the outbox, failed) as for any e-mail of the order.

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
  await tx.insert(schema.invoiceEmails).values({
    organizationId: p.organizationId,
    invoiceId: p.invoiceId,
    userId: null,
    subject: `Recibo do seu Pix — OS nº ${order.number} — ${order.company}`.slice(0, 300),
    recipients: [to],
    queuedHtml: html,
  });
}

interface Taken {
  id: number;
  invoice_id: number;
  subject: string;
  recipients: string[];
  html: string;
  company: string;
  company_email: string | null;
}

/**
 * Sends the queued receipts: each taken under its row lock (its HTML cleared, so no other instance sends
 * it; a crash mid-send leaves it 'queued', as a request's send does), sent from MAIL_FROM or the company's
 * e-mail, and its outcome journaled. Answers how many were taken.
 */
export async function sendQueuedReceipts(
  ctx: PixContext,
  mail: { mailer: Mailer; mailFrom: string | undefined },
): Promise<number> {
  const taken = await queryRows<Taken>(
    ctx.db,
    sql`
    WITH due AS (
      SELECT e.id, e.queued_html AS html FROM invoice_emails e
       WHERE e.queued_html IS NOT NULL
       ORDER BY e.id LIMIT 20
         FOR UPDATE SKIP LOCKED)
    UPDATE invoice_emails e SET queued_html = NULL
      FROM due, invoices i, companies c
     WHERE e.id = due.id AND i.organization_id = e.organization_id AND i.id = e.invoice_id
       AND c.organization_id = i.organization_id AND c.id = i.company_id
    RETURNING e.id, e.invoice_id, e.subject, e.recipients, due.html, c.name AS company, c.email AS company_email`,
  );
  for (const m of taken) {
    const from = mail.mailFrom ?? m.company_email ?? undefined;
    let outcome: { status: 'sent' | 'written' | 'failed'; messageId?: string; file?: string; error?: string };
    if (!from) outcome = { status: 'failed', error: 'Sem remetente: configure MAIL_FROM ou o e-mail da empresa' };
    else {
      try {
        const result = await mail.mailer.send({
          from: { name: m.company, address: from },
          replyTo: m.company_email ?? undefined,
          to: m.recipients,
          subject: m.subject,
          html: m.html,
          text: htmlToText(m.html),
          attachments: [],
        });
        outcome =
          result.status === 'sent'
            ? { status: 'sent', messageId: result.messageId }
            : { status: 'written', file: result.file };
      } catch (err) {
        outcome = { status: 'failed', error: err instanceof Error ? err.message.slice(0, 500) : String(err) };
      }
    }
    if (outcome.status === 'failed') ctx.log.warn({ invoiceId: m.invoice_id }, 'Pix receipt not sent');
    await ctx.db
      .update(schema.invoiceEmails)
      .set({
        status: outcome.status,
        messageId: outcome.messageId ?? null,
        outboxFile: outcome.file ?? null,
        error: outcome.error ?? null,
        finishedAt: new Date(),
      })
      .where(eq(schema.invoiceEmails.id, m.id));
  }
  return taken.length;
}
