import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponse, orgParam } from '@ordem-certa/contracts';
import { routeOptions } from '../../plugins/route-options.ts';
import { keptAnswer } from '../../lib/kept-answers.ts';
import { dashboard, dashboardBounds, dashboardDependsOn, dashboardKeyedBy } from './dashboard.service.ts';

const route = routeOptions('dashboard', { feature: 'reports' });

/** The owner's dashboard: the month's figures against the last month's, each linked to its list on the screen. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/dashboard',
    route('report.see', {
      summary: 'O painel: o mês corrente contra o anterior (faturamento, recebimentos, ordens, orçamentos, NPS)',
      params: orgParam,
      response: { 200: dashboardResponse },
    }),
    // Kept while none of the tables it reads changed, for this reader and this day of the organization's zone.
    async (request, reply) => {
      const b = await dashboardBounds(app.db, request.auth.organizationId);
      return keptAnswer(app.db, request, reply, dashboardDependsOn, () => dashboard(app.db, request.auth, b), {
        keyedBy: dashboardKeyedBy(b),
      });
    },
  );
};
