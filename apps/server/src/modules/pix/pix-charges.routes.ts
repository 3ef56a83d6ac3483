import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq, and } from 'drizzle-orm';
import { fromCents, invoiceParams, pixChargeResponse } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { visibleInvoice } from '../../core/orders/invoice-access.ts';

/** The order's charge at its PSP, for the order screen (admins): status, amount, code, why it waits. */
export const pixChargeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/invoices/:id/pix-charge',
    {
      schema: {
        tags: ['pix'],
        summary: 'A cobrança Pix da ordem no PSP (a mais recente) e o seu status',
        params: invoiceParams,
        response: { 200: pixChargeResponse },
      },
      config: { access: { admin: true } },
    },
    async (request) => {
      const { organizationId } = request.auth;
      await visibleInvoice(app.db, request.auth, request.params.id);
      const c = schema.pixCharges;
      const q = schema.pixChargeQueue;
      const [[charge], [queued]] = await Promise.all([
        app.db
          .select()
          .from(c)
          .where(and(eq(c.organizationId, organizationId), eq(c.invoiceId, request.params.id)))
          .orderBy(desc(c.id))
          .limit(1),
        app.db.select({ lastError: q.lastError }).from(q).where(eq(q.invoiceId, request.params.id)),
      ]);
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
        pending: queued?.lastError ?? null,
      };
    },
  );
};
