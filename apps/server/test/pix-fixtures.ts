import { afterAll, beforeAll, expect } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { DEMO_PASSWORD, schema } from '@ordem-certa/db';
import { freePort } from '@ordem-certa/test-support/postgres-cluster';
import { startPixStandIn, type PixStandIn } from '@ordem-certa/test-support/pix-psp-stand-in';
import { pixView } from '@ordem-certa/test-support/pix-psp-stand-in/state';
import { createTestApp, type TestContext, type TestOrg } from './helpers.ts';

/** Today in São Paulo (the organization's zone, and the stand-in's), as YYYY-MM-DD. */
export const saoPauloToday = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);

/** The payer's and the receiver's accounts a Pix Automático authorization is asked with. */
export const automaticoAccounts = {
  payerIspb: '00000000',
  payerBranch: '0001',
  payerAccount: '123456',
  receiverBranch: '4321',
  receiverAccount: '998877',
  receiverAccountType: 'CORRENTE',
};

/** The demo organization's id. */
export const DEMO_ORG = 1;

/**
 * The app with the demo data, its company connected to the stand-in PSP the server runs in its own
 * process, listening on loopback; answers it with what the Pix jobs take and the demo's first company.
 */
export async function startDemoPspApp() {
  const port = await freePort();
  const t = await createTestApp({
    demoPsp: { connectDemoCompany: true },
    config: { appUrl: `http://127.0.0.1:${port}` },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  await t.app.demoPsp.ready;
  const [company] = await t.database.db
    .select({ id: schema.companies.id })
    .from(schema.companies)
    .where(eq(schema.companies.organizationId, DEMO_ORG))
    .orderBy(asc(schema.companies.id))
    .limit(1);
  return { t, ctx: { db: t.database.db, config: t.app.config, log: t.app.log }, companyId: company!.id };
}

/** Closes the demo app, failing the file if any request its stand-in PSP got broke the specification. */
export async function closeDemoPspApp(t: TestContext) {
  expect(t.app.demoPsp.standIn?.violations()).toEqual([]);
  await t.close();
}

/** The authorization header of a demo user signed in with the demo password. */
export async function demoLogin(t: TestContext, username: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${res.json().token}` };
}

/** Gives the company a PIX key and connects it to the stand-in PSP; answers the webhook's token. */
export async function connectToStandIn(
  ctx: TestContext,
  org: TestOrg,
  companyId: number,
  psp: PixStandIn,
  chave: string,
): Promise<string> {
  const base = `/api/organizations/${org.organization.id}/companies/${companyId}`;
  const headers = org.as(org.admin.token);
  expect(
    (await ctx.app.inject({ method: 'PUT', url: `${base}/pix`, headers, payload: { pixKey: chave } })).statusCode,
  ).toBe(200);
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: `${base}/pix-psp`,
    headers,
    payload: {
      baseUrl: psp.baseUrl,
      tokenUrl: psp.tokenUrl,
      clientId: psp.clientId,
      clientSecret: psp.clientSecret,
      expiryDays: 7,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return new URL(saved.json().connection.webhookUrl).pathname.split('/').pop()!;
}

/**
 * A stand-in PSP for the file's tests, started before them with the world's company connected to it by
 * the key `chave`, and closed after them, failing the file if any request it got broke the API Pix
 * specification. Its fields are set once the file's tests run: `psp`, `ctx` (what the Pix jobs take)
 * and `token` (the webhook's).
 */
export function connectedStandIn(
  t: { ctx: TestContext; org: TestOrg; world: { company: { id: number } } },
  chave: string,
) {
  const stand = {} as {
    psp: PixStandIn;
    ctx: { db: TestContext['database']['db']; config: TestContext['app']['config']; log: TestContext['app']['log'] };
    token: string;
  };
  beforeAll(async () => {
    stand.psp = await startPixStandIn();
    stand.ctx = { db: t.ctx.database.db, config: t.ctx.app.config, log: t.ctx.app.log };
    stand.token = await connectToStandIn(t.ctx, t.org, t.world.company.id, stand.psp, chave);
  });
  afterAll(async () => {
    expect(stand.psp.violations()).toEqual([]);
    await stand.psp.close();
  });
  return stand;
}

/** Reads until `ok` holds (a webhook's work runs after its answer); fails after a few seconds. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean) {
  for (let n = 0; n < 400; n++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met');
}

/**
 * The order's active charge paid at the stand-in and told to the webhook (injected: the app's address is
 * a name, not a server); answers the Pix and the one payment it became.
 */
export async function payActiveCharge(ctx: TestContext, psp: PixStandIn, token: string, invoiceId: number) {
  const c = schema.pixCharges;
  const [charge] = await ctx.database.db
    .select()
    .from(c)
    .where(and(eq(c.invoiceId, invoiceId), eq(c.status, 'ATIVA')));
  const pix = (await psp.pay(charge!.txid, { notify: false }))!;
  const hook = await ctx.app.inject({
    method: 'POST',
    url: `/api/pix/webhook/${token}/pix`,
    payload: { pix: [pixView(pix)] },
  });
  expect(hook.statusCode).toBe(200);
  const p = schema.invoicePayments;
  const [payment] = await until(
    () => ctx.database.db.select().from(p).where(eq(p.invoiceId, invoiceId)),
    (rows) => rows.length === 1,
  );
  return { pix, paymentId: payment!.id };
}
