import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld, type InvoiceWorld } from '../../../test/invoice-fixtures.ts';

// Order numbers: sequential per organization, no gap or duplicate under concurrency.
const t = perFile({ other: true, world: invoiceWorld });

const body = (w: InvoiceWorld) => ({ company: w.company.id, customer: w.customer.id, transactionNature: w.nature.id });

describe('numbers', () => {
  it('start at 1 in each organization and go up by one', async () => {
    expect((await t.world.createInvoice()).number).toBe(1);
    expect((await t.theirs.createInvoice()).number).toBe(1);
    expect((await t.world.createInvoice()).number).toBe(2);
  });

  it('a refused create takes no number', async () => {
    const bad = await t.world.admin('POST', '', { ...body(t.world), customer: t.theirs.customer.id });
    expect(bad.statusCode).toBe(422);
    expect((await t.world.createInvoice()).number).toBe(3);
  });

  it('50 concurrent creates get 50 distinct consecutive numbers, while another organization creates too', async () => {
    const start = (await t.world.createInvoice()).number;
    const results = await Promise.all([
      ...Array.from({ length: 50 }, () => t.world.admin('POST', '', body(t.world))),
      ...Array.from({ length: 10 }, () => t.theirs.admin('POST', '', body(t.theirs))),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(60).fill(201));
    const ours = results.slice(0, 50).map((r) => r.json().number as number);
    expect([...ours].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, k) => start + 1 + k));
    const others = results.slice(50).map((r) => r.json().number as number);
    expect([...others].sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, k) => 2 + k));

    const rows = await t.ctx.database.db
      .select({ number: schema.invoices.number })
      .from(schema.invoices)
      .where(eq(schema.invoices.organizationId, t.org.organization.id));
    const numbers = rows.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => k + 1));
  });

  it('continues after the highest number when the counter row is missing (imported or generated orders)', async () => {
    const c = schema.counters;
    const before = (await t.world.createInvoice()).number;
    await t.ctx.database.db.delete(c).where(and(eq(c.organizationId, t.org.organization.id), eq(c.name, 'invoice')));
    expect((await t.world.createInvoice()).number).toBe(before + 1);
    expect((await t.world.createInvoice()).number).toBe(before + 2);
  });
});
