import type { FastifyRequest } from 'fastify';
import type { Client } from './sessions.ts';

/** Where a request comes from: its address and browser (the User-Agent, at most 500 characters). */
export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
});
