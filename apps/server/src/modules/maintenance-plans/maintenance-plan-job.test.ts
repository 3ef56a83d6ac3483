import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, occurrenceDate } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createSecondInstance, perFile } from '../../../test/helpers.ts';
import { planWorld } from '../../../test/maintenance-plan-fixtures.ts';
import { processDuePlans } from './maintenance-plan-job.ts';

// The job that makes the orders of the plans' visits as they come due, exactly once per visit, also
// with two runs (or two server instances) at once.
const t = perFile({ world: planWorld });

/** Runs the job until it finds nothing more due; returns how many plans it handled. */
async function drain(db = t.ctx.database.db, batch?: number) {
  let total = 0;
  for (;;) {
    const { claimed, failed } = await processDuePlans(db, { batch });
    expect(failed).toBe(0);
    if (!claimed) return total;
    total += claimed;
  }
}

/** The visits of a monthly plan whose orders are due by today (in its lead days), as 'plan date'. */
function dueVisits(plan: { id: number; startDate: string; leadDays: number }) {
  const visits = [];
  for (
    let k = 0, d = plan.startDate;
    d <= addDays(t.world.today, plan.leadDays);
    d = occurrenceDate(plan.startDate, 'monthly', ++k)
  )
    visits.push(`${plan.id} ${d}`);
  return visits;
}

/** Every plan's orders, grouped by visit: each visit must have exactly one. */
async function visitsOf(planIds: number[]) {
  const i = schema.invoices;
  const rows = await t.ctx.database.db
    .select({ planId: i.maintenancePlanId, date: i.maintenanceDate })
    .from(i)
    .where(inArray(i.maintenancePlanId, planIds));
  const count = new Map<string, number>();
  for (const r of rows) count.set(`${r.planId} ${r.date}`, (count.get(`${r.planId} ${r.date}`) ?? 0) + 1);
  return { rows, count };
}

