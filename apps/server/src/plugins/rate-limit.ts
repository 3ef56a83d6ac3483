import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { messages } from '@ordem-certa/contracts';
import { postgresRateLimitStore } from '../lib/rate-limit-store.ts';

/** The limits routes declare (`config.rateLimit`: login, public links), none by default. */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      // Counted in the database, so every instance sees the same client's requests.
      store: postgresRateLimitStore(app.db),
      errorResponseBuilder: () => ({ statusCode: 429, errors: [messages.loginTooMany] }),
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
