import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq, and, isNotNull } from 'drizzle-orm';
import {
  fromCents,
  invoiceParams,
  pixChargeResponse,
  pixSimulateMessages,
  pixSimulateQuery,
  pixSimulateResponse,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { conflict } from '../../lib/errors.ts';
import { visibleInvoice } from '../../core/orders/invoice-access.ts';
import { atDemoPsp } from './demo-psp.ts';
import type { PixContext } from './pix-psp.service.ts';

const c = schema.pixCharges;

const latestCharge = async (db: Db, organizationId: number, invoiceId: number) =>
  (
    await db
      .select()
      .from(c)
      .where(and(eq(c.organizationId, organizationId), eq(c.invoiceId, invoiceId), eq(c.kind, 'cob')))
      .orderBy(desc(c.id))
      .limit(1)
  )[0];

/** The latest charge of each of the order's instalments, by due date. */
async function instalmentCharges(db: Db, organizationId: number, invoiceId: number) {
  const r = schema.receivables;
  const rows = await db
    .select({
      id: c.id,
      receivableId: r.id,
      number: r.installmentNumber,
      count: r.installmentCount,
      dueDate: r.dueDate,
      status: c.status,
      amountCents: c.amountCents,
      pixCopiaECola: c.pixCopiaECola,
      txid: c.txid,
      companyId: c.companyId,
    })
    .from(c)
    .innerJoin(r, and(eq(r.id, c.receivableId), eq(r.organizationId, c.organizationId)))
    .where(and(eq(c.organizationId, organizationId), eq(c.invoiceId, invoiceId), isNotNull(c.receivableId)))
    .orderBy(r.dueDate, r.id, desc(c.id));
  return rows.filter((x, n) => n === 0 || rows[n - 1]!.receivableId !== x.receivableId);
}

/** The order's immediate charge at its PSP, for the order screen (admins): status, amount, code, why it waits. */
export const pixChargeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PixContext = { db: app.db, config: app.config, log: app.log };
  app.get(
    '/organizations/:orgId/invoices/:id/pix-charge',
    {
      schema: {
        tags: ['pix'],
        summary: 'A cobrança Pix da ordem no PSP (a mais recente) e o seu status',
        params: invoiceParams,
        response: { 200: pixChargeResponse },
      },
      config: { access: { can: 'payment.see' } },
    },
    async (request) => {
      const { organizationId } = request.auth;
      await visibleInvoice(app.db, request.auth, request.params.id);
      const q = schema.pixChargeQueue;
      const [charge, [queued], byInstalment] = await Promise.all([
        latestCharge(app.db, organizationId, request.params.id),
        app.db.select({ lastError: q.lastError }).from(q).where(eq(q.invoiceId, request.params.id)),
        instalmentCharges(app.db, organizationId, request.params.id),
      ]);
      const anyActive = byInstalment.find((x) => x.status === 'ATIVA');
      const active = charge?.status === 'ATIVA';
      return {
        charge: charge
          ? {
              txid: charge.txid,
              status: charge.status,
              amount: fromCents(charge.amountCents),
              pixCopiaECola: charge.pixCopiaECola,
              expiresAt: charge.expiresAt?.toISOString() ?? null,
              lastError: charge.lastError,
              updatedAt: charge.updatedAt.toISOString(),
            }
          : null,
        installments: byInstalment.map((x) => ({
          receivableId: x.receivableId,
          txid: x.txid,
          number: x.number,
          count: x.count,
          dueDate: x.dueDate,
          status: x.status,
          amount: fromCents(x.amountCents),
          pixCopiaECola: x.status === 'ATIVA' ? x.pixCopiaECola : null,
        })),
        pending: queued?.lastError ?? null,
        queued: queued !== undefined,
        canSimulate:
          (active || !!anyActive) &&
          (await atDemoPsp(ctx, app.demoPsp.standIn, organizationId, (active ? charge : anyActive)!.companyId)),
      };
    },
  );

  // Only the demo's stand-in PSP can be told to pay: it pays the active charge and calls the webhook,
  // which confirms the Pix with it and records the payment as for any real one.
  app.post(
    '/organizations/:orgId/invoices/:id/pix-charge/simulate',
    {
      schema: {
        tags: ['pix'],
        summary:
          'Simula o pagamento da cobrança Pix ativa da ordem (ou da parcela, com installment) no PSP de demonstração (nunca em produção)',
        params: invoiceParams,
        querystring: pixSimulateQuery,
        response: { 200: pixSimulateResponse },
      },
      config: { access: { can: 'payment.record' } },
    },
    async (request) => {
      const { organizationId } = request.auth;
      await visibleInvoice(app.db, request.auth, request.params.id);
      const { installment } = request.query;
      const charge = installment
        ? (await instalmentCharges(app.db, organizationId, request.params.id)).find(
            (x) => x.receivableId === installment,
          )
        : await latestCharge(app.db, organizationId, request.params.id);
      await app.demoPsp.ready;
      const demo = app.demoPsp.standIn;
      if (!demo || charge?.status !== 'ATIVA' || !(await atDemoPsp(ctx, demo, organizationId, charge.companyId)))
        throw conflict(pixSimulateMessages.unavailable);
      const paid = await demo.pay(charge.txid);
      if (!paid) throw conflict(pixSimulateMessages.unavailable);
      return { endToEndId: paid.endToEndId };
    },
  );
};
