import { asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { EstimateStatus, InvoiceState, type EstimateStatusValue } from '@ordem-certa/contracts';
import type { Db } from '../client.ts';
import { equipmentFromEstimate } from '../estimate-copies.ts';
import {
  auditLogs,
  companies,
  counters,
  customers,
  equipments,
  estimateComments,
  estimateEmails,
  estimateEquipments,
  estimateProducts,
  estimateReminders,
  estimateServices,
  estimateTags,
  estimates,
  invoiceEquipments,
  invoiceProducts,
  invoiceServices,
  invoiceStatuses,
  invoices,
  products,
  reminders,
  services,
  tags,
  transactionNatures,
  users,
} from '../schema/index.ts';

interface DemoEstimate {
  customer: number;
  daysAgo: number;
  status: EstimateStatusValue;
  /** [service index, quantity, grouped, description] */
  services?: Array<[number, number, boolean, string?]>;
  products?: Array<[number, number, boolean]>;
  equipments?: number;
  discount?: number;
  notes?: Array<[1 | 2, string]>;
  tags?: string[];
  /** A reminder scheduled this many days from now. */
  reminderInDays?: number;
  emailed?: boolean;
  /** Orders generated from it: which estimate lines go to each (units for non-grouped services). */
  orders?: Array<{
    state: 0 | 7;
    equipments: number[];
    services: Array<[line: number, units: number]>;
    products: number[];
  }>;
}

const { Draft, Wip, Completed, Canceled } = EstimateStatus;

/** Organization 1's quotes: every status, one approved with two orders generated from it. */
const demoEstimates: DemoEstimate[] = [
  {
    customer: 3,
    daysAgo: 30,
    status: Completed,
    services: [
      [4, 3, false, 'Preventiva das evaporadoras'],
      [0, 1, true],
    ],
    products: [[3, 6, true]],
    equipments: 2,
    notes: [[1, 'Validade da proposta: 15 dias. Pagamento em 30 dias.']],
    emailed: true,
    orders: [
      { state: 7, equipments: [0], services: [[0, 2]], products: [0] },
      { state: 0, equipments: [1], services: [[0, 1]], products: [] },
    ],
  },
  {
    customer: 6,
    daysAgo: 12,
    status: Completed,
    services: [[2, 2, false]],
    products: [[0, 1, true]],
    equipments: 1,
    tags: ['Cliente VIP'],
    notes: [[2, 'Aprovado por telefone; aguardando agenda do técnico.']],
  },
  {
    customer: 2,
    daysAgo: 6,
    status: Wip,
    services: [
      [6, 1, true, 'Troca do compressor'],
      [3, 2, false],
    ],
    products: [[2, 1, true]],
    equipments: 1,
    discount: 40,
    notes: [
      [1, 'Inclui garantia de 90 dias na mão de obra.'],
      [2, 'Margem apertada: não dar mais desconto.'],
    ],
    tags: ['Aguardando aprovação'],
    reminderInDays: 2,
    emailed: true,
  },
  {
    customer: 8,
    daysAgo: 2,
    status: Draft,
    services: [[1, 1, true, 'Instalação split 12.000 BTUs']],
    products: [[4, 1, true]],
  },
  {
    customer: 10,
    daysAgo: 20,
    status: Canceled,
    services: [[5, 1, true]],
    notes: [[1, 'Cliente optou por outro fornecedor.']],
  },
];

const day = 24 * 3600 * 1000;
const at = (daysAgo: number, hour = 9) => {
  const d = new Date(Date.now() - daysAgo * day);
  d.setUTCHours(hour + 3, 0, 0, 0);
  return d;
};

/** Demo estimates for organization 1 only (the lite organization has no estimates feature). */
export async function seedEstimates(db: Db, ctx: { demoOrganizationId: number }) {
  const organizationId = ctx.demoOrganizationId;
  const byOrg = (t: { organizationId: AnyPgColumn }) => eq(t.organizationId, organizationId);
  const [company] = await db.select().from(companies).where(byOrg(companies)).orderBy(asc(companies.id)).limit(1);
  if (!company) return;
  const custs = await db.select().from(customers).where(byOrg(customers)).orderBy(asc(customers.id));
  const [nature] = await db
    .select()
    .from(transactionNatures)
    .where(byOrg(transactionNatures))
    .orderBy(asc(transactionNatures.id));
  const svc = await db.select().from(services).where(byOrg(services)).orderBy(asc(services.id));
  const prd = await db.select().from(products).where(byOrg(products)).orderBy(asc(products.id));
  const orgTags = await db.select().from(tags).where(byOrg(tags));
  const [reminder] = await db.select().from(reminders).where(byOrg(reminders)).orderBy(asc(reminders.id));
  const statuses = await db
    .select()
    .from(invoiceStatuses)
    .where(byOrg(invoiceStatuses))
    .orderBy(asc(invoiceStatuses.id));
  const [admin] = await db
    .select()
    .from(users)
    .where(sql`${users.organizationId} = ${organizationId} AND ${users.role} = 'ROLE_ADMIN'`)
    .orderBy(asc(users.id));
  const [counter] = await db
    .select()
    .from(counters)
    .where(sql`${counters.organizationId} = ${organizationId} AND ${counters.name} = 'invoice'`);
  let invoiceNumber = counter?.value ?? 0;

  let number = 0;
  for (const e of demoEstimates) {
    const customer = custs[e.customer % custs.length]!;
    const created = at(e.daysAgo);
    const lineServices = (e.services ?? []).map(([idx, quantity, isGrouped, description]) => ({
      s: svc[idx % svc.length]!,
      quantity,
      isGrouped,
      description,
    }));
    const lineProducts = (e.products ?? []).map(([idx, quantity, isGrouped]) => ({
      p: prd[idx % prd.length]!,
      quantity,
      isGrouped,
    }));
    const subtotalCents =
      lineServices.reduce((n, l) => n + l.s.priceCents * l.quantity, 0) +
      lineProducts.reduce((n, l) => n + l.p.priceCents * l.quantity, 0);
    number += 1;
    const [row] = await db
      .insert(estimates)
      .values({
        organizationId,
        number,
        companyId: company.id,
        customerId: customer.id,
        transactionNatureId: nature!.id,
        status: e.status,
        subtotalCents,
        discountCents: Math.min(Math.round((e.discount ?? 0) * 100), subtotalCents),
        createdById: admin!.id,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: estimates.id });
    const estimateId = row!.id;
    const base = { organizationId, estimateId, createdAt: created, updatedAt: created };
    const sLines = lineServices.length
      ? await db
          .insert(estimateServices)
          .values(
            lineServices.map((l, k) => ({
              ...base,
              serviceId: l.s.id,
              itemNumber: k + 1,
              name: l.s.name,
              description: l.description ?? null,
              quantity: l.quantity,
              priceCents: l.s.priceCents,
              isGrouped: l.isGrouped,
            })),
          )
          .returning()
      : [];
    const pLines = lineProducts.length
      ? await db
          .insert(estimateProducts)
          .values(
            lineProducts.map((l, k) => ({
              ...base,
              productId: l.p.id,
              itemNumber: k + 1,
              name: l.p.name,
              quantity: l.quantity,
              priceCents: l.p.priceCents,
              isGrouped: l.isGrouped,
            })),
          )
          .returning()
      : [];
    const eqs = e.equipments
      ? await db
          .select()
          .from(equipments)
          .where(eq(equipments.customerId, customer.id))
          .orderBy(asc(equipments.id))
          .limit(e.equipments)
      : [];
    const eLines = eqs.length
      ? await db
          .insert(estimateEquipments)
          .values(
            eqs.map((q) => ({
              ...base,
              equipmentId: q.id,
              name: q.name,
              brand: q.brand,
              model: q.model,
              serialNumber: q.serialNumber,
              description: q.description,
            })),
          )
          .returning()
      : [];
    if (e.notes?.length)
      await db.insert(estimateComments).values(
        e.notes.map(([type, comment], k) => ({
          organizationId,
          estimateId,
          userId: admin!.id,
          type,
          comment,
          createdAt: at(e.daysAgo, 10 + k),
        })),
      );
    const tagIds = orgTags.filter((t) => e.tags?.includes(t.name)).map((t) => t.id);
    if (tagIds.length)
      await db.insert(estimateTags).values(tagIds.map((tagId) => ({ organizationId, estimateId, tagId })));
    if (e.reminderInDays !== undefined && reminder)
      await db.insert(estimateReminders).values({
        organizationId,
        estimateId,
        reminderId: reminder.id,
        reminderAt: new Date(Date.now() + e.reminderInDays * day),
        description: reminder.description,
      });
    if (e.emailed)
      await db.insert(estimateEmails).values({
        organizationId,
        estimateId,
        userId: admin!.id,
        subject: `Orçamento nº ${number}`,
        recipients: [customer.email ?? 'cliente@exemplo.com.br'],
        status: 'written',
        outboxFile: 'demo.eml',
        createdAt: at(e.daysAgo, 11),
        finishedAt: at(e.daysAgo, 11),
      });

    for (const o of e.orders ?? []) {
      const status = statuses.find((s) => s.state === (o.state === 7 ? InvoiceState.Todo : InvoiceState.Draft))!;
      const oServices = o.services.flatMap(([line, units]) => {
        const l = sLines[line]!;
        return l.isGrouped ? [{ l, quantity: l.quantity }] : Array.from({ length: units }, () => ({ l, quantity: 1 }));
      });
      const oProducts = o.products.map((line) => pLines[line]!);
      const orderSubtotal =
        oServices.reduce((n, x) => n + x.l.priceCents * x.quantity, 0) +
        oProducts.reduce((n, l) => n + l.priceCents * l.quantity, 0);
      invoiceNumber += 1;
      const orderCreated = at(e.daysAgo - 2, 9);
      const [order] = await db
        .insert(invoices)
        .values({
          organizationId,
          number: invoiceNumber,
          companyId: company.id,
          customerId: customer.id,
          transactionNatureId: nature!.id,
          statusId: status.id,
          state: status.state,
          subtotalCents: orderSubtotal,
          estimateId,
          createdById: admin!.id,
          createdAt: orderCreated,
          updatedAt: orderCreated,
        })
        .returning({ id: invoices.id });
      const ob = { organizationId, invoiceId: order!.id, createdAt: orderCreated, updatedAt: orderCreated };
      if (oServices.length)
        await db.insert(invoiceServices).values(
          oServices.map(({ l, quantity }) => ({
            ...ob,
            serviceId: l.serviceId,
            estimateServiceId: l.id,
            name: l.name,
            description: l.description,
            quantity,
            priceCents: l.priceCents,
          })),
        );
      if (oProducts.length)
        await db.insert(invoiceProducts).values(
          oProducts.map((l) => ({
            ...ob,
            productId: l.productId,
            estimateProductId: l.id,
            name: l.name,
            quantity: l.quantity,
            priceCents: l.priceCents,
          })),
        );
      const oEquipments = o.equipments.map((k) => eLines[k]!).filter(Boolean);
      if (oEquipments.length)
        await db.insert(invoiceEquipments).values(oEquipments.map((l) => ({ ...ob, ...equipmentFromEstimate(l) })));
      await db.insert(auditLogs).values({
        organizationId,
        userId: admin!.id,
        action: 'create',
        entity: 'invoice',
        entityId: order!.id,
        data: [
          { field: 'number', before: null, after: invoiceNumber },
          { field: 'estimate', before: null, after: estimateId },
        ],
        createdAt: orderCreated,
      });
    }
    await db.insert(auditLogs).values({
      organizationId,
      userId: admin!.id,
      action: 'create',
      entity: 'estimate',
      entityId: estimateId,
      data: [
        { field: 'number', before: null, after: number },
        { field: 'customer', before: null, after: customer.name },
      ],
      createdAt: created,
    });
  }
  const bump = async (name: string, value: number) =>
    db
      .insert(counters)
      .values({ organizationId, name, value })
      .onConflictDoUpdate({ target: [counters.organizationId, counters.name], set: { value: sql`excluded.value` } });
  await bump('estimate', number);
  await bump('invoice', invoiceNumber);
}
