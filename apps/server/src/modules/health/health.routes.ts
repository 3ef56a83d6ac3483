import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } },
      config: { access: 'public' },
    },
    async () => {
      await app.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
