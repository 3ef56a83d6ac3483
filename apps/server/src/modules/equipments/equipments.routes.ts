import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  equipmentBody,
  equipmentHistoryResponse,
  equipmentListResponse,
  equipmentParam,
  equipmentResponse,
  listQuery,
  orgParam,
} from '@ordem-certa/contracts';
import {
  createEquipment,
  deleteEquipment,
  getEquipment,
  listEquipments,
  updateEquipment,
} from './equipments.service.ts';
import { equipmentHistory } from './equipment-history.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const params = orgParam.extend(idParam.shape);
const route = routeOptions('equipments');
const base = '/organizations/:orgId/customers/:id/equipments';

/** A customer's equipment. */
export const equipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    route('customer.see', { params, querystring: listQuery, response: { 200: equipmentListResponse } }),
    (request) => listEquipments(app.db, request.auth.organizationId, request.params.id, request.query),
  );
  app.post(
    base,
    route('equipment.manage', { params, body: equipmentBody, response: { 201: equipmentResponse } }),
    async (request, reply) =>
      reply.code(201).send(await createEquipment(app.db, request.auth.organizationId, request.params.id, request.body)),
  );
  app.get(
    `${base}/:equipmentId/history`,
    route('customer.see', {
      summary: 'O histórico do equipamento: as ordens de serviço, checklists e fotos',
      params: equipmentParam,
      querystring: listQuery,
      response: { 200: equipmentHistoryResponse },
    }),
    (request) =>
      equipmentHistory(
        app.db,
        request.auth.organizationId,
        request.params.id,
        request.params.equipmentId,
        request.query,
      ),
  );
  app.get(
    `${base}/:equipmentId`,
    route('customer.see', { params: equipmentParam, response: { 200: equipmentResponse } }),
    (request) => getEquipment(app.db, request.auth.organizationId, request.params.id, request.params.equipmentId),
  );
  app.put(
    `${base}/:equipmentId`,
    route('equipment.manage', { params: equipmentParam, body: equipmentBody, response: { 200: equipmentResponse } }),
    (request) =>
      updateEquipment(app.db, request.auth.organizationId, request.params.id, request.params.equipmentId, request.body),
  );
  app.delete(`${base}/:equipmentId`, route('equipment.manage', { params: equipmentParam }), async (request, reply) => {
    await deleteEquipment(app.db, request.auth.organizationId, request.params.id, request.params.equipmentId);
    return reply.code(204).send();
  });
};
