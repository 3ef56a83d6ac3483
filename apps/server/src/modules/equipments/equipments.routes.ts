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

const params = orgParam.extend(idParam.shape);
const tags = ['equipments'];
const base = '/organizations/:orgId/customers/:id/equipments';

/** A customer's equipment. */
export const equipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      schema: { tags, params, querystring: listQuery, response: { 200: equipmentListResponse } },
      config: { access: { can: 'customer.see' } },
    },
    (request) => listEquipments(app.db, request.auth.organizationId, request.params.id, request.query),
  );
  app.post(
    base,
    {
      schema: { tags, params, body: equipmentBody, response: { 201: equipmentResponse } },
      config: { access: { can: 'equipment.manage' } },
    },
    async (request, reply) =>
      reply.code(201).send(await createEquipment(app.db, request.auth.organizationId, request.params.id, request.body)),
  );
  app.get(
    `${base}/:equipmentId/history`,
    {
      schema: {
        tags,
        summary: 'O histórico do equipamento: as ordens de serviço, checklists e fotos',
        params: equipmentParam,
        querystring: listQuery,
        response: { 200: equipmentHistoryResponse },
      },
      config: { access: { can: 'customer.see' } },
    },
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
    {
      schema: { tags, params: equipmentParam, response: { 200: equipmentResponse } },
      config: { access: { can: 'customer.see' } },
    },
    (request) => getEquipment(app.db, request.auth.organizationId, request.params.id, request.params.equipmentId),
  );
  app.put(
    `${base}/:equipmentId`,
    {
      schema: { tags, params: equipmentParam, body: equipmentBody, response: { 200: equipmentResponse } },
      config: { access: { can: 'equipment.manage' } },
    },
    (request) =>
      updateEquipment(app.db, request.auth.organizationId, request.params.id, request.params.equipmentId, request.body),
  );
  app.delete(
    `${base}/:equipmentId`,
    { schema: { tags, params: equipmentParam }, config: { access: { can: 'equipment.manage' } } },
    async (request, reply) => {
      await deleteEquipment(app.db, request.auth.organizationId, request.params.id, request.params.equipmentId);
      return reply.code(204).send();
    },
  );
};
