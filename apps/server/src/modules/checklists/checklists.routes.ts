import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerChecklistBody,
  attachChecklistBody,
  checklistTemplate,
  checklistTemplateBody,
  checklistTemplateList,
  checklistTemplateParams,
  checklistTemplatesQuery,
  idParam,
  orderChecklist,
  orderChecklistParams,
  orderChecklistsResponse,
  orgParam,
} from '@ordem-certa/contracts';
import {
  createTemplate,
  getTemplate,
  listTemplates,
  retireTemplate,
  updateTemplate,
} from './checklist-templates.service.ts';
import {
  answerChecklist,
  attachChecklist,
  listOrderChecklists,
  removeChecklist,
} from './invoice-checklists.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const templates = '/organizations/:orgId/checklist-templates';
const orderParams = orgParam.extend(idParam.shape);

export const checklistRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions('checklists');
  app.get(
    templates,
    route('checklist.see', {
      params: orgParam,
      querystring: checklistTemplatesQuery,
      response: { 200: checklistTemplateList },
    }),
    (request) => listTemplates(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    templates,
    route('checklist.manage', { params: orgParam, body: checklistTemplateBody, response: { 201: checklistTemplate } }),
    async (request, reply) =>
      reply.code(201).send(await createTemplate(app.db, request.auth.organizationId, request.body)),
  );
  app.get(
    `${templates}/:id`,
    route('checklist.see', { params: checklistTemplateParams, response: { 200: checklistTemplate } }),
    (request) => getTemplate(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    `${templates}/:id`,
    route('checklist.manage', {
      params: checklistTemplateParams,
      body: checklistTemplateBody,
      response: { 200: checklistTemplate },
    }),
    (request) => updateTemplate(app.db, request.auth.organizationId, request.params.id, request.body),
  );
  app.delete(
    `${templates}/:id`,
    route('checklist.manage', {
      summary: 'Retira o checklist (as ordens guardam a sua cópia)',
      params: checklistTemplateParams,
    }),
    async (request, reply) => {
      await retireTemplate(app.db, request.auth.organizationId, request.params.id);
      return reply.code(204).send();
    },
  );

  const orderBase = '/organizations/:orgId/invoices/:id/checklists';
  app.get(
    orderBase,
    route('invoice.see', {
      summary: 'Os checklists da ordem de serviço, com as respostas',
      params: orderParams,
      response: { 200: orderChecklistsResponse },
    }),
    (request) => listOrderChecklists(app.db, request.auth, request.params.id),
  );
  app.post(
    orderBase,
    route('invoice.edit', {
      summary: 'Inclui um checklist na ordem de serviço',
      params: orderParams,
      body: attachChecklistBody,
      response: { 201: orderChecklist },
    }),
    async (request, reply) =>
      reply.code(201).send(await attachChecklist(app.db, request.auth, request.params.id, request.body.template)),
  );
  app.put(
    `${orderBase}/:checklistId`,
    route('invoice.work', {
      summary: 'Responde itens do checklist',
      params: orderChecklistParams,
      body: answerChecklistBody,
      response: { 200: orderChecklist },
    }),
    (request) => answerChecklist(app.db, request.auth, request.params.id, request.params.checklistId, request.body),
  );
  app.delete(
    `${orderBase}/:checklistId`,
    route('invoice.edit', { summary: 'Remove o checklist da ordem de serviço', params: orderChecklistParams }),
    async (request, reply) => {
      await removeChecklist(app.db, request.auth, request.params.id, request.params.checklistId);
      return reply.code(204).send();
    },
  );
};
