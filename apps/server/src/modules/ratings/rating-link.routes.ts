import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicRating, publicRatingParams, publicRatingQuery, ratingAnswerBody } from '@ordem-certa/contracts';
import { linkRateLimit } from '../../core/documents/pdf-links.ts';
import { onCustomerEvents } from '../../core/notify/customer-events.ts';
import { answerRating, askByEmail, getPublicRating } from './ratings.service.ts';

const tags = ['public'];

/**
 * The customer's rating of a completed order, without a login: the page's API, each call authorized by
 * the token of the link the completion's e-mail (or WhatsApp message) carried. While this app runs, a
 * completed order's transaction makes the request and queues its e-mail.
 */
export const ratingLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const stopListening = onCustomerEvents(app.db, 'rating', (tx, organizationId, e) =>
    e.event === 'orderCompleted'
      ? askByEmail(tx, { organizationId, appUrl: app.config.appUrl ?? '' }, e.invoiceId)
      : Promise.resolve(),
  );
  app.addHook('onClose', async () => stopListening());

  app.get(
    '/public/invoices/:id/rating',
    {
      schema: {
        tags,
        summary: 'A avaliação do atendimento de uma ordem concluída, para a página do cliente (link com token)',
        security: [],
        params: publicRatingParams,
        querystring: publicRatingQuery,
        response: { 200: publicRating },
      },
      config: { access: 'public', rateLimit: linkRateLimit(120) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPublicRating(app.db, request.params.id, request.query.token);
    },
  );
  app.put(
    '/public/invoices/:id/rating',
    {
      schema: {
        tags,
        summary: 'O cliente dá (ou altera, por 7 dias) a nota de 0 a 10 e o comentário; uma avaliação por ordem',
        security: [],
        params: publicRatingParams,
        querystring: publicRatingQuery,
        body: ratingAnswerBody,
        response: { 200: publicRating },
      },
      config: { access: 'public', rateLimit: linkRateLimit(20) },
    },
    async (request) => answerRating(app.db, request.params.id, request.query.token, request.body),
  );
};
