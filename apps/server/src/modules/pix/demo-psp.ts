import fp from 'fastify-plugin';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { pixPspBody } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import type { PixStandIn } from '@ordem-certa/test-support/pix-psp-stand-in';
import { companyPsp, putPixPsp, type PixContext } from './pix-psp.service.ts';

// The demo's PSP: with demo data and no real PSP, the server runs the stand-in PSP (the one the tests use,
// which checks every request against the API Pix specification) inside its own process, on loopback. The
// demo company is connected to it when the demo data is written; at each start the connections made for
// it are pointed at the new stand-in (its port and secret change), the charges the old one held are
// dropped and their orders queued for new ones. Only there can a payment be simulated: the stand-in pays
// the charge and calls the webhook, which confirms it with the PSP as for any real Pix. Production never
// starts it (the demo data is never written there).

/** The Client ID the demo connection carries: a connection with it and an http:// loopback base is the demo's. */
export const DEMO_PSP_CLIENT_ID = 'ordem-certa-demo';
const DEMO_ORGANIZATION_ID = 1;
const DEMO_PIX_KEY = 'financeiro@demorefrigeracao.com.br';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The in-process stand-in PSP of the demo, while it runs (never in production); `ready` settles once
     * it is started and the demo's connections point at it.
     */
    demoPsp: { standIn: PixStandIn | null; ready: Promise<void> };
  }
}

const p = schema.companyPixPsp;
const isLoopbackHttp = (url: string | null) =>
  !!url && /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//.test(url);

/** Whether this company's charges live at the demo's stand-in (the only place a payment can be simulated). */
export async function atDemoPsp(ctx: PixContext, demo: PixStandIn | null, organizationId: number, companyId: number) {
  if (!demo) return false;
  const psp = await companyPsp(ctx, organizationId, companyId);
  return psp?.connection.baseUrl === demo.baseUrl && psp.connection.clientId === DEMO_PSP_CLIENT_ID;
}

export const demoPspPlugin = fp<{ connectDemoCompany: boolean }>(
  async (app, { connectDemoCompany }) => {
    app.decorate('demoPsp', { standIn: null, ready: Promise.resolve() });
    // Started beside the app's start, not in its way: reading the specification takes a few seconds.
    app.addHook('onReady', async () => {
      app.demoPsp.ready = start().catch((err: unknown) => app.log.error({ err }, 'demo Pix PSP did not start'));
    });
    async function start() {
      const ctx: PixContext = { db: app.db, config: app.config, log: app.log };
      const [known] = await app.db
        .select({ id: p.companyId })
        .from(p)
        .where(eq(p.clientId, DEMO_PSP_CLIENT_ID))
        .limit(1);
      if (!known && !connectDemoCompany) return;
      const { startPixStandIn } = await import('@ordem-certa/test-support/pix-psp-stand-in');
      const standIn = await startPixStandIn({
        host: '127.0.0.1',
        clientId: DEMO_PSP_CLIENT_ID,
        webhooksAnywhere: true,
      });
      app.demoPsp.standIn = standIn;
      await repoint(ctx, standIn);
      if (connectDemoCompany) await connectDemo(ctx, standIn);
      app.log.info({ baseUrl: standIn.baseUrl }, 'demo Pix PSP (stand-in) running');
    }
    app.addHook('onClose', async () => {
      await app.demoPsp.ready;
      await app.demoPsp.standIn?.close();
      app.demoPsp.standIn = null;
    });
  },
  { name: 'demo-psp', dependencies: ['db', 'config'] },
);

/** The demo's connections follow the new stand-in; what the old one held is gone, so its orders are queued. */
async function repoint(ctx: PixContext, standIn: PixStandIn) {
  const rows = await ctx.db.select().from(p).where(eq(p.clientId, DEMO_PSP_CLIENT_ID));
  for (const row of rows.filter((r) => isLoopbackHttp(r.baseUrl))) {
    const { organizationId, companyId } = row;
    await putPixPsp(
      ctx,
      organizationId,
      companyId,
      pixPspBody.parse({
        ...connectionValues(standIn),
        scopes: row.scopes,
        expiryDays: row.expiryDays,
        finePercent: row.finePercent,
        interestPercentPerMonth: row.interestPercentPerMonth,
        discountPercent: row.discountPercent,
        discountDaysBefore: row.discountDaysBefore,
        validityAfterDueDays: row.validityAfterDueDays,
      }),
    );
    const ch = schema.pixCharges;
    const open = await ctx.db
      .update(ch)
      .set({ status: 'REMOVIDA_PELO_PSP', lastError: 'O PSP de demonstração foi reiniciado', updatedAt: new Date() })
      .where(
        and(
          eq(ch.organizationId, organizationId),
          eq(ch.companyId, companyId),
          inArray(ch.status, ['creating', 'ATIVA']),
        ),
      )
      .returning({ invoiceId: ch.invoiceId });
    for (const { invoiceId } of open) {
      await ctx.db
        .insert(schema.pixChargeQueue)
        .values({ invoiceId, organizationId })
        .onConflictDoUpdate({
          target: schema.pixChargeQueue.invoiceId,
          set: { nextAttemptAt: sql`now()`, seq: sql`${schema.pixChargeQueue.seq} + 1` },
        });
    }
  }
}

/** The demo company (the demo organization's first) gets a PIX key if it has none and the demo's connection. */
async function connectDemo(ctx: PixContext, standIn: PixStandIn) {
  const c = schema.companies;
  const [company] = await ctx.db
    .select({ id: c.id, pixKey: c.pixKey })
    .from(c)
    .where(eq(c.organizationId, DEMO_ORGANIZATION_ID))
    .orderBy(asc(c.id))
    .limit(1);
  if (!company) return;
  if (!company.pixKey) await ctx.db.update(c).set({ pixKey: DEMO_PIX_KEY }).where(eq(c.id, company.id));
  await putPixPsp(ctx, DEMO_ORGANIZATION_ID, company.id, pixPspBody.parse(connectionValues(standIn)));
  // Orders written before the connection existed are queued, so the demo's open orders get their charges.
  await ctx.db.execute(sql`
    INSERT INTO pix_charge_queue (invoice_id, organization_id)
    SELECT id, organization_id FROM invoices WHERE organization_id = ${DEMO_ORGANIZATION_ID} AND company_id = ${company.id}
    ON CONFLICT (invoice_id) DO UPDATE SET next_attempt_at = now(), seq = pix_charge_queue.seq + 1`);
}

const connectionValues = (standIn: PixStandIn) => ({
  baseUrl: standIn.baseUrl,
  tokenUrl: standIn.tokenUrl,
  clientId: standIn.clientId,
  clientSecret: standIn.clientSecret,
});
