import { and, asc, eq } from 'drizzle-orm';
import { addDays, type MaintenancePlan, type MaintenancePlanBody } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { organizationToday } from '../src/modules/maintenance-plans/maintenance-plans.service.ts';
import type { TestContext, TestOrg } from './helpers.ts';
import { invoiceWorld } from './invoice-fixtures.ts';

type Method = 'GET' | 'POST' | 'PUT';

/**
 * The order catalogue of `invoiceWorld` plus what maintenance plans use: a checklist template, the
 * organization's today in its time zone, and helpers to call the plan routes and make a plan.
 */
export async function planWorld(ctx: TestContext, org: TestOrg) {
  const world = await invoiceWorld(ctx, org);
  const db = ctx.database.db;
  const organizationId = org.organization.id;
  const [template] = await db
    .insert(schema.checklistTemplates)
    .values({
      organizationId,
      name: `PMOC split ${Math.random().toString(36).slice(2, 7)}`,
      items: [
        { id: 1, label: 'Filtros limpos', kind: 'check', required: true },
        { id: 2, label: 'Temperatura de insuflamento (°C)', kind: 'number', required: false },
      ],
    })
    .returning();
  const { today } = await organizationToday(db, organizationId);

  const planUrl = (rest = '') => `/api/organizations/${organizationId}/maintenance-plans${rest}`;
  const plans = (method: Method, rest = '', payload?: object, token = org.admin.token) =>
    ctx.app.inject({ method, url: planUrl(rest), headers: org.as(token), ...(payload ? { payload } : {}) });

  /** A valid body: the first customer's two pieces of equipment, monthly from a week ahead. */
  const body = (over: Partial<MaintenancePlanBody> = {}): MaintenancePlanBody => ({
    company: world.company.id,
    customer: world.customer.id,
    transactionNature: world.nature.id,
    equipments: [world.equipment.id, world.equipment2.id],
    frequency: 'monthly',
    startDate: addDays(today, 7),
    checklistTemplate: template!.id,
    worker: org.worker.id,
    services: [{ service: world.service.id, quantity: 2 }],
    engineerName: 'Eng. Marta Quintela',
    engineerRegistration: 'CREA-SP 5062345678',
    artNumber: '28027230201234567',
    ...over,
  });

  async function createPlan(over: Partial<MaintenancePlanBody> = {}) {
    const res = await plans('POST', '', body(over));
    if (res.statusCode !== 201) throw new Error(`plan create failed: ${res.statusCode} ${res.body}`);
    return res.json() as MaintenancePlan;
  }

  /** The orders of a plan, by visit date. */
  const ordersOf = (planId: number) =>
    db
      .select({ id: schema.invoices.id, number: schema.invoices.number, date: schema.invoices.maintenanceDate })
      .from(schema.invoices)
      .where(and(eq(schema.invoices.organizationId, organizationId), eq(schema.invoices.maintenancePlanId, planId)))
      .orderBy(asc(schema.invoices.maintenanceDate));

  return { ...world, template: template!, today, planUrl, plans, body, createPlan, ordersOf };
}
export type PlanWorld = Awaited<ReturnType<typeof planWorld>>;
