import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { worldPerFile } from '../../../test/invoice-fixtures.ts';

// The order list by the visit's date: scheduledFrom / scheduledTo are the organization's calendar
// days (São Paulo, UTC-3), both included; either may be open.
const t = worldPerFile();

async function visitAt(when: string | null) {
  const { id } = await t.world.createInvoice();
  await t.ctx.database.db
    .update(schema.invoices)
    .set({ scheduledAt: when ? new Date(when) : null })
    .where(eq(schema.invoices.id, id));
  return id;
}
const ids = async (query: string) => {
  const res = await t.world.admin('GET', `/filter?${query}&take=100`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ id: number }>).map((r) => r.id).sort((a, b) => a - b);
};

describe('GET invoices/filter by scheduled date', () => {
  it('keeps the visits of the days asked, in the organization time zone', async () => {
    // 2031-05-10 00:30 in São Paulo is 03:30 UTC; 2031-05-11 23:30 there is 2031-05-12 02:30 UTC.
    const first = await visitAt('2031-05-10T03:30:00Z');
    const last = await visitAt('2031-05-12T02:30:00Z');
    const before = await visitAt('2031-05-10T02:30:00Z');
    const after = await visitAt('2031-05-12T03:30:00Z');
    await visitAt(null);
    expect(await ids('scheduledFrom=2031-05-10&scheduledTo=2031-05-11')).toEqual([first, last]);
    expect(await ids('scheduledFrom=2031-05-11')).toEqual([last, after]);
    expect(await ids('scheduledTo=2031-05-09')).toEqual(expect.arrayContaining([before]));
    expect(await ids('scheduledTo=2031-05-09')).not.toContain(first);
    // The total is counted with the same filter.
    const page = await t.world.admin('GET', '/filter?scheduledFrom=2031-05-10&scheduledTo=2031-05-11&take=1');
    expect(page.json().meta.total).toBe(2);
  });

  it('422 for a reversed period or a bad date', async () => {
    const res = await t.world.admin('GET', '/filter?scheduledFrom=2031-05-11&scheduledTo=2031-05-10');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['scheduledTo']);
    expect((await t.world.admin('GET', '/filter?scheduledFrom=2031-02-30')).statusCode).toBe(422);
  });
});
