import { and, eq } from 'drizzle-orm';
import { schema, type Tx } from '@ordem-certa/db';
import { queueOrderEmail } from '../../core/records/queued-emails.ts';
import { escapeHtml } from '../../lib/html.ts';

// 'A caminho' tells the customer the technician is coming and when they should arrive: an e-mail of the
// order (its 'E-mails enviados'), queued in the stamp's transaction and sent by the job of queued order
// e-mails (and at once after the commit). The WhatsApp channel hears of the same stamp and sends its
// template when the organization has it connected and the customer agreed.

/** 'HH:mm' of `at` in `timeZone`. */
export const clockTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);

/** The sentence the customer reads. */
export const onTheWaySentence = (eta: string | null) =>
  eta ? `técnico a caminho, chega por volta de ${eta}` : 'técnico a caminho';

/** Queues the e-mail when the order's customer has an e-mail; nothing otherwise. */
export async function queueOnTheWayEmail(
  tx: Tx,
  p: { organizationId: number; invoiceId: number; technician: string; eta: Date | null },
) {
  const i = schema.invoices;
  const cu = schema.customers;
  const co = schema.companies;
  const [order] = await tx
    .select({
      number: i.number,
      customer: cu.name,
      email: cu.email,
      company: co.name,
      timeZone: schema.organizations.timeZone,
    })
    .from(i)
    .innerJoin(cu, and(eq(cu.organizationId, i.organizationId), eq(cu.id, i.customerId)))
    .innerJoin(co, and(eq(co.organizationId, i.organizationId), eq(co.id, i.companyId)))
    .innerJoin(schema.organizations, eq(schema.organizations.id, i.organizationId))
    .where(and(eq(i.id, p.invoiceId), eq(i.organizationId, p.organizationId)));
  const to = order?.email?.trim();
  if (!order || !to) return;
  const eta = p.eta ? clockTime(p.eta, order.timeZone) : null;
  const sentence = onTheWaySentence(eta);
  const html = [
    `<p>Olá, ${escapeHtml(order.customer)}.</p>`,
    `<p>Ordem de serviço nº ${order.number}: ${escapeHtml(sentence)}.</p>`,
    `<p>Quem vai atender: ${escapeHtml(p.technician)}.</p>`,
    `<p>${escapeHtml(order.company)}</p>`,
  ].join('');
  await queueOrderEmail(tx, {
    organizationId: p.organizationId,
    invoiceId: p.invoiceId,
    to,
    subject: `Técnico a caminho — OS nº ${order.number} — ${order.company}`,
    html,
  });
}
