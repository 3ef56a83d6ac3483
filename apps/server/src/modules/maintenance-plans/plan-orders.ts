// What the plan's screens and documents read alike: the plan itself and the orders of its visits.
import { and, asc, between, desc, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '@ordem-certa/db';
import { assertFound } from '../../core/access/access.ts';

const { maintenancePlans: p, invoices: i, invoiceStatuses: st } = schema;

/** The organization's plan `id`; 404 when it has none of that id. */
export async function findPlan(db: Db, organizationId: number, id: number) {
  const [found] = await db
    .select()
    .from(p)
    .where(and(eq(p.id, id), eq(p.organizationId, organizationId)));
  return assertFound(found);
}

/**
 * The orders of the plan's visits with their status, by visit date (oldest first, newest first with
 * `newestFirst`), only those of `period` (both dates inclusive) when one is given.
 */
export function planVisitOrders(
  db: Db,
  organizationId: number,
  id: number,
  { period, newestFirst = false }: { period?: { from: string; to: string }; newestFirst?: boolean } = {},
) {
  return db
    .select({
      id: i.id,
      number: i.number,
      date: i.maintenanceDate,
      state: i.state,
      statusLabel: st.label,
      finishedAt: i.finishedAt,
    })
    .from(i)
    .innerJoin(st, eq(st.id, i.statusId))
    .where(
      and(
        eq(i.organizationId, organizationId),
        eq(i.maintenancePlanId, id),
        period && between(i.maintenanceDate, period.from, period.to),
      ),
    )
    .orderBy(newestFirst ? desc(i.maintenanceDate) : asc(i.maintenanceDate));
}

/** Who worked on each of the visits' orders `ids`, by order, in the order they were added. */
export function visitWorkers(db: Db, ids: number[]) {
  const w = schema.invoiceWorkers;
  return db
    .select({ invoiceId: w.invoiceId, name: schema.users.name })
    .from(w)
    .innerJoin(schema.users, eq(schema.users.id, w.workerId))
    .where(inArray(w.invoiceId, ids))
    .orderBy(asc(w.id));
}
