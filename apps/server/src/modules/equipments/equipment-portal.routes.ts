import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuery, portalEquipmentHistory, portalEquipmentList, portalIdParam } from '@ordem-certa/contracts';
import { routeOptions } from '../../plugins/route-options.ts';
import { listEquipments } from './equipments.service.ts';
import { equipmentHistory } from './equipment-history.service.ts';

/** The customer's machines in their portal, each with its history (their orders on it, visible photos). */
export const equipmentPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions('portal');
  app.get(
    '/portal/equipments',
    route('portal', {
      summary: 'Os equipamentos do cliente, com o fim da garantia',
      querystring: listQuery,
      response: { 200: portalEquipmentList },
    }),
    async (request) => {
      const { organizationId, customerId } = request.portal;
      const list = await listEquipments(app.db, organizationId, customerId, request.query);
      return {
        ...list,
        data: list.data.map((e) => ({
          id: e.id,
          name: e.name,
          brand: e.brand,
          model: e.model,
          serialNumber: e.serialNumber,
          location: e.location,
          warrantyUntil: e.warrantyUntil,
        })),
      };
    },
  );
  app.get(
    '/portal/equipments/:id/history',
    route('portal', {
      summary: 'O histórico de um equipamento do cliente: as ordens, checklists e fotos visíveis',
      params: portalIdParam,
      querystring: listQuery,
      response: { 200: portalEquipmentHistory },
    }),
    (request) => {
      const { organizationId, customerId } = request.portal;
      return equipmentHistory(app.db, organizationId, customerId, request.params.id, request.query, {
        customerView: true,
      });
    },
  );
};
