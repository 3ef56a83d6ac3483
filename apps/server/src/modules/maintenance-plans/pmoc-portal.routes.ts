import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  frequencyLabels,
  listQuery,
  portalPmocList,
  portalPmocParams,
  type ListQuery,
  type MaintenanceFrequency,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { routeOptions } from '../../plugins/route-options.ts';
import type { PortalContext } from '../../core/portal/portal-session.ts';
import { assertFound } from '../../core/access/access.ts';
import { listPage } from '../../lib/list.ts';
import { organizationToday } from './maintenance-plans.service.ts';
import { pmocDocument } from './pmoc-document.service.ts';

const p = schema.maintenancePlans;
const mine = (portal: PortalContext) =>
  and(eq(p.organizationId, portal.organizationId), eq(p.customerId, portal.customerId));

/** The years a plan has a PMOC document for: from its start to this year (or the year it ended). */
const yearsOf = (startDate: string, endedAt: Date | null, today: string) => {
  const first = Number(startDate.slice(0, 4));
  const last = Math.min(Number(today.slice(0, 4)), endedAt ? endedAt.getUTCFullYear() : 9999);
  const years: number[] = [];
  for (let y = last; y >= first; y--) years.push(y);
  return years;
};

async function portalPlans(db: Db, portal: PortalContext, query: ListQuery) {
  const { today } = await organizationToday(db, portal.organizationId);
  return listPage(
    query,
    db
      .select({
        id: p.id,
        buildingName: p.buildingName,
        frequency: p.frequency,
        startDate: p.startDate,
        endedAt: p.endedAt,
      })
      .from(p)
      .where(mine(portal))
      .orderBy(desc(p.id))
      .limit(query.take)
      .offset(query.skip),
    async () => (await db.select({ n: count() }).from(p).where(mine(portal)))[0]!.n,
    (row) => ({
      id: row.id,
      name:
        row.buildingName?.trim() ||
        `Plano ${frequencyLabels[row.frequency as MaintenanceFrequency]?.toLowerCase() ?? ''} nº ${row.id}`.replace(
          '  ',
          ' ',
        ),
      startDate: row.startDate,
      years: yearsOf(row.startDate, row.endedAt, today),
    }),
  );
}

/** The customer's maintenance plans in their portal, and each year's PMOC document (the office's renderer). */
export const pmocPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions('portal');
  app.get(
    '/portal/pmoc',
    route('portal', {
      summary: 'Os planos de manutenção (PMOC) do cliente e os anos com documento',
      querystring: listQuery,
      response: { 200: portalPmocList },
    }),
    (request) => portalPlans(app.db, request.portal, request.query),
  );
  app.get(
    '/portal/pmoc/:id/:year',
    route('portal', { summary: 'O documento PMOC de um plano do cliente no ano', params: portalPmocParams }),
    async (request, reply) => {
      const [plan] = await app.db
        .select({ id: p.id })
        .from(p)
        .where(and(mine(request.portal), eq(p.id, request.params.id)));
      assertFound(plan);
      const { pdf, fileName } = await pmocDocument(
        app.db,
        app.storage,
        request.portal.organizationId,
        request.params.id,
        request.params.year,
        request.log,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );
};
