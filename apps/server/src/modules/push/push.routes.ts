import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orgParam,
  pushSubscriptionBody,
  pushSubscriptionResponse,
  pushUnsubscribeBody,
  vapidPublicKeyResponse,
} from '@ordem-certa/contracts';
import { subscribe, unsubscribe } from './push.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('push');
const base = '/organizations/:orgId/push-subscriptions';

/** Web Push: the key browsers subscribe with, and each signed-in user's subscriptions (any role). */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/vapid-public-key',
    route('notification.read', {
      summary: 'Chave pública VAPID (applicationServerKey) para inscrever o navegador',
      response: { 200: vapidPublicKeyResponse },
    }),
    async () => ({ publicKey: (await app.vapid()).publicKey }),
  );
  app.post(
    base,
    route('notification.read', {
      summary: 'Inscreve o navegador para receber as notificações do usuário (uma por endereço)',
      params: orgParam,
      body: pushSubscriptionBody,
      response: { 201: pushSubscriptionResponse },
    }),
    async (request, reply) =>
      reply.code(201).send(await subscribe(app.db, app.pushEndpoints, request.auth, request.body)),
  );
  app.delete(
    base,
    route('notification.read', {
      summary: 'Cancela a inscrição do navegador',
      params: orgParam,
      body: pushUnsubscribeBody,
    }),
    async (request, reply) => {
      await unsubscribe(app.db, request.auth, request.body.endpoint);
      return reply.code(204).send();
    },
  );
};
