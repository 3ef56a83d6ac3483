import { sql } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import type { Tx } from '@ordem-certa/db';
import { notifyHolders } from '../../core/notify/notify.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Received } from './inbound.ts';

// What a customer's answer does, in the transaction that recorded it: 'Confirmar' on a visit's message
// confirms that visit at that time (the agenda shows it); 'Remarcar' tells the office; any text rings
// the office's bell. A button about a time the visit no longer has, or a closed order, changes nothing.

const VISIT_ANSWER = /^visit:(\d+):(\d+):(confirm|reschedule)$/;

const orderUrl = (id: number) => `/invoices/${id}/edit`;

async function answerVisit(tx: Tx, r: Received, invoiceId: number, stamp: string, answer: string) {
  const [order] = await queryRows<{ number: number; customer: string }>(
    tx,
    sql`SELECT i.number, c.name AS customer FROM invoices i JOIN customers c ON c.id = i.customer_id
         WHERE i.id = ${invoiceId} AND i.organization_id = ${r.organizationId} AND i.customer_id = ${r.customerId}
           AND floor(extract(epoch FROM i.scheduled_at))::bigint = ${stamp}::bigint
           AND i.state NOT IN (${InvoiceState.Completed}, ${InvoiceState.Canceled})`,
  );
  if (!order) return;
  if (answer === 'confirm') {
    await tx.execute(
      sql`UPDATE invoices SET visit_confirmed_for = scheduled_at
           WHERE id = ${invoiceId} AND organization_id = ${r.organizationId}`,
    );
    return;
  }
  await notifyHolders(tx, 'invoice.schedule', {
    organizationId: r.organizationId,
    sourceKey: `whatsapp-reschedule:${r.messageId}`,
    title: `Remarcar a visita da OS ${order.number}`,
    description: `${order.customer} pediu pelo WhatsApp para remarcar a visita da Ordem de Serviço ${order.number}.`,
    url: orderUrl(invoiceId),
  });
}

export async function handleReply(tx: Tx, r: Received): Promise<void> {
  if (!r.customerId) return;
  const visit = r.buttonPayload ? VISIT_ANSWER.exec(r.buttonPayload) : null;
  if (visit) return answerVisit(tx, r, Number(visit[1]), visit[2]!, visit[3]!);
  if (!r.text) return;
  const [customer] = await queryRows<{ name: string }>(
    tx,
    sql`SELECT name FROM customers WHERE id = ${r.customerId} AND organization_id = ${r.organizationId}`,
  );
  const text = r.text.length > 200 ? `${r.text.slice(0, 199)}…` : r.text;
  await notifyHolders(tx, 'message.send', {
    organizationId: r.organizationId,
    sourceKey: `whatsapp-message:${r.messageId}`,
    title: `Mensagem de ${customer?.name ?? 'cliente'} no WhatsApp`,
    description: text,
    url: r.invoiceId ? orderUrl(r.invoiceId) : `/customers/${r.customerId}/edit`,
  });
}
