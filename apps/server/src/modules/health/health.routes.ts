import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('health');

const check = z.enum(['ok', 'error']);
const readiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  checks: z.object({ database: check, storage: check }),
});

/** 'ok', or 'error' after logging why (the reason stays in the log, not in a public answer). */
async function probe(app: Parameters<FastifyPluginAsyncZod>[0], name: string, fn: () => Promise<unknown>) {
  try {
    await fn();
    return 'ok' as const;
  } catch (err) {
    app.log.warn({ err, check: name }, 'readiness check failed');
    return 'error' as const;
  }
}

/**
 * Liveness (`/health/live`: the process answers; restart it when this fails) and readiness
 * (`/health/ready`, also `/health`: the database and the file storage answer; send it traffic
 * only while this is 200). Both public, for load balancers and process managers.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live',
    route('public', { summary: 'O processo responde', response: { 200: z.object({ status: z.literal('ok') }) } }),
    async () => ({ status: 'ok' as const }),
  );

  for (const path of ['/health/ready', '/health']) {
    app.get(
      path,
      route('public', {
        summary: 'Banco de dados e armazenamento de arquivos respondem',
        response: { 200: readiness, 503: readiness },
      }),
      async (_request, reply) => {
        const [database, storage] = await Promise.all([
          probe(app, 'database', () => app.db.execute(sql`SELECT 1`)),
          probe(app, 'storage', () => app.storage.check()),
        ]);
        const ok = database === 'ok' && storage === 'ok';
        reply.header('cache-control', 'no-store').code(ok ? 200 : 503);
        return {
          status: ok ? ('ok' as const) : ('unavailable' as const),
          database: app.database.kind,
          checks: { database, storage },
        };
      },
    );
  }
};
