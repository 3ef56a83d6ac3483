import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pixWebhookBody, pixWebhookParams } from '@ordem-certa/contracts';
import type { PixContext } from './pix-psp.service.ts';
import { receiveWebhook } from './pix-received.service.ts';

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
};
