import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { fromCents, listQuery, portalIdParam, portalNfseList, type ListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { routeOptions } from '../../plugins/route-options.ts';
import type { PortalContext } from '../../core/portal/portal-session.ts';
import { danfsePdf } from '../../core/documents/danfse.ts';
import { assertFound } from '../../core/access/access.ts';
import { listPage } from '../../lib/list.ts';

const d = schema.nfseDocuments;
const i = schema.invoices;

/** The customer's NFS-e the national system made (issued, canceled or replaced: each has a DANFSe and an XML). */
const mine = (portal: PortalContext) =>
  and(
    eq(d.organizationId, portal.organizationId),
    eq(i.customerId, portal.customerId),
    isNotNull(d.nfseXml),
    inArray(d.status, ['issued', 'canceled', 'substituted']),
  );

function portalNfse(db: Db, portal: PortalContext, query: ListQuery) {
  return listPage(
    query,
    db
      .select({
        id: d.id,
        invoiceId: d.invoiceId,
        invoiceNumber: i.number,
        nfseNumber: d.nfseNumber,
        status: d.status,
        issuedAt: d.issuedAt,
        serviceCents: d.serviceCents,
      })
      .from(d)
      .innerJoin(i, and(eq(i.id, d.invoiceId), eq(i.organizationId, d.organizationId)))
      .where(mine(portal))
      .orderBy(desc(d.id))
      .limit(query.take)
      .offset(query.skip),
    async () =>
      (
        await db
          .select({ n: count() })
          .from(d)
          .innerJoin(i, and(eq(i.id, d.invoiceId), eq(i.organizationId, d.organizationId)))
          .where(mine(portal))
      )[0]!.n,
    ({ serviceCents, issuedAt, ...row }) => ({
      ...row,
      issuedAt: issuedAt?.toISOString() ?? null,
      amount: serviceCents === null ? null : fromCents(serviceCents),
    }),
  );
}

async function portalDocument(db: Db, portal: PortalContext, id: number) {
  const [row] = await db
    .select({ document: d })
    .from(d)
    .innerJoin(i, and(eq(i.id, d.invoiceId), eq(i.organizationId, d.organizationId)))
    .where(and(mine(portal), eq(d.id, id)));
  return assertFound(row).document;
}

/** The customer's NFS-e in their portal: the list, each one's DANFSe and its XML. */
export const nfsePortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions('portal', { feature: 'nfse' });
  app.get(
    '/portal/nfse',
    route('portal', { summary: 'As NFS-e do cliente', querystring: listQuery, response: { 200: portalNfseList } }),
    (request) => portalNfse(app.db, request.portal, request.query),
  );
  app.get(
    '/portal/nfse/:id/danfse.pdf',
    route('portal', { summary: 'O DANFSe de uma NFS-e do cliente', params: portalIdParam }),
    async (request, reply) => {
      const { pdf, fileName } = await danfsePdf(
        app.db,
        await portalDocument(app.db, request.portal, request.params.id),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );
  app.get(
    '/portal/nfse/:id/nfse.xml',
    route('portal', { summary: 'O XML de uma NFS-e do cliente', params: portalIdParam }),
    async (request, reply) => {
      const row = await portalDocument(app.db, request.portal, request.params.id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="NFSe-${row.nfseNumber ?? row.id}.xml"`)
        .send(row.nfseXml);
    },
  );
};
