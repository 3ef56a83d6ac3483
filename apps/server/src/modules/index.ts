import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { organizationRoutes } from './organizations/organizations.routes.ts';
import { companyRoutes } from './companies/companies.routes.ts';
import { customerRoutes } from './customers/customers.routes.ts';
import { addressRoutes } from './addresses/addresses.routes.ts';
import { equipmentRoutes } from './equipments/equipments.routes.ts';

/** Every API module, registered under /api. A new feature adds its routes here. */
export const apiModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  organizationRoutes,
  companyRoutes,
  customerRoutes,
  addressRoutes,
  equipmentRoutes,
];
