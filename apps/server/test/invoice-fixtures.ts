import { and, asc, eq } from 'drizzle-orm';
import { PersonType, ROLE_USER, type InvoiceStateValue } from '@ordem-certa/contracts';
import { hashPassword, schema } from '@ordem-certa/db';
import { addCompany, perFile, type createTestApp, type TestContext, type TestOrg } from './helpers.ts';
import { newCpf } from './factories.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A small catalogue for service-order tests in one organization: a company, two customers (the
 * first with two pieces of equipment, the second with one), a nature, two services (one archived),
 * a product, and helpers to create and move orders through the API.
 */
export async function invoiceWorld(ctx: TestContext, org: TestOrg) {
  const db = ctx.database.db;
  const organizationId = org.organization.id;
  const tag = Math.random().toString(36).slice(2, 8);
  const company = await addCompany(ctx, organizationId, `Oficina ${tag} Ltda`);
  const [customer, otherCustomer] = await db
    .insert(schema.customers)
    .values([
      { organizationId, type: PersonType.Natural, identifier: newCpf(), name: `Cliente Álvaro ${tag}` },
      { organizationId, type: PersonType.Natural, identifier: newCpf(), name: `Cliente Beatriz ${tag}` },
    ])
    .returning();
  const [equipment, equipment2, otherEquipment] = await db
    .insert(schema.equipments)
    .values([
      { organizationId, customerId: customer!.id, name: 'Split 12k', brand: 'LG', model: 'S4', serialNumber: 'SN-1' },
      {
        organizationId,
        customerId: customer!.id,
        name: 'Câmara fria',
        brand: 'Gallant',
        model: 'CF',
        serialNumber: 'SN-2',
      },
      {
        organizationId,
        customerId: otherCustomer!.id,
        name: 'Split 9k',
        brand: 'Midea',
        model: 'X',
        serialNumber: 'SN-3',
      },
    ])
    .returning();
  const [nature] = await db
    .insert(schema.transactionNatures)
    .values({ organizationId, name: 'Prestação de serviço', description: '' })
    .returning();
  const [service, archivedService] = await db
    .insert(schema.services)
    .values([
      { organizationId, name: 'Limpeza de split', priceCents: 18000 },
      { organizationId, name: 'Serviço antigo', priceCents: 5000, archivedAt: new Date() },
    ])
    .returning();
  const [product] = await db
    .insert(schema.products)
    .values({ organizationId, name: 'Filtro de ar', priceCents: 3590 })
    .returning();
  const statuses = await db
    .select()
    .from(schema.invoiceStatuses)
    .where(eq(schema.invoiceStatuses.organizationId, organizationId))
    .orderBy(asc(schema.invoiceStatuses.id));
  const statusOf = (state: InvoiceStateValue) => statuses.find((s) => s.state === state)!;

  const url = (rest = '') => `/api/organizations/${organizationId}/invoices${rest}`;
  const call = (token: string, method: Method, rest: string, payload?: object) =>
    ctx.app.inject({ method, url: url(rest), headers: org.as(token), ...(payload ? { payload } : {}) });
  const admin = (method: Method, rest: string, payload?: object) => call(org.admin.token, method, rest, payload);
  const worker = (method: Method, rest: string, payload?: object) => call(org.worker.token, method, rest, payload);

  async function createInvoice(customerId = customer!.id) {
    const res = await admin('POST', '', { company: company.id, customer: customerId, transactionNature: nature!.id });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; number: number };
  }
  /** Puts the organization's collaborator on the order (so they see it). */
  async function assignWorker(invoiceId: number, userId = org.worker.id) {
    const res = await admin('POST', `/${invoiceId}/workers`, { worker: userId });
    if (res.statusCode !== 201) throw new Error(`worker failed: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  }
  /** Moves an order to a state the straight way, through the API. */
  async function moveTo(invoiceId: number, state: InvoiceStateValue) {
    const path: Record<number, string[]> = {
      0: [],
      7: ['/todo'],
      10: ['/start'],
      [-1]: ['/start', `/block/${statusOf(-1).id}`],
      [-100]: [`/cancel/${statusOf(-100).id}`],
      20: ['/start', '/complete'],
    };
    for (const step of path[state]!) {
      const res = await admin('POST', `/${invoiceId}${step}`);
      if (res.statusCode !== 200) throw new Error(`${step} failed: ${res.statusCode} ${res.body}`);
    }
  } /**
   * Starts the order with its payroll info (half, bonus) and technicians, then completes it dated
   * `finishedAt` (what the payroll periods go by), unless `complete` is false.
   */
  async function workOn(
    invoiceId: number,
    opts: { workers: number[]; finishedAt: string; bonus?: number; half?: boolean; complete?: boolean },
  ) {
    await moveTo(invoiceId, 10);
    const info = await admin('POST', `/${invoiceId}/info`, {
      isPayingJustTheHalf: opts.half ?? false,
      payrollBonus: opts.bonus ?? 0,
    });
    if (info.statusCode !== 200) throw new Error(`info failed: ${info.statusCode} ${info.body}`);
    for (const w of opts.workers) await assignWorker(invoiceId, w);
    if (opts.complete === false) return;
    const done = await admin('POST', `/${invoiceId}/complete`);
    if (done.statusCode !== 200) throw new Error(`complete failed: ${done.statusCode} ${done.body}`);
    await ctx.database.db
      .update(schema.invoices)
      .set({ finishedAt: new Date(opts.finishedAt) })
      .where(eq(schema.invoices.id, invoiceId));
  }

  const lettersOnly = (v: string) => v.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  async function newUser(opts: { isActive?: boolean } = {}) {
    const [u] = await db
      .insert(schema.users)
      .values({
        organizationId,
        // Letters only: a test that searches by an order number must not find it in a name.
        name: `Técnico ${lettersOnly(tag)}${lettersOnly(Math.random().toString(36).slice(2, 5))}`,
        email: `tec-${tag}-${Math.random().toString(36).slice(2, 8)}@teste.com.br`,
        role: ROLE_USER,
        passwordHash: await hashPassword('senha-forte-1'),
        isActive: opts.isActive ?? true,
      })
      .returning();
    return u!;
  }
  /** An address of one of the organization's customers (the first unless said), written straight to the database. */
  async function addAddress(
    fields: Omit<typeof schema.addresses.$inferInsert, 'organizationId' | 'customerId'>,
    customerId = customer!.id,
  ) {
    const [row] = await db
      .insert(schema.addresses)
      .values({ organizationId, customerId, ...fields })
      .returning();
    return row!;
  }
  /** Gives the order a new address of its customer, written straight to the database. */
  async function setOrderAddress(
    invoiceId: number,
    fields: Omit<typeof schema.addresses.$inferInsert, 'organizationId' | 'customerId'>,
  ) {
    const [order] = await db.select().from(schema.invoices).where(eq(schema.invoices.id, invoiceId));
    const address = await addAddress(fields, order!.customerId);
    await db.update(schema.invoices).set({ addressId: address.id }).where(eq(schema.invoices.id, invoiceId));
    return address;
  }
  async function auditOf(invoiceId: number) {
    const a = schema.auditLogs;
    return db
      .select()
      .from(a)
      .where(and(eq(a.entity, 'invoice'), eq(a.entityId, invoiceId)))
      .orderBy(asc(a.id));
  }

  return {
    company,
    customer: customer!,
    otherCustomer: otherCustomer!,
    equipment: equipment!,
    equipment2: equipment2!,
    otherEquipment: otherEquipment!,
    nature: nature!,
    service: service!,
    archivedService: archivedService!,
    product: product!,
    statuses,
    statusOf,
    url,
    call,
    admin,
    worker,
    createInvoice,
    assignWorker,
    moveTo,
    workOn,
    newUser,
    addAddress,
    setOrderAddress,
    auditOf,
  };
}
export type InvoiceWorld = Awaited<ReturnType<typeof invoiceWorld>>;

/** The fields that carry a price or a payment: none of them may reach a collaborator. */
export const priceKeys = [
  'price',
  'subTotal',
  'discount',
  'total',
  'payrollBonus',
  'paymentDate',
  'paymentDescription',
  'isPayingJustTheHalf',
  'invoiceInfo1',
  'invoiceInfo2',
];

/** Every key anywhere in a JSON value (to prove a response holds no price field). */
export function allKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, into);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      allKeys(v, into);
    }
  return into;
}

/** `perFile` with the order catalogue: `const t = worldPerFile();` then `t.ctx`, `t.org`, `t.world`. */
export function worldPerFile(app: Parameters<typeof createTestApp>[0] = {}) {
  return perFile({ app, world: invoiceWorld });
}
