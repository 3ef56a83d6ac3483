import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  expenseBody,
  expenseCategoriesQuery,
  expenseCategoriesResponse,
  expenseListQuery,
  expenseListResponse,
  expenseParams,
  expenseResponse,
  orgParam,
  payExpenseBody,
} from '@ordem-certa/contracts';
import { readExpenseAttachment } from './expense-attachment.ts';
import {
  createExpense,
  deleteExpense,
  deleteExpenseAttachment,
  expenseCategories,
  getExpense,
  getExpenseAttachment,
  listExpenses,
  payExpense,
  putExpenseAttachment,
  updateExpense,
} from './expenses.service.ts';
import { attachmentDisposition } from '../../lib/download-name.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('expenses');
const base = '/organizations/:orgId/expenses';

/** Expenses (contas a pagar), admins only: the list with its sum, CRUD, paying, categories, the attachment. */
export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    route('expense.see', { params: orgParam, querystring: expenseListQuery, response: { 200: expenseListResponse } }),
    (request) => listExpenses(app.db, request.auth.organizationId, request.query),
  );
  app.get(
    `${base}/categories`,
    route('expense.see', {
      summary: 'As categorias em uso na organização (sugestões)',
      params: orgParam,
      querystring: expenseCategoriesQuery,
      response: { 200: expenseCategoriesResponse },
    }),
    (request) => expenseCategories(app.db, request.auth.organizationId, request.query.q),
  );
  app.post(
    base,
    route('expense.manage', { params: orgParam, body: expenseBody, response: { 201: expenseResponse } }),
    async (request, reply) => reply.code(201).send(await createExpense(app.db, request.auth, request.body)),
  );
  app.get(
    `${base}/:id`,
    route('expense.see', { params: expenseParams, response: { 200: expenseResponse } }),
    (request) => getExpense(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    `${base}/:id`,
    route('expense.manage', { params: expenseParams, body: expenseBody, response: { 200: expenseResponse } }),
    (request) => updateExpense(app.db, request.auth, request.params.id, request.body),
  );
  app.delete(`${base}/:id`, route('expense.manage', { params: expenseParams }), async (request, reply) => {
    await deleteExpense(app.db, app.storage, request.auth, request.params.id);
    return reply.code(204).send();
  });
  app.post(
    `${base}/:id/pay`,
    route('expense.manage', {
      summary: 'Marca a despesa como paga na data informada',
      params: expenseParams,
      body: payExpenseBody,
      response: { 200: expenseResponse },
    }),
    (request) => payExpense(app.db, request.auth, request.params.id, request.body.paidAt),
  );

  // The attachment: multipart upload (field `file`: a PDF, PNG or JPEG up to 10 MB), download, removal.
  app.post(
    `${base}/:id/attachment`,
    route('expense.manage', {
      summary: 'Envia o anexo (multipart, campo file; PDF, PNG ou JPEG até 10 MB)',
      params: expenseParams,
      consumes: ['multipart/form-data'],
      response: { 200: expenseResponse },
    }),
    async (request) => {
      const file = await readExpenseAttachment(request);
      return putExpenseAttachment(app.db, app.storage, request.auth, request.params.id, file);
    },
  );
  app.get(
    `${base}/:id/attachment`,
    route('expense.see', { summary: 'Baixa o anexo', params: expenseParams }),
    async (request, reply) => {
      const file = await getExpenseAttachment(app.db, app.storage, request.auth.organizationId, request.params.id);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachmentDisposition(file.name))
        .send(file.data);
    },
  );
  app.delete(
    `${base}/:id/attachment`,
    route('expense.manage', { summary: 'Remove o anexo', params: expenseParams }),
    async (request, reply) => {
      await deleteExpenseAttachment(app.db, app.storage, request.auth, request.params.id);
      return reply.code(204).send();
    },
  );
};
