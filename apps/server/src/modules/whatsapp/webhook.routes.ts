import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, messages } from '@ordem-certa/contracts';
import type { WhatsAppContext } from './connection.ts';
import { receiveWebhook, verifySubscription } from './webhook.service.ts';

const tags = ['whatsapp'];
/** Meta's notifications are a few KB; a batch of them stays far below this. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const verificationQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/**
 * Meta's webhook, one URL for every organization: GET answers the subscription's verification, POST
 * takes the notifications. Its own scope reads JSON bodies as the bytes they came as, since the
 * signature is over those bytes and not over any re-encoding of the parsed object.
 */
export const webhookRoutes =
  (ctx: WhatsAppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );

    app.get(
      '/whatsapp/webhook',
      {
        schema: {
          tags,
          summary: 'Verificação do webhook pela Meta: devolve hub.challenge quando o token de verificação confere',
          security: [],
          querystring: verificationQuery,
          response: { 200: z.string().describe('hub.challenge, como texto'), 403: errorBody },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const challenge = await verifySubscription(ctx, request.query);
        if (challenge === null) return reply.code(403).send({ errors: [messages.forbidden] });
        return (reply as FastifyReply).type('text/plain; charset=utf-8').send(challenge);
      },
    );

    app.post(
      '/whatsapp/webhook',
      {
        schema: {
          tags,
          summary:
            'Notificações da Meta (status das mensagens, respostas dos clientes, situação dos modelos), assinadas em X-Hub-Signature-256',
          security: [],
          response: { 200: z.object({ handled: z.number().int() }), 400: errorBody, 401: errorBody },
        },
        config: { access: 'public' },
        bodyLimit: WEBHOOK_BODY_LIMIT,
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        const outcome = await receiveWebhook(ctx, raw, Array.isArray(signature) ? signature[0] : signature);
        if (outcome.status === 400) return reply.code(400).send({ errors: [messages.invalidFormat] });
        if (outcome.status === 401) return reply.code(401).send({ errors: [messages.unauthenticated] });
        return { handled: 'handled' in outcome ? outcome.handled : 0 };
      },
    );
  };
