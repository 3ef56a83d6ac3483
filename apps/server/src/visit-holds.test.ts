import { describe, expect, it } from 'vitest';
import { addDays } from '@ordem-certa/contracts';
import { perFile } from '../test/helpers.ts';
import { contractWorld } from '../test/contract-fixtures.ts';
import { billDueContracts } from './modules/contracts/contract-billing.ts';
import { processDuePlans } from './modules/maintenance-plans/maintenance-plan-job.ts';

// Two features meet here: a maintenance contract that holds visits, while one of its charges is late
// longer than it says, keeps the plans' job from making the covered plans' next orders.
const t = perFile({ world: contractWorld });
const db = () => t.ctx.database.db;

describe('visits held by a late contract', () => {
  it('a contract late past its days holds the covered plan’s visits until the charge is received', async () => {
    const plan = await t.world.createPlan({ startDate: addDays(t.world.today, 2), leadDays: 5 });
    const free = await t.world.createPlan({ startDate: addDays(t.world.today, 2), leadDays: 5 });
    const start = addDays(t.world.today, -20);
    const c = await t.world.createContract({
      plans: [plan.id],
      startDate: start,
      billingDay: Number(start.slice(8)),
      holdVisitsAfterDays: 10,
    });
    while ((await billDueContracts(db())).claimed);
    while ((await processDuePlans(db())).claimed);
    expect(await t.world.ordersOf(plan.id)).toEqual([]);
    expect((await t.world.ordersOf(free.id)).length).toBe(1);
    const overdue = (await t.world.contracts('GET', '/overdue?take=100')).json().data;
    expect(overdue.find((r: { contractId: number }) => r.contractId === c.id)).toMatchObject({ holdsVisits: true });

    // Received: the plan's visit is made.
    const [first] = await t.world.periodsOf(c.id);
    const row = overdue.find(
      (r: { contractId: number; dueDate: string }) => r.contractId === c.id && r.dueDate === first!.date,
    );
    const paid = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/receivables/${row.receivableId}/pay`,
      headers: t.org.as(t.org.admin.token),
      payload: { paidAt: t.world.today },
    });
    expect(paid.statusCode).toBe(200);
    while ((await processDuePlans(db())).claimed);
    expect((await t.world.ordersOf(plan.id)).length).toBe(1);
  });
});
