import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { fromCents, listQuery, portalReceivableList, type ListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { routeOptions } from '../../plugins/route-options.ts';
import type { PortalContext } from '../../core/portal/portal-session.ts';
import { pixFor } from '../../core/documents/pdf/printed-data.ts';
import { companyCity } from '../../core/documents/printed-record.ts';
import { listPage } from '../../lib/list.ts';
import { organizationToday } from './payments.service.ts';

const r = schema.receivables;
const i = schema.invoices;
const co = schema.companies;
const c = schema.pixCharges;

const png = (image: Buffer) => `data:image/png;base64,${image.toString('base64')}`;

/**
 * The customer's instalments, open ones first (by due date), then paid ones (newest first). An open one
 * carries its Pix code: the active charge at the PSP for it when there is one, else the company's static
 * code for its amount (as the order's documents print it); none when the company has no Pix key.
 */
async function portalReceivables(db: Db, portal: PortalContext, query: ListQuery) {
  const where = and(eq(r.organizationId, portal.organizationId), eq(i.customerId, portal.customerId));
  const rows = await db
    .select({
      id: r.id,
      invoiceId: r.invoiceId,
      invoiceNumber: i.number,
      installmentNumber: r.installmentNumber,
      installmentCount: r.installmentCount,
      amountCents: r.amountCents,
      dueDate: r.dueDate,
      paymentId: r.paymentId,
      companyId: co.id,
      companyName: co.name,
      pixKey: co.pixKey,
      charge: sql<string | null>`(SELECT ${c.pixCopiaECola} FROM ${c} WHERE ${c.receivableId} = ${r.id}
        AND ${c.organizationId} = ${r.organizationId} AND ${c.kind} = 'cobv' AND ${c.status} = 'ATIVA'
        AND ${c.amountCents} = ${r.amountCents} LIMIT 1)`,
    })
    .from(r)
    .innerJoin(i, and(eq(i.id, r.invoiceId), eq(i.organizationId, r.organizationId)))
    .innerJoin(co, and(eq(co.id, i.companyId), eq(co.organizationId, i.organizationId)))
    .where(where)
    .orderBy(
      sql`${r.paymentId} IS NOT NULL`,
      sql`CASE WHEN ${r.paymentId} IS NULL THEN ${r.dueDate} END ASC`,
      sql`${r.dueDate} DESC`,
      asc(r.id),
    )
    .limit(query.take)
    .offset(query.skip);
  const today = await organizationToday(db, portal.organizationId);
  const data = [];
  for (const row of rows) {
    const open = row.paymentId === null;
    const pix = open
      ? await pixFor({
          pixKey: row.pixKey,
          showValues: true,
          amountCents: row.amountCents,
          merchantName: row.companyName,
          merchantCity: row.pixKey ? await companyCity(db, row.companyId) : null,
          reference: `OS${row.invoiceNumber}P${row.installmentNumber}`,
          charge: row.charge ? { code: row.charge, amountCents: row.amountCents } : null,
        })
      : null;
    data.push({
      id: row.id,
      invoiceId: row.invoiceId,
      invoiceNumber: row.invoiceNumber,
      installmentNumber: row.installmentNumber,
      installmentCount: row.installmentCount,
      amount: fromCents(row.amountCents),
      dueDate: row.dueDate,
      paid: !open,
      overdue: open && row.dueDate < today,
      pix: pix ? { code: pix.code, qr: png(pix.qr) } : null,
    });
  }
  return listPage(
    query,
    Promise.resolve(data),
    async () =>
      (
        await db
          .select({ n: count() })
          .from(r)
          .innerJoin(i, and(eq(i.id, r.invoiceId), eq(i.organizationId, r.organizationId)))
          .where(where)
      )[0]!.n,
  );
}

/** The customer's instalments in their portal, with the Pix code of each open one. */
export const receivablePortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions('portal');
  app.get(
    '/portal/receivables',
    route('portal', {
      summary: 'As parcelas do cliente, com o Pix copia e cola de cada uma em aberto',
      querystring: listQuery,
      response: { 200: portalReceivableList },
    }),
    (request) => portalReceivables(app.db, request.portal, request.query),
  );
};
