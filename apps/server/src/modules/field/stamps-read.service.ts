import { and, asc, eq, sql } from 'drizzle-orm';
import {
  InvoiceState,
  spanSeconds,
  statusAfter,
  travelSpans,
  workedSpans,
  type FieldStatus,
  type StampsResponse,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import type { Actor } from '../../core/access/access.ts';
import { assertFound } from '../../core/access/access.ts';
import { visibleTo } from '../../core/orders/invoice-access.ts';
import { queryRows } from '../../lib/sql.ts';
import { jobPlace } from './field-places.ts';
import { selectStamps, stampOut } from './stamps.service.ts';

// What the office (and the technician) read of the stamps: an order's timeline with its sums, and each
// technician's status now.

const st = schema.fieldStamps;

/** A status older than this is not "now": the technician counts as free. */
const STALE_MS = 16 * 3_600_000;

/** GET invoices/{id}/stamps: the stamps by the phone's time; time on the job per technician, summed. */
export async function orderStamps(db: Db, actor: Actor, invoiceId: number): Promise<StampsResponse> {
  const i = schema.invoices;
  const [order] = await db
    .select({ state: i.state, finishedAt: i.finishedAt })
    .from(i)
    .where(and(eq(i.id, invoiceId), visibleTo(actor)));
  const { state, finishedAt } = assertFound(order);
  const rows = await selectStamps(db)
    .where(and(eq(st.organizationId, actor.organizationId), eq(st.invoiceId, invoiceId)))
    .orderBy(asc(st.deviceAt), asc(st.id));
  const completed = state === InvoiceState.Completed;
  const byUser = new Map<number, typeof rows>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  let worked = 0;
  let travel = 0;
  for (const own of byUser.values()) {
    worked += spanSeconds(workedSpans(own, { completedAt: completed ? finishedAt : null }));
    travel += spanSeconds(travelSpans(own));
  }
  return {
    data: rows.map(stampOut),
    place: await jobPlace(db, actor.organizationId, invoiceId),
    summary: {
      workedSeconds: Math.round(worked),
      travelSeconds: Math.round(travel),
      routeMeters: rows.reduce((sum, r) => sum + (r.routeMeters ?? 0), 0),
      status: statusAfter(rows, completed),
      warnings: rows.filter((r) => r.distanceWarning).length,
    },
  };
}

/** GET field/status: every active user who has stamped, with the status their latest stamp leaves them in. */
export async function fieldStatusNow(db: Db, organizationId: number) {
  const rows = await queryRows<{
    user_id: number;
    name: string;
    kind: string | null;
    device_at: Date | string | null;
    invoice_id: number | null;
    number: number | null;
    state: number | null;
  }>(
    db,
    sql`SELECT u.id AS user_id, u.name, s.kind, s.device_at, s.invoice_id, i.number, i.state
          FROM users u
          JOIN LATERAL (SELECT * FROM field_stamps f
                         WHERE f.organization_id = u.organization_id AND f.user_id = u.id
                         ORDER BY f.device_at DESC, f.id DESC LIMIT 1) s ON true
          JOIN invoices i ON i.organization_id = s.organization_id AND i.id = s.invoice_id
         WHERE u.organization_id = ${organizationId} AND u.is_active
         ORDER BY u.name, u.id`,
  );
  const now = Date.now();
  return {
    data: rows.map((r) => {
      const at = r.device_at ? new Date(r.device_at) : null;
      const fresh = at !== null && now - at.getTime() < STALE_MS;
      const status: FieldStatus =
        fresh && r.kind
          ? statusAfter([{ kind: r.kind as never, deviceAt: at }], Number(r.state) === InvoiceState.Completed)
          : 'free';
      return {
        userId: Number(r.user_id),
        name: r.name,
        status,
        invoiceId: status === 'free' ? null : Number(r.invoice_id),
        invoiceNumber: status === 'free' ? null : Number(r.number),
        since: at?.toISOString() ?? null,
      };
    }),
  };
}
