import { asc, eq, sql } from 'drizzle-orm';
import {
  CommentType,
  installmentDueDate,
  InvoiceState,
  invoiceStateLabels,
  splitInstallments,
  type InvoiceStateValue,
  type PaymentMethod,
} from '@ordem-certa/contracts';
import type { Db } from '../client.ts';
import type { DemoContext } from './context.ts';
import {
  auditLogs,
  companies,
  counters,
  customers,
  equipments,
  invoiceComments,
  invoicePayments,
  invoiceEquipments,
  invoiceProducts,
  invoiceServices,
  invoiceStatuses,
  invoiceTags,
  invoices,
  invoiceWorkers,
  products,
  receivables,
  services,
  tags,
  transactionNatures,
  users,
} from '../schema/index.ts';
import { demoData } from './demo-data.ts';

type Who = 'admin' | 'tecnico';
interface DemoOrder {
  /** Index into the organization's customers (alphabetical). */
  customer: number;
  nature?: number;
  daysAgo: number;
  state: keyof typeof InvoiceState;
  /** Label of the Blocked or Canceled reason. */
  reason?: string;
  paid?: { daysAgo: number; description?: string; method?: PaymentMethod };
  /** A deposit, then the rest in monthly instalments from `firstDueDaysAgo`; the first `received` are paid. */
  installments?: {
    deposit?: { amount: number; method: PaymentMethod; daysAgo: number };
    count: number;
    method: PaymentMethod;
    firstDueDaysAgo: number;
    received: number;
  };
  services?: Array<[index: number, quantity: number, description?: string]>;
  products?: Array<[index: number, quantity: number]>;
  /** How many of the customer's pieces of equipment are on the order. */
  equipments?: number;
  workers?: Who[];
  comments?: Array<[type: 1 | 2 | 3, who: Who, text: string]>;
  discount?: number;
  info?: { invoiceInfo1?: string; invoiceInfo2?: string; isPayingJustTheHalf?: boolean; payrollBonus?: number };
  tags?: string[];
}

const { Draft, Todo, Wip, Blocked, Canceled, Completed } = InvoiceState;

/** Organization 1: a fortnight of a refrigeration and IT shop, every state represented; 102 (lite): two orders. */
const orderData = demoData<DemoOrder[]>('orders');

const at = (daysAgo: number, hour = 9) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - daysAgo);
  d.setUTCHours(hour + 3, 0, 0, 0); // hour in São Paulo
  return d;
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const brDay = (d: Date) => isoDay(d).split('-').toReversed().join('/');

/** The steps an order took to reach its state, each a System comment as the server writes it. */
function pathTo(state: InvoiceStateValue): InvoiceStateValue[] {
  switch (state) {
    case Todo:
      return [Todo];
    case Wip:
      return [Todo, Wip];
    case Blocked:
      return [Wip, Blocked];
    case Canceled:
      return [Todo, Canceled];
    case Completed:
      return [Wip, Completed];
    default:
      return [];
  }
}

/** A paid order's payment of its total; an order with a plan gets its deposit, instalments and their payments. */
async function seedPayments(
  db: Db,
  ids: { organizationId: number; invoiceId: number; adminId: number },
  o: Pick<DemoOrder, 'paid' | 'installments'>,
  totalCents: number,
) {
  const { organizationId, invoiceId, adminId } = ids;
  const payment = { organizationId, invoiceId, createdById: adminId };
  if (o.paid && totalCents > 0)
    await db.insert(invoicePayments).values({
      ...payment,
      amountCents: totalCents,
      method: o.paid.method ?? null,
      paidAt: isoDay(at(o.paid.daysAgo)),
      note: o.paid.description ?? null,
    });
  const plan = o.installments;
  if (!plan) return;
  let balance = totalCents;
  if (plan.deposit) {
    const amountCents = Math.round(plan.deposit.amount * 100);
    balance -= amountCents;
    await db.insert(invoicePayments).values({
      ...payment,
      amountCents,
      method: plan.deposit.method,
      paidAt: isoDay(at(plan.deposit.daysAgo)),
    });
  }
  const first = isoDay(at(plan.firstDueDaysAgo));
  const rows = await db
    .insert(receivables)
    .values(
      splitInstallments(balance, plan.count).map((amountCents, k) => ({
        organizationId,
        invoiceId,
        amountCents,
        dueDate: installmentDueDate(first, k),
        method: plan.method,
        installmentNumber: k + 1,
        installmentCount: plan.count,
        createdById: adminId,
      })),
    )
    .returning();
  for (const r of rows.slice(0, plan.received)) {
    const [paid] = await db
      .insert(invoicePayments)
      .values({ ...payment, amountCents: r.amountCents, method: r.method, paidAt: r.dueDate, receivableId: r.id })
      .returning({ id: invoicePayments.id });
    await db.update(receivables).set({ paymentId: paid!.id }).where(eq(receivables.id, r.id));
  }
}

