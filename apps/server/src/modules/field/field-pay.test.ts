import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// A pay rule may pay per km: the km the technician drove to the order (their stamps' route distance,
// 'A caminho' to 'Cheguei'), on top of the rule's amount, whole also when the order pays just the half.

const t = perFile({ world: invoiceWorld });
const org = () => t.org.organization.id;
const as = () => t.org.as(t.org.admin.token);

describe('km pay', () => {
  it('the payroll pays the rule plus the km driven at the rule’s rate; 422 on a negative rate', async () => {
    const tech = await t.world.newUser();
    const rule = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/organizations/${org()}/users/${tech.id}/pay-rules`,
      headers: as(),
      payload: { kind: 'fixed', validFrom: '2026-01-01', fixedAmount: 100, kmRate: 0.8 },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    expect(rule.json()).toMatchObject({ kmRate: 0.8 });
    const bad = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/organizations/${org()}/users/${tech.id}/pay-rules`,
      headers: as(),
      payload: { kind: 'fixed', validFrom: '2026-02-01', fixedAmount: 100, kmRate: -1 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['kmRate']);

    const full = (await t.world.createInvoice()).id;
    const half = (await t.world.createInvoice()).id;
    await t.world.workOn(full, { workers: [tech.id], finishedAt: '2026-11-10T15:00:00Z' });
    await t.world.workOn(half, { workers: [tech.id], finishedAt: '2026-11-10T18:00:00Z', half: true });
    const base = { organizationId: org(), userId: tech.id, kind: 'arrive' as const };
    await t.ctx.database.db.insert(schema.fieldStamps).values([
      { ...base, invoiceId: full, deviceAt: new Date('2026-11-10T12:00:00Z'), routeMeters: 12_500 },
      { ...base, invoiceId: full, deviceAt: new Date('2026-11-10T13:00:00Z'), routeMeters: 2_500 },
      { ...base, invoiceId: half, deviceAt: new Date('2026-11-10T16:00:00Z'), routeMeters: 10_000 },
      // Another technician's km on the same order are not this one's.
      {
        ...base,
        userId: t.org.worker.id,
        invoiceId: full,
        deviceAt: new Date('2026-11-10T12:00:00Z'),
        routeMeters: 99_000,
      },
    ]);
    const company = (await t.ctx.database.db.select().from(schema.invoices).where(eq(schema.invoices.id, full)))[0]!
      .companyId;
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${org()}/payrolls`,
      headers: as(),
      payload: { company, startDate: '2026-11-01', endDate: '2026-11-30' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const lines = (
      await t.ctx.app.inject({
        url: `/api/organizations/${org()}/payrolls/${res.json().id}/workers?take=100`,
        headers: as(),
      })
    ).json().data as Array<{ invoiceId: number; workerId: number; value: number; explanation: string[] }>;
    const of = (invoiceId: number) => lines.find((l) => l.invoiceId === invoiceId && l.workerId === tech.id)!.value;
    // 100 + 15 km × 0,80; half of 100 + 10 km × 0,80.
    expect(of(full)).toBe(112);
    expect(of(half)).toBe(58);
    const line = lines.find((l) => l.invoiceId === full && l.workerId === tech.id)!;
    expect(line.explanation).toContain('15 km × R$\u00a00,80 = R$\u00a012,00');
  });
});
