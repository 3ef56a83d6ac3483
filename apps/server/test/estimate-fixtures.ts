import { and, asc, eq } from 'drizzle-orm';
import { EstimateStatus, type EstimateStatusValue } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import type { TestContext, TestOrg } from './helpers.ts';
import { invoiceWorld } from './invoice-fixtures.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The order world (company, customers, equipment, nature, services, product) plus what estimate tests
 * need: a reminder kind, a tag, and helpers to call the estimate API and move estimates.
 */
export async function estimateWorld(ctx: TestContext, org: TestOrg) {
  const base = await invoiceWorld(ctx, org);
  const db = ctx.database.db;
  const organizationId = org.organization.id;
  const [reminder, inactiveReminder] = await db
    .insert(schema.reminders)
    .values([
      { organizationId, description: 'Ligar para o cliente', isRequired: true },
      { organizationId, description: 'Lembrete inativo', isActive: false },
    ])
    .returning();
  const [tag] = await db
    .insert(schema.tags)
    .values({ organizationId, name: `Urgente ${Math.random().toString(36).slice(2, 6)}`, color: 'eb5a46' })
    .returning();
  const [product2] = await db
    .insert(schema.products)
    .values({ organizationId, name: 'Gás R410', priceCents: 12000 })
    .returning();

  const url = (rest = '') => `/api/organizations/${organizationId}/estimates${rest}`;
  const call = (token: string, method: Method, rest: string, payload?: object) =>
    ctx.app.inject({ method, url: url(rest), headers: org.as(token), ...(payload ? { payload } : {}) });
  const est = (method: Method, rest: string, payload?: object) => call(org.admin.token, method, rest, payload);

  async function createEstimate(customerId = base.customer.id) {
    const res = await est('POST', '', {
      company: base.company.id,
      customer: customerId,
      transactionNature: base.nature.id,
    });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; number: number };
  }
  async function ok(method: Method, rest: string, payload?: object) {
    const res = await est(method, rest, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${rest} failed: ${res.statusCode} ${res.body}`);
    return res.statusCode === 204 ? null : res.json();
  }
  /** Moves an estimate the straight way: Draft → Wip → Completed, or to Canceled. */
  async function moveTo(id: number, status: EstimateStatusValue) {
    const path: Record<number, EstimateStatusValue[]> = {
      0: [],
      1: [EstimateStatus.Wip],
      10: [EstimateStatus.Wip, EstimateStatus.Completed],
      [-1]: [EstimateStatus.Canceled],
    };
    for (const to of path[status]!) await ok('PATCH', `/${id}`, { status: to });
  }
  async function auditOf(id: number) {
    const a = schema.auditLogs;
    return db
      .select()
      .from(a)
      .where(and(eq(a.entity, 'estimate'), eq(a.entityId, id)))
      .orderBy(asc(a.id));
  }
  return {
    ...base,
    invoiceApi: base.admin,
    reminder: reminder!,
    inactiveReminder: inactiveReminder!,
    tag: tag!,
    product2: product2!,
    url,
    call,
    est,
    ok,
    createEstimate,
    moveTo,
    auditOf,
  };
}
export type EstimateWorld = Awaited<ReturnType<typeof estimateWorld>>;