describe('the maintenance plan job', () => {
  it('makes a visit’s order lead days ahead, not before, and once', async () => {
    const soon = await t.world.createPlan({ startDate: addDays(t.world.today, 10), leadDays: 15 });
    const later = await t.world.createPlan({ startDate: addDays(t.world.today, 30), leadDays: 15 });
    const exact = await t.world.createPlan({ startDate: addDays(t.world.today, 15), leadDays: 15 });
    await drain();
    expect((await t.world.ordersOf(soon.id)).map((o) => o.date)).toEqual([soon.startDate]);
    expect(await t.world.ordersOf(later.id)).toEqual([]);
    expect((await t.world.ordersOf(exact.id)).map((o) => o.date)).toEqual([exact.startDate]);
    // Run again: nothing more is due.
    expect((await processDuePlans(t.ctx.database.db)).claimed).toBe(0);
    expect(await t.world.ordersOf(soon.id)).toHaveLength(1);
    // The plan moved on to its next visit.
    expect((await t.world.plans('GET', `/${soon.id}`)).json().nextDate).toBe(
      occurrenceDate(soon.startDate, 'monthly', 1),
    );
    // The job made the order with no user: the trail says so and names the plan.
    const [order] = await t.world.ordersOf(soon.id);
    const trail = await t.world.auditOf(order!.id);
    expect(trail[0]).toMatchObject({ action: 'create', userId: null });
    expect(trail[0]!.data).toContainEqual({ field: 'maintenancePlan', before: null, after: soon.id });
    const detail = (await t.world.admin('GET', `/${order!.id}`)).json();
    expect(detail).toMatchObject({ maintenancePlanId: soon.id, invoiceWorkers: [{ workerId: t.org.worker.id }] });
  });

  it('catches up on visits already past (a plan started back), and skips ended plans', async () => {
    const back = await t.world.createPlan({
      startDate: addDays(t.world.today, -70),
      frequency: 'monthly',
      leadDays: 0,
    });
    const ended = await t.world.createPlan({ startDate: addDays(t.world.today, -70) });
    await t.world.plans('POST', `/${ended.id}/end`);
    await drain();
    const dates = (await t.world.ordersOf(back.id)).map((o) => o.date);
    expect(dates.length).toBeGreaterThanOrEqual(3);
    expect(dates.every((d) => d! <= t.world.today)).toBe(true);
    expect(dates[0]).toBe(back.startDate);
    expect(await t.world.ordersOf(ended.id)).toEqual([]);
  });

  it('two runs at once make each visit’s order exactly once', async () => {
    const plans = [];
    for (let n = 0; n < 6; n++)
      plans.push(await t.world.createPlan({ startDate: addDays(t.world.today, -35 + n), leadDays: 15 }));
    const ids = plans.map((p) => p.id);
    const [a, b] = await Promise.all([drain(t.ctx.database.db, 2), drain(t.ctx.database.db, 2)]);
    expect(a + b).toBeGreaterThanOrEqual(6);
    const { rows, count } = await visitsOf(ids);
    const expected = plans.flatMap(dueVisits);
    expect(expected.length).toBeGreaterThan(plans.length);
    expect([...count.keys()].sort()).toEqual(expected.sort());
    expect([...count.values()].every((n) => n === 1)).toBe(true);
    expect(rows).toHaveLength(expected.length);
  });

  it('the database refuses a second order for the same visit', async () => {
    const plan = await t.world.createPlan({ startDate: addDays(t.world.today, 1) });
    await drain();
    const [order] = await t.world.ordersOf(plan.id);
    const copy = t.ctx.database.db.execute(
      sql`INSERT INTO invoices (organization_id, number, company_id, customer_id, transaction_nature_id, status_id, state,
                                maintenance_plan_id, maintenance_date)
          SELECT organization_id, number + 100000, company_id, customer_id, transaction_nature_id, status_id, state,
                 maintenance_plan_id, maintenance_date FROM invoices WHERE id = ${order!.id}`,
    );
    await expect(copy).rejects.toThrow();
  });

  it('a plan that fails is rolled back alone; the others in the batch get their orders', async () => {
    const db = t.ctx.database.db;
    const org = t.org.organization.id;
    const [dear] = await db
      .insert(schema.services)
      .values({ organizationId: org, name: 'Retrofit completo', priceCents: 9_000_000_000 })
      .returning();
    const broken = await t.world.createPlan({
      startDate: addDays(t.world.today, 2),
      services: [{ service: dear!.id, quantity: 2 }],
    });
    const fine = await t.world.createPlan({ startDate: addDays(t.world.today, 2) });
    const errors: unknown[] = [];
    const log = { error: (obj: unknown) => errors.push(obj) } as never;
    const run = await processDuePlans(db, { log });
    expect(run.failed).toBe(1);
    expect(errors).toHaveLength(1);
    expect(await t.world.ordersOf(broken.id)).toEqual([]);
    expect(await t.world.ordersOf(fine.id)).toHaveLength(1);
    // The failed plan is still due: the next tick tries it again.
    const [row] = await db
      .select({ nextIndex: schema.maintenancePlans.nextIndex })
      .from(schema.maintenancePlans)
      .where(eq(schema.maintenancePlans.id, broken.id));
    expect(row!.nextIndex).toBe(0);
    await db
      .update(schema.maintenancePlans)
      .set({ endedAt: new Date() })
      .where(eq(schema.maintenancePlans.id, broken.id));
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server instances over one PostgreSQL', () => {
  it('a plan claimed by one run is skipped by the other, not waited for nor doubled', async () => {
    const plan = await t.world.createPlan({ startDate: addDays(t.world.today, 3) });
    const a = await createSecondInstance(t.ctx);
    const b = await createSecondInstance(t.ctx);
    try {
      let release!: () => void;
      let claimedByA!: (ids: number[]) => void;
      const held = new Promise<void>((r) => (release = r));
      const claimed = new Promise<number[]>((r) => (claimedByA = r));
      const runA = processDuePlans(a.database.db, {
        afterClaim: async (ids) => {
          claimedByA(ids);
          await held;
        },
      });
      expect(await claimed).toContain(plan.id);
      // While A holds the claim, B passes over the plan at once.
      const runB = await processDuePlans(b.database.db);
      expect(runB.claimed).toBe(0);
      release();
      expect((await runA).failed).toBe(0);
      expect(await t.world.ordersOf(plan.id)).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('two app instances running the job make each visit’s order once', async () => {
    const jobs = { reminderIntervalMs: 0, maintenancePlanIntervalMs: 20 };
    const a = await createSecondInstance(t.ctx, { jobs });
    const b = await createSecondInstance(t.ctx, { jobs });
    try {
      const plans = [];
      for (let n = 0; n < 12; n++)
        plans.push(await t.world.createPlan({ startDate: addDays(t.world.today, -20 - n), leadDays: 5 }));
      const ids = plans.map((p) => p.id);
      const deadline = Date.now() + 20_000;
      const p = schema.maintenancePlans;
      while (Date.now() < deadline) {
        const left = await t.ctx.database.db.$count(
          p,
          and(inArray(p.id, ids), sql`${p.nextDate} <= ${addDays(t.world.today, 5)}::date`),
        );
        if (left === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const { rows, count } = await visitsOf(ids);
      const expected = plans.flatMap(dueVisits);
      expect([...count.keys()].sort()).toEqual(expected.sort());
      expect(rows).toHaveLength(expected.length);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
