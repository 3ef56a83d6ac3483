import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type InvoiceStateChangeBody,
  checklistMessages,
  allowedInvoiceChanges,
  InvoiceState,
  invoiceMessages,
  invoiceStateLabels,
  nfseMessages,
  type InvoiceStateValue,
  can,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict, invalid } from '../../lib/errors.ts';
import type { AuditChange } from '../../core/audit/audit.ts';
import { notifyHolders } from '../../core/notify/notify.ts';
import { getInvoiceDetail } from './invoice-detail.service.ts';
import { lockInvoice, recordChange, systemComment, visibleTo, type Actor } from '../../core/orders/invoice-access.ts';
import { tellCanceled } from '../../core/orders/invoice-notices.ts';
import { assertFound } from '../../core/access/access.ts';
import { requiredUnanswered } from '../../core/orders/order-checklists.ts';
import { dropOpenInstallments } from '../../core/payments/payments.ts';
import { syncOrderStock } from '../../core/stock/stock.ts';
import { tellCustomer } from '../../core/notify/customer-events.ts';
import { assertVersion } from '../../core/records/versions.ts';

const i = schema.invoices;
const st = schema.invoiceStatuses;

/** GET invoices/{id}/allowed-changes: the states this actor may move the order to now. */
export async function allowedChanges(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({ state: i.state, isPaid: i.isPaid })
    .from(i)
    .where(and(eq(i.id, id), visibleTo(actor)));
  const { state, isPaid } = assertFound(row);
  const allowed = allowedInvoiceChanges(state as InvoiceStateValue, { viewer: actor, isPaid });
  if (state === InvoiceState.Completed && allowed.length && (await hasLiveNfse(db, id))) return { data: [] };
  return { data: allowed };
}

/** Whether the order has an NFS-e being sent or issued (then it is not reopened: its values were declared). */
async function hasLiveNfse(db: Db | Tx, invoiceId: number) {
  const n = schema.nfseDocuments;
  const [live] = await db
    .select({ id: n.id })
    .from(n)
    .where(and(eq(n.invoiceId, invoiceId), inArray(n.status, ['processing', 'issued'])))
    .limit(1);
  return !!live;
}

/** Blocked and Canceled carry a reason (a configured status of that state); the others have one fixed status. */
const needsReason = (to: InvoiceStateValue) => to === InvoiceState.Blocked || to === InvoiceState.Canceled;

async function targetStatus(tx: Tx, organizationId: number, to: InvoiceStateValue, statusId?: number) {
  if (needsReason(to)) {
    const [status] = statusId
      ? await tx
          .select({ id: st.id, label: st.label })
          .from(st)
          .where(and(eq(st.id, statusId), eq(st.organizationId, organizationId), eq(st.state, to)))
          // Shared lock: the reason cannot change state (invoice-statuses PUT) until this order is saved.
          .for('share')
      : [];
    if (!status) throw invalid({ statusId: invoiceMessages.wrongStatusState });
    return status;
  }
  const [status] = await tx
    .select({ id: st.id, label: st.label })
    .from(st)
    .where(and(eq(st.organizationId, organizationId), eq(st.state, to)))
    .orderBy(asc(st.id))
    .limit(1);
  if (!status) throw new Error(`organization ${organizationId} has no status of state ${to}`);
  return status;
}

/** 'Bloqueado (Aguardando peça)' for reasons, the label alone for the fixed states. */
const describe = (state: number, label: string) =>
  needsReason(state as InvoiceStateValue) ? `${invoiceStateLabels[state as InvoiceStateValue]} (${label})` : label;

/**
 * Moves an order to another state if allowedInvoiceChanges permits it: 409 with the server's message when the
 * change is not allowed for this actor now. Start sets startedAt once, Complete sets finishedAt,
 * reopening a Completed order clears it (and puts its products back in stock). Each change writes a System comment naming who, what and
 * the reason, and an audit line.
 */
