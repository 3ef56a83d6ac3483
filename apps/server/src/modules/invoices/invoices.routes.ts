import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allowedChangesResponse,
  createInvoiceBody,
  createInvoiceResponse,
  discountBody,
  InvoiceState,
  invoiceCardResponse,
  invoiceDetail,
  invoiceFilterQuery,
  invoiceInfoBody,
  invoiceVisitBody,
  invoiceListResponse,
  invoiceParams,
  invoiceStatusChangeParams,
  invoiceStateChangeBody,
  orgParam,
  payBody,
  type InvoiceStateValue,
} from '@ordem-certa/contracts';
import {
  createInvoice,
  payInvoice,
  undoPayment,
  updateDiscount,
  updateInvoiceInfo,
  updateVisit,
} from './invoices.service.ts';
import { homeCard, listAnswerDependsOn, listInvoices, type HomeCard } from './invoice-list.service.ts';
import { detailDependsOn, getInvoiceDetail, viewInvoice } from './invoice-detail.service.ts';
import { keptAnswer } from '../../lib/kept-answers.ts';
import { allowedChanges, changeState } from './invoice-workflow.service.ts';
import { invoiceLineRoutes } from './invoice-lines.routes.ts';
import { invoicePaperworkRoutes } from './invoice-paperwork.routes.ts';

const tags = ['invoices'];
const base = '/organizations/:orgId/invoices';

/**
 * Service orders. Every route reads the order through the actor's visibility (a
 * collaborator's other orders are 404) and admin-only routes are declared here.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${base}/filter`,
    {
      config: { access: { can: 'invoice.see' } },
      schema: { tags, params: orgParam, querystring: invoiceFilterQuery, response: { 200: invoiceListResponse } },
    },
    (request, reply) => {
      const build = () => listInvoices(app.db, request.auth, request.query);
      const dependsOn = listAnswerDependsOn(request.query);
      return dependsOn ? keptAnswer(app.db, request, reply, dependsOn, build) : build();
    },
  );

  for (const card of ['wip', 'completed', 'blocked'] as HomeCard[]) {
    app.get(
      `${base}/${card}`,
      {
        schema: { tags, params: orgParam, response: { 200: invoiceCardResponse } },
        config: { access: { can: 'invoice.seeAll' } },
      },
      (request) => homeCard(app.db, request.auth, card),
    );
  }

  app.post(
    base,
    {
      schema: { tags, params: orgParam, body: createInvoiceBody, response: { 201: createInvoiceResponse } },
      config: { access: { can: 'invoice.create' } },
    },
    async (request, reply) => reply.code(201).send(await createInvoice(app.db, request.auth, request.body)),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: { can: 'invoice.see' } },
      schema: { tags, params: invoiceParams, response: { 200: invoiceDetail } },
    },
    (request, reply) =>
      viewInvoice(app.db, request.auth, request.params.id, () =>
        keptAnswer(app.db, request, reply, detailDependsOn, () =>
          getInvoiceDetail(app.db, request.auth, request.params.id),
        ),
      ),
  );

  app.post(
    `${base}/:id/info`,
    {
      schema: { tags, params: invoiceParams, body: invoiceInfoBody, response: { 200: invoiceDetail } },
      config: { access: { can: 'invoice.edit' } },
    },
    (request) => updateInvoiceInfo(app.db, request.auth, request.params.id, request.body),
  );

  app.post(
    `${base}/:id/visit`,
    {
      schema: { tags, params: invoiceParams, body: invoiceVisitBody, response: { 200: invoiceDetail } },
      config: { access: { can: 'invoice.schedule' } },
    },
    (request) => updateVisit(app.db, request.auth, request.params.id, request.body),
  );

  app.post(
    `${base}/:id/discount`,
    {
      schema: { tags, params: invoiceParams, body: discountBody, response: { 200: invoiceDetail } },
      config: { access: { can: 'invoice.edit' } },
    },
    (request) => updateDiscount(app.db, request.auth, request.params.id, request.body),
  );

  app.post(
    `${base}/:id/pay`,
    {
      schema: { tags, params: invoiceParams, body: payBody, response: { 200: invoiceDetail } },
      config: { access: { can: 'payment.record' } },
    },
    (request) => payInvoice(app.db, request.auth, request.params.id, request.body),
  );

  app.post(
    `${base}/:id/undo-payment`,
    {
      schema: { tags, params: invoiceParams, response: { 200: invoiceDetail } },
      config: { access: { can: 'payment.record' } },
    },
    (request) => undoPayment(app.db, request.auth, request.params.id),
  );

  // ---- workflow: state changes (allowedInvoiceChanges decides which) ----
  app.get(
    `${base}/:id/allowed-changes`,
    {
      config: { access: { can: 'invoice.see' } },
      schema: { tags, params: invoiceParams, response: { 200: allowedChangesResponse } },
    },
    (request) => allowedChanges(app.db, request.auth, request.params.id),
  );

  const fixed: Array<[string, InvoiceStateValue]> = [
    ['start', InvoiceState.Wip],
    ['todo', InvoiceState.Todo],
    ['complete', InvoiceState.Completed],
  ];
  for (const [path, to] of fixed) {
    app.post(
      `${base}/:id/${path}`,
      {
        schema: { tags, params: invoiceParams, body: invoiceStateChangeBody, response: { 200: invoiceDetail } },
        config: { access: { can: 'invoice.work' } },
      },
      (request) => changeState(app.db, request.auth, request.params.id, to, undefined, request.body),
    );
  }
  app.post(
    `${base}/:id/block/:statusId`,
    {
      config: { access: { can: 'invoice.work' } },
      schema: {
        tags,
        params: invoiceStatusChangeParams,
        body: invoiceStateChangeBody,
        response: { 200: invoiceDetail },
      },
    },
    (request) =>
      changeState(app.db, request.auth, request.params.id, InvoiceState.Blocked, request.params.statusId, request.body),
  );
  // Cancelling is the admin's call; a technician blocks with a reason instead.
  app.post(
    `${base}/:id/cancel/:statusId`,
    {
      schema: {
        tags,
        params: invoiceStatusChangeParams,
        body: invoiceStateChangeBody,
        response: { 200: invoiceDetail },
      },
      config: { access: { can: 'invoice.cancel' } },
    },
    (request) =>
      changeState(
        app.db,
        request.auth,
        request.params.id,
        InvoiceState.Canceled,
        request.params.statusId,
        request.body,
      ),
  );

  await app.register(invoiceLineRoutes);
  await app.register(invoicePaperworkRoutes);
};
