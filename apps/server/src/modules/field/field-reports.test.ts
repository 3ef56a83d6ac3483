import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// The stamps' reports sum what the order screen sums: the worked spans by the phones' times (an open
// span closed by the completion), the planned minutes once per order, the travel and the km.

const t = perFile({ other: true, world: invoiceWorld });
const report = (name: string, body: object, org = t.org) =>
  t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${org.organization.id}/reports/${name}/data`,
    headers: org.as(org.admin.token),
    payload: body,
  });
const at = (day: string, hhmm: string) => new Date(`2026-11-${day}T${hhmm}:00-03:00`);

let first: number;
let second: number;
beforeAll(async () => {
  const db = t.ctx.database.db;
  first = (await t.world.createInvoice()).id;
  second = (await t.world.createInvoice(t.world.otherCustomer.id)).id;
  await t.world.admin('POST', `/${first}/services`, { service: t.world.service.id, quantity: 1 });
  await db.update(schema.invoices).set({ durationMinutes: 90 }).where(eq(schema.invoices.id, first));
  const base = { organizationId: t.org.organization.id, userId: t.org.worker.id };
  await db.insert(schema.fieldStamps).values([
    // First order: 20 min of travel and 8.5 km, 40 + 30 worked around a pause.
    { ...base, invoiceId: first, kind: 'travel', deviceAt: at('10', '08:40') },
    { ...base, invoiceId: first, kind: 'arrive', deviceAt: at('10', '09:00'), routeMeters: 8500 },
    { ...base, invoiceId: first, kind: 'start', deviceAt: at('10', '09:05') },
    { ...base, invoiceId: first, kind: 'pause', deviceAt: at('10', '09:45'), reason: 'Almoço' },
    { ...base, invoiceId: first, kind: 'resume', deviceAt: at('10', '10:30') },
    { ...base, invoiceId: first, kind: 'leave', deviceAt: at('10', '11:00') },
    // Second order, next day: started and never stopped until the order was completed 50 min later.
    { ...base, invoiceId: second, kind: 'arrive', deviceAt: at('11', '14:00'), routeMeters: 3200 },
    { ...base, invoiceId: second, kind: 'start', deviceAt: at('11', '14:10') },
  ]);
  await t.world.moveTo(second, 20);
  await db
    .update(schema.invoices)
    .set({ finishedAt: at('11', '15:00') })
    .where(eq(schema.invoices.id, second));
  // Another organization's stamps never count here.
  const theirs = (await t.theirs.createInvoice()).id;
  await db.insert(schema.fieldStamps).values([
    {
      organizationId: t.other.organization.id,
      userId: t.other.worker.id,
      invoiceId: theirs,
      kind: 'start',
      deviceAt: at('10', '09:00'),
    },
    {
      organizationId: t.other.organization.id,
      userId: t.other.worker.id,
      invoiceId: theirs,
      kind: 'leave',
      deviceAt: at('10', '18:00'),
    },
  ]);
});

const period = { from: '2026-11-01', to: '2026-11-30' };

describe('field reports', () => {
  it('by technician: worked, planned, travel and km summed', async () => {
    const res = await report('field-time-by-technician', period);
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual([['Colaborador Teste', 2, 40 + 30 + 50, 90 + 60, 20, 11.7]]);
  });

  it('by customer and by service', async () => {
    const customers = (await report('field-time-by-customer', period)).json().body;
    expect(customers).toEqual(
      [
        [t.world.otherCustomer.name, 1, 50, 60, 0, 3.2],
        [t.world.customer.name, 1, 70, 90, 20, 8.5],
      ].sort((a, b) => (b[2] as number) - (a[2] as number)),
    );
    const services = (await report('field-time-by-service', period)).json().body;
    expect(services).toEqual([['Limpeza de split', 1, 70, 90, 20, 8.5]]);
  });

  it('km per technician per day, in the organization’s zone', async () => {
    const res = (await report('field-km-by-day', period)).json();
    expect(res.body).toEqual([
      ['2026-11-10', 'Colaborador Teste', 1, 8.5],
      ['2026-11-11', 'Colaborador Teste', 1, 3.2],
    ]);
    // Outside the period nothing.
    expect((await report('field-km-by-day', { from: '2026-11-12', to: '2026-11-30' })).json().body).toEqual([]);
  });
});