export async function changeState(
  db: Db,
  actor: Actor,
  id: number,
  to: InvoiceStateValue,
  statusId?: number,
  body?: InvoiceStateChangeBody,
) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    // A screen that read an older version: refused with the state and status the order has now (the
    // screen moves again at once when those are still the ones it showed).
    assertVersion(body ?? {}, row, () => ({ statusState: row.state, statusId: row.statusId }));
    const status = await targetStatus(tx, actor.organizationId, to, statusId);
    const from = row.state as InvoiceStateValue;
    if (!allowedInvoiceChanges(from, { viewer: actor, isPaid: row.isPaid }).includes(to))
      throw conflict(invoiceMessages.notAllowed);
    // An order whose NFS-e is issued or being sent keeps the values it declared: the NFS-e is canceled first.
    if (from === InvoiceState.Completed && (await hasLiveNfse(tx, id))) throw conflict(nfseMessages.reopenWithNfse);
    // A job is done when its checklists' required items are answered.
    if (to === InvoiceState.Completed) {
      const missing = await requiredUnanswered(tx, id);
      if (missing.length) throw invalid({ checklists: checklistMessages.requiredMissing(missing) });
    }

    const [current] = await tx.select({ label: st.label }).from(st).where(eq(st.id, row.statusId));
    const now = new Date();
    const startedAt = to === InvoiceState.Wip ? (row.startedAt ?? now) : row.startedAt;
    const finishedAt = to === InvoiceState.Completed ? now : from === InvoiceState.Completed ? null : row.finishedAt;
    await tx.update(i).set({ statusId: status.id, state: to, startedAt, finishedAt }).where(eq(i.id, id));
    // The product lines leave the stock while the order is Completed, in this transaction.
    await syncOrderStock(tx, actor, row, to);

    const before = describe(from, current?.label ?? invoiceStateLabels[from]);
    const after = describe(to, status.label);
    const reason = needsReason(to) ? ` Motivo: ${status.label}.` : '';
    await systemComment(
      tx,
      actor,
      id,
      `${actor.name} alterou o status de ${invoiceStateLabels[from]} para ${invoiceStateLabels[to]}.${reason}`,
    );
    const changes: AuditChange[] = [{ field: 'status', before, after }];
    if (startedAt !== row.startedAt)
      changes.push({ field: 'startedAt', before: null, after: startedAt!.toISOString() });
    // A cancelled order has nothing more to receive: its open instalments go in this transaction.
    if (to === InvoiceState.Canceled) changes.push(...(await dropOpenInstallments(tx, actor.organizationId, id)));
    if (finishedAt !== row.finishedAt)
      changes.push({
        field: 'finishedAt',
        before: row.finishedAt?.toISOString() ?? null,
        after: finishedAt?.toISOString() ?? null,
      });
    await recordChange(tx, actor, id, 'update', changes);
    if (to === InvoiceState.Canceled) await tellCanceled(tx, actor, row, status.label);
    if (to === InvoiceState.Completed)
      await tellCustomer(tx, actor.organizationId, { event: 'orderCompleted', invoiceId: id });
    // A technician finishing a job tells the office, in this transaction; an admin who completes an
    // order is the office, so nobody is told. Keyed by the completion, so each one is told once, and a
    // job an admin reopened and the technician completes again is news again.
    if (to === InvoiceState.Completed && !can(actor, 'invoice.seeAll'))
      await notifyHolders(tx, 'invoice.seeAll', {
        organizationId: actor.organizationId,
        sourceKey: `invoice-completed:${id}:${finishedAt!.toISOString()}`,
        title: `OS ${row.number} concluída`,
        description: `${actor.name} concluiu a Ordem de Serviço ${row.number}.`,
        url: `/invoices/${id}/edit`,
        at: finishedAt!,
      });
  });
  return getInvoiceDetail(db, actor, id);
}
