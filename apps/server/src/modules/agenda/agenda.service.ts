import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  agendaMessages,
  formatAddress,
  invoiceMessages,
  payrollMessages,
  type AgendaQuery,
  type AgendaVisit,
  type ListQuery,
  type MoveVisitBody,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { can } from '@ordem-certa/contracts';
import { listPage, searchWhere } from '../../lib/list.ts';
import { queryRows } from '../../lib/sql.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { assertOpen, lockInvoice, recordChange, type Actor } from '../../core/orders/invoice-access.ts';
import { tellAssigned, tellVisitMoved } from '../../core/orders/invoice-notices.ts';
import { tellCustomer } from '../../core/notify/customer-events.ts';

/**
 * The agenda: scheduled visits by day and technician. Days are the organization's calendar days (its
 * time zone); a visit lasts `duration_minutes`. A collaborator sees only visits of orders they work
 * on; cancelled orders are not on it. Moving a visit (and handing it to another technician) is the
 * admin's, on open orders, in one transaction with its audit line; overlaps are reported, not refused.
 */
const { invoices: i, invoiceWorkers: w } = schema;
const CANCELED = -100;
const COMPLETED = 20;

/** The order's technicians as JSON, for the order whose id is `invoiceId`. */
const workersOf = (invoiceId: SQL) => sql`COALESCE((
  SELECT json_agg(json_build_object('id', u.id, 'name', u.name) ORDER BY u.name)
  FROM invoice_workers iw JOIN users u ON u.id = iw.worker_id
  WHERE iw.invoice_id = ${invoiceId}), '[]'::json)`;
const workersJson = workersOf(sql`i.id`);

interface VisitRow {
  invoiceId: number;
  number: number;
  customerName: string;
  customerPhone: string | null;
  customerPhoneE164: string | null;
  scheduledAt: Date | string;
  durationMinutes: number;
  state: number;
  statusLabel: string;
  workers: Array<{ id: number; name: string }>;
  confirmed: boolean;
  street: string | null;
  streetNumber: number | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  uf: string | null;
  postalCode: string | null;
}

const visitColumns = sql`i.id AS "invoiceId", i.number, c.name AS "customerName", c.phone AS "customerPhone", c.phone_e164 AS "customerPhoneE164", i.scheduled_at AS "scheduledAt",
  i.duration_minutes AS "durationMinutes", i.state, s.label AS "statusLabel", ${workersJson} AS workers,
  a.address AS street, a.number AS "streetNumber", a.complement, a.neighborhood, a.city, a.state AS uf,
  a.postal_code AS "postalCode", coalesce(i.visit_confirmed_for = i.scheduled_at, false) AS confirmed`;
const visitJoins = sql`FROM invoices i
  JOIN customers c ON c.id = i.customer_id
  JOIN invoice_statuses s ON s.id = i.status_id
  LEFT JOIN addresses a ON a.id = i.address_id`;

const toVisit = (r: VisitRow): AgendaVisit => ({
  invoiceId: r.invoiceId,
  number: r.number,
  customerName: r.customerName,
  customerPhone: r.customerPhone,
  customerPhoneE164: r.customerPhoneE164,
  scheduledAt: new Date(r.scheduledAt).toISOString(),
  durationMinutes: r.durationMinutes,
  state: r.state,
  statusLabel: r.statusLabel,
  workers: r.workers,
  confirmed: r.confirmed,
  address: r.street
    ? formatAddress({
        address: r.street,
        number: r.streetNumber,
        complement: r.complement,
        neighborhood: r.neighborhood,
        city: r.city,
        state: r.uf,
        postalCode: r.postalCode,
      } as Parameters<typeof formatAddress>[0])
    : null,
});

/** Orders the viewer may see: all for an admin, those they work on for a collaborator. */
const seenBy = (actor: Actor): SQL =>
  can(actor, 'invoice.seeAll')
    ? sql`TRUE`
    : sql`EXISTS (SELECT 1 FROM invoice_workers mw WHERE mw.invoice_id = i.id AND mw.worker_id = ${actor.userId})`;

/** GET agenda?from&to&worker: the visits that start on those days, in time order. */
export async function listAgenda(db: Db, actor: Actor, q: AgendaQuery) {
  const byWorker = q.worker
    ? sql`EXISTS (SELECT 1 FROM invoice_workers fw WHERE fw.invoice_id = i.id AND fw.worker_id = ${q.worker})`
    : sql`TRUE`;
  const rows = await queryRows<VisitRow>(
    db,
    sql`WITH tz AS (SELECT time_zone FROM organizations WHERE id = ${actor.organizationId})
      SELECT ${visitColumns} ${visitJoins}, tz
      WHERE i.organization_id = ${actor.organizationId}
        AND i.scheduled_at >= (${q.from}::date)::timestamp AT TIME ZONE tz.time_zone
        AND i.scheduled_at < (${q.to}::date + 1)::timestamp AT TIME ZONE tz.time_zone
        AND i.state <> ${CANCELED}
        AND ${seenBy(actor)} AND ${byWorker}
      ORDER BY i.scheduled_at, i.number
      LIMIT 2000`,
  );
  return { data: rows.map(toVisit) };
}

