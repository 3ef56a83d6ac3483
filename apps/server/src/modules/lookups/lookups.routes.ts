import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  cepLookupResponse,
  cepParam,
  cnpjLookupResponse,
  cnpjParam,
  errorBody,
  lookupMessages,
  signupMessages,
} from '@ordem-certa/contracts';
import { AppError } from '../../lib/errors.ts';
import { cepLookup } from '../../core/places/cep-lookup.ts';
import { cnpjLookup } from './cnpj.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

/** Lookups a user makes while typing addresses: per user, whichever instance, counted after the login. */
const LOOKUPS_PER_MINUTE = 60;
/** CNPJ lookups of the sign-up form from one address. */
const SIGNUP_LOOKUPS_PER_MINUTE = 10;
const perUser = {
  max: LOOKUPS_PER_MINUTE,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `lookup-user-${request.auth.userId}`,
  errorResponseBuilder: () => ({ statusCode: 429, errors: [lookupMessages.tooFast] }),
};

/**
 * CEP and CNPJ lookups for the address and company forms: any signed-in user; public registry data,
 * kept for every organization alike. The services are the ones the settings name (CEP_API_URL,
 * CEP_FALLBACK_URL, CNPJ_API_URL); an app built without them answers 503, as when they are down.
 */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const lookupCep = cepLookup({ primary: app.config.cepApiUrl, fallback: app.config.cepFallbackUrl });
  const lookupCnpj = cnpjLookup(app.config.cnpjApiUrl);
  const route = routeOptions('lookups');

  app.get(
    '/cep/:cep',
    route(
      'lookup.use',
      {
        summary: 'Endereço de um CEP (ViaCEP, BrasilAPI como reserva; respostas guardadas)',
        params: cepParam,
        response: { 200: cepLookupResponse },
      },
      { rateLimit: perUser },
    ),
    (request) => lookupCep({ db: app.db, log: request.log }, request.params.cep),
  );
  app.get(
    '/cnpj/:cnpj',
    route(
      'lookup.use',
      {
        summary: 'Dados de um CNPJ na Receita Federal (BrasilAPI; respostas guardadas)',
        params: cnpjParam,
        response: { 200: cnpjLookupResponse },
      },
      { rateLimit: perUser },
    ),
    (request) => lookupCnpj({ db: app.db, log: request.log }, request.params.cnpj),
  );
  // The sign-up form's lookup, before any login: per address, fewer than a signed-in user gets, and
  // refused with sign-up when SIGNUP=closed.
  app.get(
    '/signup/cnpj/:cnpj',
    route(
      'public',
      {
        summary: 'Dados de um CNPJ para o cadastro de uma nova empresa (sem login)',
        params: cnpjParam,
        response: { 200: cnpjLookupResponse, 403: errorBody.describe('O cadastro está fechado (SIGNUP=closed)') },
      },
      {
        rateLimit: {
          max: SIGNUP_LOOKUPS_PER_MINUTE,
          timeWindow: '1 minute',
          errorResponseBuilder: () => ({ statusCode: 429, errors: [lookupMessages.tooFast] }),
        },
      },
    ),
    async (request) => {
      if (app.config.signup === 'closed') throw new AppError(403, [signupMessages.closed]);
      return lookupCnpj({ db: app.db, log: request.log }, request.params.cnpj);
    },
  );
};
