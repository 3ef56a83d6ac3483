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

const templates = '/organizations/:orgId/checklist-templates';
const orderParams = orgParam.extend(idParam.shape);

export const checklistRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['checklists'];
  app.get(
    templates,
    {
      schema: {
        tags,
        params: orgParam,
        querystring: checklistTemplatesQuery,
        response: { 200: checklistTemplateList },
      },
      config: { access: { can: 'checklist.see' } },
    },
    (request) => listTemplates(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    templates,
    {
      schema: { tags, params: orgParam, body: checklistTemplateBody, response: { 201: checklistTemplate } },
      config: { access: { can: 'checklist.manage' } },
    },
    async (request, reply) =>
      reply.code(201).send(await createTemplate(app.db, request.auth.organizationId, request.body)),
  );
  app.get(
    `${templates}/:id`,
    {
      schema: { tags, params: checklistTemplateParams, response: { 200: checklistTemplate } },
      config: { access: { can: 'checklist.see' } },
    },
    (request) => getTemplate(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    `${templates}/:id`,
    {
      schema: {
        tags,
        params: checklistTemplateParams,
        body: checklistTemplateBody,
        response: { 200: checklistTemplate },
      },
      config: { access: { can: 'checklist.manage' } },
    },
    (request) => updateTemplate(app.db, request.auth.organizationId, request.params.id, request.body),
  );
  app.delete(
    `${templates}/:id`,
    {
      schema: { tags, summary: 'Retira o checklist (as ordens guardam a sua cópia)', params: checklistTemplateParams },
      config: { access: { can: 'checklist.manage' } },
    },
    async (request, reply) => {
      await retireTemplate(app.db, request.auth.organizationId, request.params.id);
      return reply.code(204).send();
    },
  );

  const orderBase = '/organizations/:orgId/invoices/:id/checklists';
  app.get(
    orderBase,
    {
      config: { access: { can: 'invoice.see' } },
      schema: {
        tags,
        summary: 'Os checklists da ordem de serviço, com as respostas',
        params: orderParams,
        response: { 200: orderChecklistsResponse },
      },
    },
    (request) => listOrderChecklists(app.db, request.auth, request.params.id),
  );
  app.post(
    orderBase,
    {
      schema: {
        tags,
        summary: 'Inclui um checklist na ordem de serviço',
        params: orderParams,
        body: attachChecklistBody,
        response: { 201: orderChecklist },
      },
      config: { access: { can: 'invoice.edit' } },
    },
    async (request, reply) =>
      reply.code(201).send(await attachChecklist(app.db, request.auth, request.params.id, request.body.template)),
  );
  app.put(
    `${orderBase}/:checklistId`,
    {
      config: { access: { can: 'invoice.work' } },
      schema: {
        tags,
        summary: 'Responde itens do checklist',
        params: orderChecklistParams,
        body: answerChecklistBody,
        response: { 200: orderChecklist },
      },
    },
    (request) => answerChecklist(app.db, request.auth, request.params.id, request.params.checklistId, request.body),
  );
  app.delete(
    `${orderBase}/:checklistId`,
    {
      schema: { tags, summary: 'Remove o checklist da ordem de serviço', params: orderChecklistParams },
      config: { access: { can: 'invoice.edit' } },
    },
    async (request, reply) => {
      await removeChecklist(app.db, request.auth, request.params.id, request.params.checklistId);
      return reply.code(204).send();
    },
  );
};
