import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createOpenApiTransforms } from '../lib/openapi.ts';

/** The OpenAPI document of every route, from the routes' own zod schemas, and its page at /api/docs. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Ordem Certa — API', version: '1.0.0', description: 'API do back office de ordens de serviço.' },
        servers: [{ url: '/', description: 'Este servidor' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      ...createOpenApiTransforms(),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
