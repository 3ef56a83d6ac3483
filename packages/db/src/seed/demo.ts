import { sql } from 'drizzle-orm';
import { noFeatures, ROLE_USER } from '@ordem-certa/contracts';
import type { Db } from '../client.ts';
import { createOrganizationWithAdmin } from '../organizations.ts';
import { hashPassword } from '../password.ts';
import { organizations, users } from '../schema/index.ts';
import { seedCompaniesAndCustomers } from './companies-customers.ts';
import { seedRegisters } from './registers.ts';
import { seedServiceOrders } from './service-orders.ts';
import { seedEstimates } from './estimates.ts';
import { seedPayrolls } from './payrolls.ts';
import { seedStock } from './stock.ts';
import { seedExpenses } from './expenses.ts';
import type { DemoContext } from './context.ts';

export type { DemoContext };

export const DEMO_PASSWORD = 'demo1234';
export const demoLogins = [
  { email: 'admin@demo.com.br', role: 'admin', organization: 'Demo (1)' },
  { email: 'tecnico@demo.com.br', role: 'colaborador', organization: 'Demo (1)' },
  { email: 'admin@org102.com.br', role: 'admin', organization: 'Organização 102 (lite)' },
] as const;

/** Seeds the demo organizations only into an empty database. Returns whether it seeded. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(organizations);
  if ((existing?.n ?? 0) > 0) return false;

  const { organization: demo } = await createOrganizationWithAdmin(db, {
    id: 1,
    name: 'Demo Refrigeração Ltda',
    admin: { name: 'Ana Administradora', email: 'admin@demo.com.br', password: DEMO_PASSWORD },
  });
  await db.insert(users).values({
    organizationId: demo.id,
    name: 'Técnico João da Silva',
    email: 'tecnico@demo.com.br',
    role: ROLE_USER,
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  await createOrganizationWithAdmin(db, {
    id: 102,
    name: 'Organização 102',
    features: noFeatures,
    admin: { name: 'Paulo Proprietário', email: 'admin@org102.com.br', password: DEMO_PASSWORD },
  });
  for (const seed of demoSeeds) await seed(db, { demoOrganizationId: demo.id, liteOrganizationId: 102 });
  // The demo shows a shop at work: no first-day checklist on its home.
  await db.update(organizations).set({ checklistDismissedAt: new Date() });
  return true;
}

/** Features add their own demo rows here (companies, customers, orders...). */
export const demoSeeds: Array<(db: Db, ctx: DemoContext) => Promise<void>> = [
  seedCompaniesAndCustomers,
  seedRegisters,
  seedServiceOrders,
  seedEstimates,
  seedPayrolls,
  seedStock,
  seedExpenses,
];
