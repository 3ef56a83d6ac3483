import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addEstimateCommentBody,
  addEstimateEquipmentBody,
  addEstimateProductBody,
  addEstimateReminderBody,
  addEstimateServiceBody,
  availableResponse,
  availableTagsResponse,
  createEstimateBody,
  editProductLineBody,
  editServiceLineBody,
  createEstimateResponse,
  estimateComment,
  estimateCommentParams,
  estimateCommentsResponse,
  estimateDetail,
  estimateDepositBody,
  estimateDiscountBody,
  estimateEquipmentLine,
  estimateFilterQuery,
  estimateInvoicesResponse,
  estimateLineParams,
  estimateListResponse,
  estimateParams,
  estimateProductLine,
  estimateReminder,
  estimateReminderParams,
  estimateRemindersResponse,
  estimateServiceLine,
  estimateStatusBody,
  estimateTagParams,
  generateInvoiceBody,
  generateInvoiceResponse,
  invoiceTag,
  listQuery,
  moveEstimateReminderBody,
  orgParam,
  pdfResponse,
  estimateShareResponse,
  sendEmailBody,
  sentEmail,
  sentEmailsResponse,
  ESTIMATE_EMAILS_PER_MINUTE,
  estimateMessages,
} from '@ordem-certa/contracts';
import {
  changeEstimateStatus,
  createEstimate,
  getEstimateDetail,
  listEstimates,
  updateEstimateDiscount,
  viewEstimate,
} from './estimates.service.ts';
import { updateEstimateDeposit } from './estimate-deposit.service.ts';
import {
  addEquipment,
  addProduct,
  addService,
  availableEquipments,
  availableProducts,
  availableServices,
  editLine,
  removeLine,
  type EstimateLineKind,
} from './estimate-lines.service.ts';
import { recordEmailDeps } from '../../core/records/email.ts';
import {
  addComment,
  addReminder,
  addTag,
  availableTags,
  listComments,
  listEmails,
  listReminders,
  moveReminder,
  removeComment,
  removeTag,
  estimatePictures,
} from './estimate-paperwork.service.ts';
import { pictureRoutes } from '../../core/records/picture-routes.ts';
import { requestEstimatePdf, sendEstimateEmail } from './estimate-documents.service.ts';
import { revokeEstimateShare, shareEstimate } from './estimate-sharing.service.ts';
import { generateInvoice, listEstimateInvoices } from './estimate-invoices.service.ts';

/** Every estimate route: admins of organizations with the 'estimates' feature (the one access check). */
const tags = ['estimates'];
const base = '/organizations/:orgId/estimates';
const one = `${base}/:id`;

