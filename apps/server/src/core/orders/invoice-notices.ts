import { eq } from 'drizzle-orm';
import { formatDateTime } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import type { AuditActor } from '../audit/audit.ts';
import { notifyOrderWorkers, notifyUsers } from '../notify/notify.ts';

// What the technicians on an order are told (the bell, and their phones): the order given to them,
// their visit moved or called off, the order cancelled, a comment from the office. Each is written in
// the transaction of the change, never to the user who made it.

interface Order {
  id: number;
  number: number;
  organizationId: number;
}

const orderUrl = (id: number) => `/invoices/${id}/edit`;

/** '10/05/2030 às 14:30' in the organization's time zone. */
async function visitTime(tx: Tx, organizationId: number, at: Date) {
  const [org] = await tx
    .select({ timeZone: schema.organizations.timeZone })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  return formatDateTime(at, org?.timeZone).replace(', ', ' às ');
}

/** `userId` was put on the order (its invoice_workers row `lineId`): one notice per time they are put on it. */
export async function tellAssigned(
  tx: Tx,
  actor: AuditActor,
  order: Order & { scheduledAt: Date | null },
  lineId: number,
  userId: number,
) {
  const when = order.scheduledAt ? `, visita em ${await visitTime(tx, order.organizationId, order.scheduledAt)}` : '';
  await notifyUsers(
    tx,
    {
      organizationId: order.organizationId,
      sourceKey: `invoice-assigned:${order.id}:${lineId}`,
      title: `OS ${order.number} atribuída a você`,
      description: `Você foi incluído na Ordem de Serviço ${order.number}${when}.`,
      url: orderUrl(order.id),
    },
    [userId],
    actor.userId,
  );
}

/**
 * The order's visit got another time (`scheduledAt`) or none (called off). Keyed by the new time and the
 * moment of the change, so every move is news, even back to a time told before.
 */
export async function tellVisitMoved(
  tx: Tx,
  actor: AuditActor,
  order: Order,
  scheduledAt: Date | null,
  /** Technicians told otherwise (one just put on the order, whose notice names the time). */
  others: number[] = [],
) {
  const now = new Date();
  const event = scheduledAt
    ? {
        sourceKey: `visit-moved:${order.id}:${scheduledAt.toISOString()}:${now.toISOString()}`,
        title: `Visita da OS ${order.number} remarcada`,
        description: `A visita da Ordem de Serviço ${order.number} passou para ${await visitTime(tx, order.organizationId, scheduledAt)}.`,
      }
    : {
        sourceKey: `visit-unscheduled:${order.id}:${now.toISOString()}`,
        title: `Visita da OS ${order.number} desmarcada`,
        description: `A visita da Ordem de Serviço ${order.number} foi desmarcada e está sem data.`,
      };
  await notifyOrderWorkers(
    tx,
    { organizationId: order.organizationId, ...event, url: orderUrl(order.id), at: now },
    order.id,
    [actor.userId, ...others],
  );
}

/** The order was cancelled (`reason`: the cancelling status). */
export async function tellCanceled(tx: Tx, actor: AuditActor, order: Order, reason: string) {
  const now = new Date();
  await notifyOrderWorkers(
    tx,
    {
      organizationId: order.organizationId,
      sourceKey: `invoice-canceled:${order.id}:${now.toISOString()}`,
      title: `OS ${order.number} cancelada`,
      description: `A Ordem de Serviço ${order.number} foi cancelada. Motivo: ${reason}.`,
      url: orderUrl(order.id),
      at: now,
    },
    order.id,
    [actor.userId],
  );
}

/** The office (an admin) wrote comment `commentId` on the order: its technicians are told, not the author. */
export async function tellComment(
  tx: Tx,
  actor: AuditActor & { name: string },
  order: Order,
  commentId: number,
  comment: string,
) {
  const text = comment.length > 140 ? `${comment.slice(0, 139)}…` : comment;
  await notifyOrderWorkers(
    tx,
    {
      organizationId: order.organizationId,
      sourceKey: `invoice-comment:${commentId}`,
      title: `Comentário na OS ${order.number}`,
      description: `${actor.name}: ${text}`,
      url: orderUrl(order.id),
    },
    order.id,
    [actor.userId],
  );
}
