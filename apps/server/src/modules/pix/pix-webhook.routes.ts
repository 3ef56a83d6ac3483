import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cobrWebhookBody, pixWebhookBody, pixWebhookParams, recWebhookBody } from '@ordem-certa/contracts';
import type { PixContext } from './pix-psp.service.ts';
import { receiveWebhook } from './pix-received.service.ts';
import { receiveAutomaticoWebhook } from './automatico-webhook.ts';

/**
 * The PSP's webhook: POST {APP_URL}/api/pix/webhook/{token}/pix, public (the PSP has no login) and found
 * by the company's random token. It answers 200 at once; each Pix is then confirmed with the PSP before
 * anything is recorded, so a forged call records nothing.
 */
export const pixWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PixContext = { db: app.db, config: app.config, log: app.log };
  app.post(
    '/pix/webhook/:token/pix',
    {
      schema: {
        tags: ['pix'],
        summary: 'Webhook do PSP: Pix recebidos (cada um é confirmado com o PSP antes de ser registrado)',
        params: pixWebhookParams,
        body: pixWebhookBody,
        response: { 200: z.object({}) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const { token } = request.params;
      const items = request.body.pix;
      setImmediate(() => {
        receiveWebhook(ctx, token, items).catch((err: unknown) => app.log.error({ err }, 'Pix webhook failed'));
      });
      return {};
    },
  );

  // Pix Automático: the PSP tells of recurrences (/rec) and recurring charges (/cobr); each is read again
  // from the PSP (GET /rec/{idRec}, GET /cobr/{txid}) before anything is kept or recorded.
  app.post(
    '/pix/webhook/:token/rec',
    {
      schema: {
        tags: ['pix'],
        summary: 'Webhook do PSP: recorrências do Pix Automático (cada uma é lida de novo no PSP)',
        params: pixWebhookParams,
        body: recWebhookBody,
        response: { 200: z.object({}) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const idRecs = request.body.recs.map((x) => x.idRec);
      setImmediate(() => {
        receiveAutomaticoWebhook(ctx, request.params.token, { idRecs }).catch((err: unknown) =>
          app.log.error({ err }, 'Pix Automático webhook failed'),
        );
      });
      return {};
    },
  );
  app.post(
    '/pix/webhook/:token/cobr',
    {
      schema: {
        tags: ['pix'],
        summary: 'Webhook do PSP: cobranças recorrentes do Pix Automático (cada uma é lida de novo no PSP)',
        params: pixWebhookParams,
        body: cobrWebhookBody,
        response: { 200: z.object({}) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const txids = request.body.cobsr.map((x) => x.txid);
      setImmediate(() => {
        receiveAutomaticoWebhook(ctx, request.params.token, { txids }).catch((err: unknown) =>
          app.log.error({ err }, 'Pix Automático webhook failed'),
        );
      });
      return {};
    },
  );
};