export const estimateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      schema: { tags, params: orgParam, querystring: estimateFilterQuery, response: { 200: estimateListResponse } },
      config: { access: { can: 'estimate.see', feature: 'estimates' } },
    },
    (request) => listEstimates(app.db, request.auth, request.query),
  );
  app.post(
    base,
    {
      schema: { tags, params: orgParam, body: createEstimateBody, response: { 201: createEstimateResponse } },
      config: { access: { can: 'estimate.create', feature: 'estimates' } },
    },
    async (request, reply) => reply.code(201).send(await createEstimate(app.db, request.auth, request.body)),
  );
  app.get(
    one,
    {
      schema: { tags, params: estimateParams, response: { 200: estimateDetail } },
      config: { access: { can: 'estimate.see', feature: 'estimates' } },
    },
    (request) => viewEstimate(app.db, request.auth, request.params.id),
  );
  app.patch(
    one,
    {
      schema: { tags, params: estimateParams, body: estimateStatusBody, response: { 200: estimateDetail } },
      config: { access: { can: 'estimate.approve', feature: 'estimates' } },
    },
    (request) => changeEstimateStatus(app.db, request.auth, request.params.id, request.body),
  );
  app.post(
    `${one}/discount`,
    {
      schema: { tags, params: estimateParams, body: estimateDiscountBody, response: { 200: estimateDetail } },
      config: { access: { can: 'estimate.edit', feature: 'estimates' } },
    },
    (request) => updateEstimateDiscount(app.db, request.auth, request.params.id, request.body),
  );
  app.post(
    `${one}/deposit`,
    {
      schema: { tags, params: estimateParams, body: estimateDepositBody, response: { 200: estimateDetail } },
      config: { access: { can: 'estimate.edit', feature: 'estimates' } },
    },
    async (request) => {
      await updateEstimateDeposit(app.db, request.auth, request.params.id, request.body);
      return getEstimateDetail(app.db, request.auth, request.params.id);
    },
  );

  // ---- lines ----
  const available = { tags, params: estimateParams, querystring: listQuery, response: { 200: availableResponse } };
  app.get(
    `${one}/services/available`,
    { schema: available, config: { access: { can: 'estimate.edit', feature: 'estimates' } } },
    (request) => availableServices(app.db, request.auth, request.params.id, request.query),
  );
  app.get(
    `${one}/products/available`,
    { schema: available, config: { access: { can: 'estimate.edit', feature: 'estimates' } } },
    (request) => availableProducts(app.db, request.auth, request.params.id, request.query),
  );
  app.get(
    `${one}/equipments/available`,
    { schema: available, config: { access: { can: 'estimate.edit', feature: 'estimates' } } },
    (request) => availableEquipments(app.db, request.auth, request.params.id, request.query),
  );
  app.post(
    `${one}/services`,
    {
      schema: { tags, params: estimateParams, body: addEstimateServiceBody, response: { 201: estimateServiceLine } },
      config: { access: { can: 'estimate.edit', feature: 'estimates' } },
    },
    async (request, reply) =>
      reply.code(201).send(await addService(app.db, request.auth, request.params.id, request.body)),
  );
  app.post(
    `${one}/products`,
    {
      schema: { tags, params: estimateParams, body: addEstimateProductBody, response: { 201: estimateProductLine } },
      config: { access: { can: 'estimate.edit', feature: 'estimates' } },
    },
    async (request, reply) =>
      reply.code(201).send(await addProduct(app.db, request.auth, request.params.id, request.body)),
  );
  app.post(
    `${one}/equipments`,
    {
      schema: {
        tags,
        params: estimateParams,
        body: addEstimateEquipmentBody,
        response: { 201: estimateEquipmentLine },
      },
      config: { access: { can: 'estimate.edit', feature: 'estimates' } },
    },
    async (request, reply) =>
      reply.code(201).send(await addEquipment(app.db, request.auth, request.params.id, request.body.equipment)),
  );
  app.patch(
    `${one}/services/:lineId`,
    {
      schema: { tags, params: estimateLineParams, body: editServiceLineBody, response: { 200: estimateServiceLine } },
      config: { access: { can: 'estimate.edit', feature: 'estimates' } },
    },
    (request) => editLine(app.db, request.auth, request.params.id, 'services', request.params.lineId, request.body),
  );
  app.patch(
    `${one}/products/:lineId`,
    {
      schema: { tags, params: estimateLineParams, body: editProductLineBody, response: { 200: estimateProductLine } },
      config: { access: { can: 'estimate.edit', feature: 'estimates' } },
    },
    (request) => editLine(app.db, request.auth, request.params.id, 'products', request.params.lineId, request.body),
  );
  for (const kind of ['services', 'products', 'equipments'] as EstimateLineKind[]) {
    app.delete(
      `${one}/${kind}/:lineId`,
      {
        schema: { tags, params: estimateLineParams },
        config: { access: { can: 'estimate.edit', feature: 'estimates' } },
      },
      async (request, reply) => {
        await removeLine(app.db, request.auth, request.params.id, kind, request.params.lineId);
        return reply.code(204).send();
      },
    );
  }

  // ---- notes ----
  app.get(
    `${one}/comments`,
    {
      schema: { tags, params: estimateParams, response: { 200: estimateCommentsResponse } },
      config: { access: { can: 'estimate.see', feature: 'estimates' } },
    },
    (request) => listComments(app.db, request.auth, request.params.id),
  );
  app.post(
    `${one}/comments`,
    {
      schema: { tags, params: estimateParams, body: addEstimateCommentBody, response: { 201: estimateComment } },
      config: { access: { can: 'estimate.edit', feature: 'estimates' } },
    },
    async (request, reply) =>
      reply.code(201).send(await addComment(app.db, request.auth, request.params.id, request.body)),
  );
  app.delete(
    `${one}/comments/:commentId`,
    {
      schema: { tags, params: estimateCommentParams },
      config: { access: { can: 'estimate.edit', feature: 'estimates' } },
    },
    async (request, reply) => {
      await removeComment(app.db, request.auth, request.params.id, request.params.commentId);
      return reply.code(204).send();
    },
  );

  // ---- tags ----
  app.get(
    `${one}/tags/available`,
    {
      schema: { tags, params: estimateParams, querystring: listQuery, response: { 200: availableTagsResponse } },
      config: { access: { can: 'tag.apply', feature: 'estimates' } },
    },
    (request) => availableTags(app.db, request.auth, request.params.id, request.query),
  );
  app.post(
    `${one}/tags/:tagId`,
    {
      schema: { tags, params: estimateTagParams, response: { 201: invoiceTag } },
      config: { access: { can: 'tag.apply', feature: 'estimates' } },
    },
    async (request, reply) =>
      reply.code(201).send(await addTag(app.db, request.auth, request.params.id, request.params.tagId)),
  );
  app.delete(
    `${one}/tags/:tagId`,
    { schema: { tags, params: estimateTagParams }, config: { access: { can: 'tag.apply', feature: 'estimates' } } },
    async (request, reply) => {
      await removeTag(app.db, request.auth, request.params.id, request.params.tagId);
      return reply.code(204).send();
    },
  );

  // ---- reminders ----
  app.get(
    `${one}/reminders`,
    {
      schema: { tags, params: estimateParams, response: { 200: estimateRemindersResponse } },
      config: { access: { can: 'estimate.see', feature: 'estimates' } },
    },
    (request) => listReminders(app.db, request.auth, request.params.id),
  );
  app.post(
    `${one}/reminders`,
    {
      schema: { tags, params: estimateParams, body: addEstimateReminderBody, response: { 201: estimateReminder } },
      config: { access: { can: 'estimate.edit', feature: 'estimates' } },
    },
    async (request, reply) =>
      reply.code(201).send(await addReminder(app.db, request.auth, request.params.id, request.body)),
  );
  app.patch(
    `${one}/reminders/:reminderId`,
    {
      schema: {
        tags,
        params: estimateReminderParams,
        body: moveEstimateReminderBody,
        response: { 200: estimateReminder },
      },
      config: { access: { can: 'estimate.edit', feature: 'estimates' } },
    },
    (request) =>
      moveReminder(app.db, request.auth, request.params.id, request.params.reminderId, request.body.reminderAt),
  );

  pictureRoutes(app, one, estimatePictures, {
    tags,
    see: { can: 'estimate.see', feature: 'estimates' },
    change: { can: 'estimate.edit', feature: 'estimates' },
  });

  // ---- the customer's link: share (a new link; the old one stops working) and revoke ----
  app.post(
    `${one}/share`,
    {
      schema: {
        tags,
        summary: 'Link público para o cliente aprovar ou recusar o orçamento (substitui o anterior)',
        params: estimateParams,
        response: { 200: estimateShareResponse },
      },
      config: { access: { can: 'estimate.send', feature: 'estimates' } },
    },
    (request) => shareEstimate(app.db, request.auth, request.params.id),
  );
  app.delete(
    `${one}/share`,
    {
      schema: { tags, summary: 'Revoga o link público do orçamento', params: estimateParams },
      config: { access: { can: 'estimate.send', feature: 'estimates' } },
    },
    async (request, reply) => {
      await revokeEstimateShare(app.db, request.auth, request.params.id);
      return reply.code(204).send();
    },
  );

  // ---- PDF and e-mail ----
  app.post(
    `${one}/pdf`,
    {
      schema: { tags, params: estimateParams, response: { 200: pdfResponse } },
      config: { access: { can: 'estimate.send', feature: 'estimates' } },
    },
    (request) => requestEstimatePdf(app.db, app.links, request.auth, request.params.id),
  );
  app.post(
    `${one}/email`,
    {
      schema: { tags, params: estimateParams, body: sendEmailBody, response: { 200: sentEmail } },
      // Per organization, whichever estimate or instance: counted in the database after the login is checked.
      config: {
        access: { can: 'estimate.send', feature: 'estimates' },
        rateLimit: {
          max: ESTIMATE_EMAILS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `org-${request.auth.organizationId}`,
          errorResponseBuilder: () => ({ statusCode: 429, errors: [estimateMessages.emailsTooFast] }),
        },
      },
    },
    (request) => sendEstimateEmail(recordEmailDeps(app, request), request.auth, request.params.id, request.body.to),
  );
  app.get(
    `${one}/emails`,
    {
      schema: { tags, params: estimateParams, response: { 200: sentEmailsResponse } },
      config: { access: { can: 'estimate.see', feature: 'estimates' } },
    },
    (request) => listEmails(app.db, request.auth, request.params.id),
  );

  // ---- orders generated from the estimate ----
  app.get(
    `${one}/invoices`,
    {
      schema: { tags, params: estimateParams, response: { 200: estimateInvoicesResponse } },
      config: { access: { can: 'estimate.see', feature: 'estimates' } },
    },
    (request) => listEstimateInvoices(app.db, request.auth, request.params.id),
  );
  app.post(
    `${one}/invoices`,
    {
      schema: { tags, params: estimateParams, body: generateInvoiceBody, response: { 201: generateInvoiceResponse } },
      config: { access: { can: 'invoice.create', feature: 'estimates' } },
    },
    async (request, reply) =>
      reply.code(201).send(await generateInvoice(app.db, request.auth, request.params.id, request.body)),
  );
};
