import type { Db, Tx } from '@ordem-certa/db';
import { committedTo } from '../../lib/after-commit.ts';

// What the customer is told of by the outside channels (WhatsApp, the request to rate a job). A feature says what happened, in the
// transaction that records it; the channel listening on that database decides whether anything goes
// (its switches, the customer's consent) and writes its message to the outbox in that same
// transaction, so the message is queued exactly when the write commits and never when it rolls back.

export type CustomerEvent =
  /** A link to the estimate was made: the customer can see and answer it. */
  | { event: 'estimateSent'; estimateId: number }
  /** An order's visit got a time (new or moved). */
  | { event: 'visitScheduled'; invoiceId: number }
  /** The technician set off to the order's job ('A caminho'): the stamp with the arrival estimate. */
  | { event: 'technicianOnTheWay'; invoiceId: number; stampId: number }
  /** An order was completed. */
  | { event: 'orderCompleted'; invoiceId: number }
  /** A payment was recorded on an order. */
  | { event: 'paymentReceived'; paymentId: number }
  /**
   * An access link to the customer's portal was made for the channels (not e-mail, which the portal
   * sends itself): the link's row, whose token the channel makes as it sends (core/portal/portal-links.ts).
   */
  | { event: 'portalAccess'; customerId: number; linkId: number }
  /** The office changed a service request's status (turned into an order or an estimate, or closed). */
  | { event: 'serviceRequestUpdated'; requestId: number };

export type CustomerEventListener = (tx: Tx, organizationId: number, event: CustomerEvent) => Promise<unknown>;

const listeners = new WeakMap<Db, Map<string, CustomerEventListener>>();

/**
 * `listener` hears of the customer events written through `db`, inside their transactions, as the
 * channel `channel` (WhatsApp, the rating request): one listener per channel and database object (the
 * latest app built on it), each heard in the order they started listening. The function returned
 * removes it.
 */
export function onCustomerEvents(db: Db, channel: string, listener: CustomerEventListener): () => void {
  const channels = listeners.get(db) ?? new Map<string, CustomerEventListener>();
  listeners.set(db, channels);
  channels.set(channel, listener);
  return () => {
    if (channels.get(channel) === listener) channels.delete(channel);
  };
}

/**
 * Tells the channels of `event`, in `tx` (the transaction of the write that caused it). Answers whether
 * a channel queued a message for it (a listener answering `{queued: id}`).
 */
export async function tellCustomer(tx: Tx, organizationId: number, event: CustomerEvent): Promise<boolean> {
  let queued = false;
  for (const listener of listeners.get(committedTo(tx))?.values() ?? []) {
    const answer = await listener(tx, organizationId, event);
    if (typeof answer === 'object' && answer !== null && 'queued' in answer) queued = true;
  }
  return queued;
}
