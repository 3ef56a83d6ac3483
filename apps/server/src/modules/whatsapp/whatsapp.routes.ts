import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerMessage,
  customerMessagesResponse,
  idParam,
  listQuery,
  orgParam,
  replyBody,
  whatsappConsentBody,
  whatsappConsentResponse,
  whatsappSettingsBody,
  whatsappSettingsResponse,
  whatsappTemplatesResponse,
} from '@ordem-certa/contracts';
import { routeOptions } from '../../plugins/route-options.ts';
import { whatsAppContext } from './connection.ts';
import { getConsent, putConsent } from './consent.service.ts';
import { listenToCustomerEvents } from './customer-events.ts';
import { onReceived } from './inbound.ts';
import { handleReply } from './replies.ts';
import { customerConversation, invoiceConversation, reply } from './messages.service.ts';
import { getSettings, putSettings, testConnection } from './settings.service.ts';
import { listProductTemplates, submitTemplates, syncTemplates } from './templates.service.ts';
import { webhookRoutes } from './webhook.routes.ts';

const params = orgParam.extend(idParam.shape);
const route = routeOptions('whatsapp');

/**
 * WhatsApp through Meta's Cloud API: the organization's connection and templates, a customer's
 * consent, the conversation with a customer and on an order, the office's answer, and Meta's webhook.
 */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = whatsAppContext(app);
  // What the features write queues its message in their transactions, while this app runs.
  const stopListening = listenToCustomerEvents(ctx);
  app.addHook('onClose', async () => stopListening());
  // A customer's answer: 'Confirmar' confirms the visit, 'Remarcar' and texts tell the office.
  onReceived(handleReply);

  app.get(
    '/organizations/:orgId/whatsapp/settings',
    route('whatsapp.configure', {
      summary: 'A conexão com o WhatsApp (sem o token nem o segredo) e os avisos ligados',
      params: orgParam,
      response: { 200: whatsappSettingsResponse },
    }),
    (request) => getSettings(ctx, request.auth.organizationId),
  );

  app.put(
    '/organizations/:orgId/whatsapp/settings',
    route('whatsapp.configure', {
      summary: 'Define a conexão com o WhatsApp (token e segredo em branco mantêm os guardados) e os avisos',
      params: orgParam,
      body: whatsappSettingsBody,
      response: { 200: whatsappSettingsResponse },
    }),
    (request) => putSettings(ctx, request.auth.organizationId, request.body),
  );

  app.post(
    '/organizations/:orgId/whatsapp/settings/test',
    route('whatsapp.configure', {
      summary: 'Testar: lê na Meta os dados do número de telefone com o token guardado',
      params: orgParam,
      response: { 200: whatsappSettingsResponse },
    }),
    (request) => testConnection(ctx, request.auth.organizationId),
  );

  app.get(
    '/organizations/:orgId/whatsapp/templates',
    route('whatsapp.configure', {
      summary: 'Os modelos de mensagem do produto e a situação de cada um na Meta',
      params: orgParam,
      response: { 200: whatsappTemplatesResponse },
    }),
    (request) => listProductTemplates(app.db, request.auth.organizationId),
  );

  app.post(
    '/organizations/:orgId/whatsapp/templates/submit',
    route('whatsapp.configure', {
      summary: 'Envia para aprovação da Meta os modelos que a conta ainda não tem',
      params: orgParam,
      response: { 200: whatsappTemplatesResponse },
    }),
    (request) => submitTemplates(ctx, request.auth.organizationId),
  );

  app.post(
    '/organizations/:orgId/whatsapp/templates/sync',
    route('whatsapp.configure', {
      summary: 'Atualizar: lê na Meta a situação de aprovação dos modelos',
      params: orgParam,
      response: { 200: whatsappTemplatesResponse },
    }),
    (request) => syncTemplates(ctx, request.auth.organizationId),
  );

  app.get(
    '/organizations/:orgId/customers/:id/whatsapp-consent',
    route('customer.see', {
      summary: 'O consentimento do cliente para mensagens pelo WhatsApp (LGPD) e o seu histórico',
      params,
      response: { 200: whatsappConsentResponse },
    }),
    (request) => getConsent(app.db, request.auth.organizationId, request.params.id),
  );

  app.put(
    '/organizations/:orgId/customers/:id/whatsapp-consent',
    route('customer.edit', {
      summary: 'Registra que o cliente autorizou (ou recusou) mensagens pelo WhatsApp, e como',
      params,
      body: whatsappConsentBody,
      response: { 200: whatsappConsentResponse },
    }),
    (request) => putConsent(app.db, request.auth, request.params.id, request.body),
  );

  app.get(
    '/organizations/:orgId/customers/:id/messages',
    route('message.see', {
      summary:
        'A conversa com o cliente pelo WhatsApp (e os e-mails que substituíram mensagens), mais recente primeiro',
      params,
      querystring: listQuery,
      response: { 200: customerMessagesResponse },
    }),
    (request) => customerConversation(app.db, request.auth.organizationId, request.params.id, request.query),
  );

  app.post(
    '/organizations/:orgId/customers/:id/messages',
    route('message.send', {
      summary: 'Responde ao cliente com texto livre (só nas 24 horas depois da última mensagem dele)',
      params,
      body: replyBody,
      response: { 201: customerMessage },
    }),
    async (request, reply_) =>
      reply_.code(201).send(await reply(app.db, request.auth, request.params.id, request.body)),
  );

  app.get(
    '/organizations/:orgId/invoices/:id/messages',
    route('message.see', {
      summary: 'As mensagens do WhatsApp sobre a ordem de serviço, mais recente primeiro',
      params,
      querystring: listQuery,
      response: { 200: customerMessagesResponse },
    }),
    (request) => invoiceConversation(app.db, request.auth.organizationId, request.params.id, request.query),
  );

  await app.register(webhookRoutes(ctx));
};
