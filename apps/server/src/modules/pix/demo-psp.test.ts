import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import type { TestContext } from '../../../test/helpers.ts';
import { closeDemoPspApp, DEMO_ORG, demoLogin, startDemoPspApp, until } from '../../../test/pix-fixtures.ts';
import { syncQueuedCharges } from './charge-job.ts';
import { DEMO_PSP_CLIENT_ID } from './demo-psp.ts';
import type { PixContext } from './pix-psp.service.ts';

// The demo: with the demo data the server runs the stand-in PSP in its own process, the demo company is
// connected to it, and 'Simular pagamento' pays an order's charge through the webhook, confirmed with the
// PSP like any real Pix. Nowhere else can a payment be simulated.
let t: TestContext;
let ctx: PixContext;
let headers: Record<string, string>;
let companyId: number;
const url = (rest: string) => `/api/organizations/${DEMO_ORG}${rest}`;

beforeAll(async () => {
  ({ t, ctx, companyId } = await startDemoPspApp());
  headers = await demoLogin(t, 'admin@demo.com.br');
});
afterAll(() => closeDemoPspApp(t));

const get = (rest: string) => t.app.inject({ url: url(rest), headers });
const post = (rest: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: url(rest), headers, ...(payload ? { payload } : {}) });

async function openOrder(company = companyId) {
  const db = t.database.db;
  const [customer] = await db
    .select({ id: schema.customers.id })
    .from(schema.customers)
    .where(eq(schema.customers.organizationId, DEMO_ORG))
    .orderBy(asc(schema.customers.id))
    .limit(1);
  const [nature] = await db
    .select({ id: schema.transactionNatures.id })
    .from(schema.transactionNatures)
    .where(eq(schema.transactionNatures.organizationId, DEMO_ORG))
    .limit(1);
  const [service] = await db
    .select({ id: schema.services.id })
    .from(schema.services)
    .where(eq(schema.services.organizationId, DEMO_ORG))
    .limit(1);
  const made = await post('/invoices', { company, customer: customer!.id, transactionNature: nature!.id });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json() as { id: number };
  expect((await post(`/invoices/${id}/services`, { service: service!.id, quantity: 1 })).statusCode).toBe(201);
  expect((await post(`/invoices/${id}/start`)).statusCode).toBe(200);
  // Before the job runs, an order of the connected company says its charge is on the way (the screen
  // keeps asking); one of a company without a PSP connection has nothing queued.
  expect((await get(`/invoices/${id}/pix-charge`)).json()).toMatchObject({
    charge: null,
    queued: company === companyId,
    pending: null,
  });
  await syncQueuedCharges(ctx, id);
  expect((await get(`/invoices/${id}/pix-charge`)).json()).toMatchObject({ queued: false });
  return id;
}

describe('the demo PSP', () => {
  it('runs on loopback and the demo company is connected to it, the webhook registered', async () => {
    const demo = t.app.demoPsp.standIn!;
    expect(new URL(demo.baseUrl).hostname).toBe('127.0.0.1');
    const psp = (await get(`/companies/${companyId}/pix-psp`)).json();
    expect(psp.connection).toMatchObject({
      baseUrl: demo.baseUrl,
      clientId: DEMO_PSP_CLIENT_ID,
      webhookStatus: 'registered',
    });
    expect(psp.pixKey).toBeTruthy();
    expect(JSON.stringify(psp)).not.toContain(demo.clientSecret);
  });

  it("'Simular pagamento' pays the order's charge: the webhook, confirmed with the PSP, records one Pix payment", async () => {
    const id = await openOrder();
    const charge = (await get(`/invoices/${id}/pix-charge`)).json();
    expect(charge).toMatchObject({ charge: { status: 'ATIVA' }, canSimulate: true });
    const simulated = await post(`/invoices/${id}/pix-charge/simulate`);
    expect(simulated.statusCode, simulated.body).toBe(200);
    const order = await until(
      async () => (await get(`/invoices/${id}`)).json() as { isPaid: boolean },
      (o) => o.isPaid,
    );
    expect(order.isPaid).toBe(true);
    const payments = await t.database.db
      .select()
      .from(schema.invoicePayments)
      .where(eq(schema.invoicePayments.invoiceId, id));
    expect(payments.map((p) => [p.method, p.note])).toEqual([['pix', `Pix ${simulated.json().endToEndId}`]]);
    expect((await get(`/invoices/${id}/pix-charge`)).json()).toMatchObject({
      charge: { status: 'CONCLUIDA' },
      canSimulate: false,
    });
    // Paid: nothing more to simulate.
    expect((await post(`/invoices/${id}/pix-charge/simulate`)).statusCode).toBe(409);
  });

  it("'Simular pagamento' of an instalment pays its charge with a due date: the instalment received, the order not yet", async () => {
    const id = await openOrder();
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const plan = await post(`/invoices/${id}/installments`, { count: 2, firstDueDate: due, method: 'pix' });
    expect(plan.statusCode, plan.body).toBe(201);
    await syncQueuedCharges(ctx, id);
    const card = (await get(`/invoices/${id}/pix-charge`)).json() as {
      installments: Array<{ receivableId: number; status: string }>;
      canSimulate: boolean;
    };
    expect(card.installments.map((x) => x.status)).toEqual(['ATIVA', 'ATIVA']);
    expect(card.canSimulate).toBe(true);
    const [first, second] = card.installments;
    const simulated = await post(`/invoices/${id}/pix-charge/simulate?installment=${first!.receivableId}`);
    expect(simulated.statusCode, simulated.body).toBe(200);
    const money = await until(
      async () =>
        (await get(`/invoices/${id}/payments`)).json() as {
          isPaid: boolean;
          installments: Array<{ id: number; status: string }>;
        },
      (m) => m.installments[0]!.status === 'paid',
    );
    expect(money.isPaid).toBe(false);
    expect(money.installments.map((x) => [x.id, x.status])).toEqual([
      [first!.receivableId, 'paid'],
      [second!.receivableId, 'open'],
    ]);
    expect((await post(`/invoices/${id}/pix-charge/simulate?installment=${first!.receivableId}`)).statusCode).toBe(409);
  });

  it('a company connected to another PSP, or to none, cannot simulate', async () => {
    const [other] = await t.database.db
      .select({ id: schema.companies.id })
      .from(schema.companies)
      .where(and(eq(schema.companies.organizationId, DEMO_ORG)))
      .orderBy(asc(schema.companies.id))
      .offset(1)
      .limit(1);
    const id = await openOrder(other!.id);
    expect((await get(`/invoices/${id}/pix-charge`)).json()).toMatchObject({ charge: null, canSimulate: false });
    const refused = await post(`/invoices/${id}/pix-charge/simulate`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([expect.stringContaining('PSP de demonstração')]);
  });
});