/** GET agenda/unscheduled: open orders with no visit yet, to drag onto the agenda. */
export async function listUnscheduled(db: Db, actor: Actor, q: ListQuery) {
  const c = schema.customers;
  const term = q.q?.trim();
  // The customer's name through a sub-select, so the count needs no join.
  const where = and(
    eq(i.organizationId, actor.organizationId),
    sql`${i.scheduledAt} IS NULL`,
    sql`${i.state} NOT IN (${COMPLETED}, ${CANCELED})`,
    term
      ? sql`(${i.customerId} IN (SELECT ${c.id} FROM ${c} WHERE ${c.organizationId} = ${actor.organizationId}
          AND ${searchWhere(term, [c.name])}) OR ${i.number}::text = ${term.replace(/\D/g, '') || '-'})`
      : undefined,
  );
  return listPage(
    q,
    db
      .select({
        invoiceId: i.id,
        number: i.number,
        customerName: c.name,
        statusLabel: schema.invoiceStatuses.label,
        workers: sql<Array<{ id: number; name: string }>>`${workersOf(sql`${i.id}`)}`,
      })
      .from(i)
      .innerJoin(c, eq(c.id, i.customerId))
      .innerJoin(schema.invoiceStatuses, eq(schema.invoiceStatuses.id, i.statusId))
      .where(where)
      .orderBy(sql`${i.number} DESC`)
      .limit(q.take)
      .offset(q.skip),
    () =>
      db.$count(
        i,
        term
          ? sql`${i.id} IN (SELECT i.id FROM invoices i JOIN customers ${c} ON ${c.id} = i.customer_id WHERE ${where})`
          : where,
      ),
  );
}

async function visitOf(tx: Db | Tx, id: number) {
  const [row] = await queryRows<VisitRow>(tx, sql`SELECT ${visitColumns} ${visitJoins} WHERE i.id = ${id}`);
  return toVisit(row!);
}

/** PUT agenda/{invoiceId}: the visit at another time (length), and with `to`, with another technician. */
export async function moveVisit(db: Db, actor: Actor, id: number, body: MoveVisitBody) {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertOpen(row);
    const changes = [];
    const scheduledAt = new Date(body.scheduledAt);
    const durationMinutes = body.durationMinutes ?? row.durationMinutes;
    if (row.scheduledAt?.getTime() !== scheduledAt.getTime())
      changes.push({
        field: 'scheduledAt',
        before: row.scheduledAt?.toISOString() ?? null,
        after: scheduledAt.toISOString(),
      });
    if (row.durationMinutes !== durationMinutes)
      changes.push({ field: 'durationMinutes', before: row.durationMinutes, after: durationMinutes });
    const joined =
      body.to !== undefined && body.to !== body.from ? await handOver(tx, actor, id, body.from, body.to) : null;
    if (joined) changes.push(...joined.changes);
    if (changes.length) {
      await tx.update(i).set({ scheduledAt, durationMinutes }).where(eq(i.id, id));
      await recordChange(tx, actor, id, 'update', changes);
    }
    // The technician put on the order is told once, with the time; the others that their visit moved.
    if (joined?.lineId) await tellAssigned(tx, actor, { ...row, scheduledAt }, joined.lineId, body.to!);
    if (row.scheduledAt?.getTime() !== scheduledAt.getTime()) {
      await tellVisitMoved(tx, actor, row, scheduledAt, joined?.lineId ? [body.to!] : []);
      await tellCustomer(tx, row.organizationId, { event: 'visitScheduled', invoiceId: id });
    }
    const visit = await visitOf(tx, id);
    return { visit, overlaps: await overlapsOf(tx, visit) };
  });
}

/** `from` leaves the order (unless paid or in a payroll, as on the order screen) and `to` joins it. */
async function handOver(tx: Tx, actor: Actor, id: number, from: number | undefined, to: number) {
  const u = schema.users;
  const [joining] = await tx
    .select({ id: u.id, name: u.name })
    .from(u)
    .where(and(eq(u.id, to), eq(u.organizationId, actor.organizationId), eq(u.isActive, true)));
  if (!joining) throw invalid({ to: agendaMessages.workerInvalid });
  const changes = [];
  if (from !== undefined) {
    const [leaving] = await tx
      .select({ id: w.id, paidAt: w.paidAt, name: u.name })
      .from(w)
      .innerJoin(u, eq(u.id, w.workerId))
      .where(and(eq(w.invoiceId, id), eq(w.workerId, from)));
    if (!leaving) throw invalid({ from: agendaMessages.workerNotOnOrder });
    if (leaving.paidAt) throw conflict(invoiceMessages.workerAlreadyPaid);
    if (await tx.$count(schema.payrollLines, eq(schema.payrollLines.invoiceWorkerId, leaving.id)))
      throw conflict(payrollMessages.workerInPayroll);
    await tx.delete(w).where(eq(w.id, leaving.id));
    changes.push({ field: 'workers', before: leaving.name, after: null });
  }
  const [added] = await tx
    .insert(w)
    .values({ organizationId: actor.organizationId, invoiceId: id, workerId: to })
    .onConflictDoNothing()
    .returning({ id: w.id });
  if (added) changes.push({ field: 'workers', before: null, after: joining.name });
  return { changes, lineId: added?.id };
}

/** Other open visits of the same technicians that share some minutes with this one. */
async function overlapsOf(tx: Tx, visit: AgendaVisit) {
  if (!visit.workers.length) return [];
  const ids = visit.workers.map((x) => x.id);
  return queryRows<{ invoiceId: number; number: number; workerName: string }>(
    tx,
    sql`SELECT DISTINCT o.id AS "invoiceId", o.number, u.name AS "workerName"
      FROM invoices o
      JOIN invoice_workers ow ON ow.invoice_id = o.id
      JOIN users u ON u.id = ow.worker_id
      WHERE ow.worker_id IN (${sql.join(
        ids.map((x) => sql`${x}`),
        sql`, `,
      )})
        AND o.id <> ${visit.invoiceId}
        AND o.state <> ${CANCELED}
        AND o.scheduled_at < ${visit.scheduledAt}::timestamptz + make_interval(mins => ${visit.durationMinutes})
        AND o.scheduled_at + make_interval(mins => o.duration_minutes) > ${visit.scheduledAt}::timestamptz
      ORDER BY o.number`,
  );
}