async function seedOrders(db: Db, organizationId: number, orders: DemoOrder[]) {
  const [company] = await db
    .select()
    .from(companies)
    .where(eq(companies.organizationId, organizationId))
    .orderBy(asc(companies.id))
    .limit(1);
  if (!company) return;
  const custs = await db
    .select()
    .from(customers)
    .where(eq(customers.organizationId, organizationId))
    .orderBy(asc(customers.id));
  const natures = await db
    .select()
    .from(transactionNatures)
    .where(eq(transactionNatures.organizationId, organizationId))
    .orderBy(asc(transactionNatures.id));
  const svc = await db
    .select()
    .from(services)
    .where(eq(services.organizationId, organizationId))
    .orderBy(asc(services.id));
  const prd = await db
    .select()
    .from(products)
    .where(eq(products.organizationId, organizationId))
    .orderBy(asc(products.id));
  const statuses = await db
    .select()
    .from(invoiceStatuses)
    .where(eq(invoiceStatuses.organizationId, organizationId))
    .orderBy(asc(invoiceStatuses.id));
  const people = await db.select().from(users).where(eq(users.organizationId, organizationId)).orderBy(asc(users.id));
  const orgTags = await db.select().from(tags).where(eq(tags.organizationId, organizationId));
  const admin = people.find((u) => u.role === 'ROLE_ADMIN')!;
  const person = (who: Who) => (who === 'admin' ? admin : (people.find((u) => u.role !== 'ROLE_ADMIN') ?? admin));
  const statusOf = (state: InvoiceStateValue, label?: string) =>
    statuses.find((s) => s.state === state && (!label || s.label === label)) ??
    statuses.find((s) => s.state === state)!;

  let number = 0;
  for (const entry of orders) {
    const o = { ...entry, state: InvoiceState[entry.state] };
    const customer = custs[o.customer % custs.length]!;
    const nature = natures[(o.nature ?? 0) % natures.length]!;
    const created = at(o.daysAgo, 8);
    const status = statusOf(o.state, o.reason);
    const steps = pathTo(o.state);
    const startedAt = steps.includes(Wip) ? at(o.daysAgo, 10) : null;
    const finishedAt = o.state === Completed ? at(Math.max(o.daysAgo - 1, 0), 16) : null;
    const lineServices = (o.services ?? []).map(([idx, quantity, description]) => ({
      s: svc[idx % svc.length]!,
      quantity,
      description,
    }));
    const lineProducts = (o.products ?? []).map(([idx, quantity]) => ({ p: prd[idx % prd.length]!, quantity }));
    const subtotalCents =
      lineServices.reduce((sum, l) => sum + l.s.priceCents * l.quantity, 0) +
      lineProducts.reduce((sum, l) => sum + l.p.priceCents * l.quantity, 0);
    const discountCents = Math.min(Math.round((o.discount ?? 0) * 100), subtotalCents);
    number += 1;
    const [row] = await db
      .insert(invoices)
      .values({
        organizationId,
        number,
        companyId: company.id,
        customerId: customer.id,
        transactionNatureId: nature.id,
        statusId: status.id,
        state: o.state,
        isPaid: !!o.paid,
        paymentDate: o.paid ? isoDay(at(o.paid.daysAgo)) : null,
        paymentDescription: o.paid?.description ?? null,
        startedAt,
        finishedAt,
        subtotalCents,
        discountCents,
        invoiceInfo1: o.info?.invoiceInfo1 ?? null,
        invoiceInfo2: o.info?.invoiceInfo2 ?? null,
        isPayingJustTheHalf: o.info?.isPayingJustTheHalf ?? false,
        payrollBonusCents: Math.round((o.info?.payrollBonus ?? 0) * 100),
        createdById: admin.id,
        createdAt: created,
        updatedAt: finishedAt ?? startedAt ?? created,
      })
      .returning({ id: invoices.id });
    const invoiceId = row!.id;
    const base = { organizationId, invoiceId, createdAt: created, updatedAt: created };
    await seedPayments(db, { organizationId, invoiceId, adminId: admin.id }, o, subtotalCents - discountCents);
    if (lineServices.length)
      await db.insert(invoiceServices).values(
        lineServices.map((l) => ({
          ...base,
          serviceId: l.s.id,
          name: l.s.name,
          description: l.description ?? null,
          quantity: l.quantity,
          priceCents: l.s.priceCents,
        })),
      );
    if (lineProducts.length)
      await db.insert(invoiceProducts).values(
        lineProducts.map((l) => ({
          ...base,
          productId: l.p.id,
          name: l.p.name,
          quantity: l.quantity,
          priceCents: l.p.priceCents,
        })),
      );
    if (o.equipments) {
      const eqs = await db
        .select()
        .from(equipments)
        .where(eq(equipments.customerId, customer.id))
        .orderBy(asc(equipments.id))
        .limit(o.equipments);
      if (eqs.length)
        await db.insert(invoiceEquipments).values(
          eqs.map((e) => ({
            ...base,
            equipmentId: e.id,
            name: e.name,
            brand: e.brand,
            model: e.model,
            serialNumber: e.serialNumber,
            description: e.description,
          })),
        );
    }
    const workerIds = [...new Set((o.workers ?? []).map((w) => person(w).id))];
    if (workerIds.length) await db.insert(invoiceWorkers).values(workerIds.map((workerId) => ({ ...base, workerId })));
    const names = o.tags ?? [];
    const tagIds = orgTags.filter((t) => names.includes(t.name)).map((t) => t.id);
    if (tagIds.length)
      await db.insert(invoiceTags).values(tagIds.map((tagId) => ({ organizationId, invoiceId, tagId })));

    // Comments: the System history of each state change, then what people wrote.
    const history: Array<typeof invoiceComments.$inferInsert> = [];
    let from: InvoiceStateValue = Draft;
    steps.forEach((to, k) => {
      const who = o.workers?.includes('tecnico') && to !== Canceled ? person('tecnico') : admin;
      const reason = to === Blocked || to === Canceled ? ` Motivo: ${status.label}.` : '';
      history.push({
        organizationId,
        invoiceId,
        userId: who.id,
        type: CommentType.System,
        comment: `${who.name} alterou o status de ${invoiceStateLabels[from]} para ${invoiceStateLabels[to]}.${reason}`,
        createdAt: at(Math.max(o.daysAgo - k, 0), 10 + k),
      });
      from = to;
    });
    if (o.paid)
      history.push({
        organizationId,
        invoiceId,
        userId: admin.id,
        type: CommentType.System,
        comment: `${admin.name} registrou o pagamento em ${brDay(at(o.paid.daysAgo))}${o.paid.description ? ` (${o.paid.description})` : ''}.`,
        createdAt: at(o.paid.daysAgo, 17),
      });
    (o.comments ?? []).forEach(([type, who, text], k) =>
      history.push({
        organizationId,
        invoiceId,
        userId: person(who).id,
        type,
        comment: text,
        createdAt: at(o.daysAgo, 11 + k),
      }),
    );
    if (history.length) await db.insert(invoiceComments).values(history);
    await db.insert(auditLogs).values({
      organizationId,
      userId: admin.id,
      action: 'create',
      entity: 'invoice',
      entityId: invoiceId,
      data: [
        { field: 'number', before: null, after: number },
        { field: 'customer', before: null, after: customer.name },
      ],
      createdAt: created,
    });
  }
  // The next order created in the app continues after the seeded ones.
  await db
    .insert(counters)
    .values({ organizationId, name: 'invoice', value: number })
    .onConflictDoUpdate({ target: [counters.organizationId, counters.name], set: { value: sql`excluded.value` } });
}

/** Demo service orders for organization 1 (~15, every state) and the lite organization 102 (2). */
export async function seedServiceOrders(db: Db, ctx: DemoContext) {
  await seedOrders(db, ctx.demoOrganizationId, orderData.demo);
  await seedOrders(db, ctx.liteOrganizationId, orderData.lite);
}
