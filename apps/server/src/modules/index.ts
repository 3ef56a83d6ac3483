import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { organizationRoutes } from './organizations/organizations.routes.ts';

/** Every API module, registered under /api. A new feature adds its routes here. */
export const apiModules: FastifyPluginAsyncZod[] = [healthRoutes, authRoutes, organizationRoutes];
