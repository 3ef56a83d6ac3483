import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@oficina/db';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { invoiceWorld, type InvoiceWorld } from '../../../test/invoice-fixtures.ts';

// Order numbers: sequential per organization, no gap or duplicate under concurrency.
let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let world: InvoiceWorld;
let theirs: InvoiceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrg(ctx);
  other = await createOrg(ctx);
  world = await invoiceWorld(ctx, org);
  theirs = await invoiceWorld(ctx, other);
});
afterAll(() => ctx.close());

const body = (w: InvoiceWorld) => ({ company: w.company.id, customer: w.customer.id, transactionNature: w.nature.id });

describe('numbers', () => {
  it('start at 1 in each organization and go up by one', async () => {
    expect((await world.createInvoice()).number).toBe(1);
    expect((await theirs.createInvoice()).number).toBe(1);
    expect((await world.createInvoice()).number).toBe(2);
  });

  it('a refused create takes no number', async () => {
    const bad = await world.admin('POST', '', { ...body(world), customer: theirs.customer.id });
    expect(bad.statusCode).toBe(422);
    expect((await world.createInvoice()).number).toBe(3);
  });

  it('50 concurrent creates get 50 distinct consecutive numbers, while another organization creates too', async () => {
    const start = (await world.createInvoice()).number;
    const results = await Promise.all([
      ...Array.from({ length: 50 }, () => world.admin('POST', '', body(world))),
      ...Array.from({ length: 10 }, () => theirs.admin('POST', '', body(theirs))),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(60).fill(201));
    const ours = results.slice(0, 50).map((r) => r.json().number as number);
    expect([...ours].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, k) => start + 1 + k));
    const others = results.slice(50).map((r) => r.json().number as number);
    expect([...others].sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, k) => 2 + k));

    const rows = await ctx.database.db
      .select({ number: schema.invoices.number })
      .from(schema.invoices)
      .where(eq(schema.invoices.organizationId, org.organization.id));
    const numbers = rows.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => k + 1));
  });

  it('continues after the highest number when the counter row is missing (imported or generated orders)', async () => {
    const c = schema.counters;
    const before = (await world.createInvoice()).number;
    await ctx.database.db.delete(c).where(and(eq(c.organizationId, org.organization.id), eq(c.name, 'invoice')));
    expect((await world.createInvoice()).number).toBe(before + 1);
    expect((await world.createInvoice()).number).toBe(before + 2);
  });
});
