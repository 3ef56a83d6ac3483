import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Tx } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { queueEmailFallback, type FailedMessage } from './fallback.ts';
import { classifyError } from './meta-errors.ts';

// The statuses Meta reports of a message it accepted: kept once per message and status, then applied to
// the message. A status can come before the sender has recorded Meta's id for the message (the webhook
// is fast); it waits in whatsapp_statuses and is applied when the id is recorded. Both sides take the
// same lock on the id, so neither misses the other.

const st = schema.whatsappStatuses;
const cm = schema.customerMessages;

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';
export interface ReportedStatus {
  waMessageId: string;
  status: DeliveryStatus;
  at: Date;
  errorCode: number | null;
  errorTitle: string | null;
  errorDetails: string | null;
}

/** Serializes the recording of an id with its statuses, within the transaction. */
export async function lockMessageId(tx: Tx, organizationId: number, waMessageId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`whatsapp:${organizationId}:${waMessageId}`}))`);
}

/** The order statuses move in: a later one never goes back (read, then a late 'delivered'). */
const ORDER = ['queued', 'accepted', 'sent', 'delivered', 'read'];

async function apply(tx: Tx, organizationId: number, s: ReportedStatus) {
  const ofMessage = and(eq(cm.organizationId, organizationId), eq(cm.waMessageId, s.waMessageId));
  if (s.status === 'failed') {
    const c = classifyError(s.errorCode, 0);
    const [failed] = await queryRows<FailedMessage & { channel: string }>(
      tx,
      sql`UPDATE customer_messages
             SET status = 'failed', failed_at = ${s.at.toISOString()}::timestamptz, error_code = ${s.errorCode},
                 error_title = ${[s.errorTitle, s.errorDetails].filter(Boolean).join(' — ').slice(0, 500) || null},
                 error_reason = ${c.reason}
           WHERE organization_id = ${organizationId} AND wa_message_id = ${s.waMessageId}
             AND status NOT IN ('failed', 'read')
       RETURNING id, organization_id, customer_id, invoice_id, estimate_id, event, template_name, body, channel`,
    );
    if (failed && c.outcome !== 'fail') await queueEmailFallback(tx, failed);
    return;
  }
  const later = ORDER.slice(ORDER.indexOf(s.status));
  const at = s.at.toISOString();
  await tx
    .update(cm)
    .set({
      status: s.status,
      sentAt: sql`coalesce(${cm.sentAt}, ${at}::timestamptz)`,
      ...(s.status !== 'sent' ? { deliveredAt: sql`coalesce(${cm.deliveredAt}, ${at}::timestamptz)` } : {}),
      ...(s.status === 'read' ? { readAt: sql`coalesce(${cm.readAt}, ${at}::timestamptz)` } : {}),
    })
    .where(
      and(
        ofMessage,
        sql`${cm.status} NOT IN (${sql.join(
          later.map((l) => sql`${l}`),
          sql`, `,
        )}, 'failed')`,
      ),
    );
}

/** A status from the webhook, recorded once (a repeat is a no-op) and applied. Returns whether it was new. */
export async function recordStatus(tx: Tx, organizationId: number, s: ReportedStatus): Promise<boolean> {
  await lockMessageId(tx, organizationId, s.waMessageId);
  const [inserted] = await tx
    .insert(st)
    .values({
      organizationId,
      waMessageId: s.waMessageId,
      status: s.status,
      at: s.at,
      errorCode: s.errorCode,
      errorTitle: s.errorTitle?.slice(0, 500) ?? null,
      errorDetails: s.errorDetails?.slice(0, 500) ?? null,
    })
    .onConflictDoNothing()
    .returning({ status: st.status });
  if (!inserted) return false;
  await apply(tx, organizationId, s);
  return true;
}

/** The statuses that came before the id was recorded, applied in the order they happened. */
export async function applyStoredStatuses(tx: Tx, organizationId: number, waMessageId: string) {
  const rows = await tx
    .select()
    .from(st)
    .where(and(eq(st.organizationId, organizationId), eq(st.waMessageId, waMessageId)))
    .orderBy(asc(st.at));
  for (const r of rows)
    await apply(tx, organizationId, {
      waMessageId,
      status: r.status as DeliveryStatus,
      at: r.at,
      errorCode: r.errorCode,
      errorTitle: r.errorTitle,
      errorDetails: r.errorDetails,
    });
}
