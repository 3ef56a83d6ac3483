// The order as its screen reads it: one statement builds the order and its parts (lines, workers, tags,
// signature) as JSON, prepared once per database and kind of reader.
import { equipmentLine, type EquipmentLine } from '../../core/records/equipment-line.ts';
import { and, eq, sql } from 'drizzle-orm';
import { fromCents, type InvoiceDetail, can, type Permission } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { recordView } from '../../core/audit/audit.ts';
import type { VersionName } from '../../lib/list.ts';
import { perDatabase } from '../../lib/sql.ts';
import { partyColumns } from '../../core/records/parties.ts';
import { visibleTo, type Actor } from '../../core/orders/invoice-access.ts';
import { contentHash, signatureFields } from './invoice-signature.ts';
import { assertFound } from '../../core/access/access.ts';
import { shownTo } from '../../core/access/values.ts';
import { recordAddressColumns } from '../../core/places/address-columns.ts';

const {
  invoices: i,
  companies: co,
  customers: cu,
  transactionNatures: tn,
  invoiceStatuses: st,
  addresses: ad,
} = schema;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A timestamp as JSON text in the shape Date.toISOString() gives (UTC, milliseconds, 'Z'). */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const ofThisOrder = (alias: string) =>
  `${alias}.organization_id = "invoices"."organization_id" AND ${alias}.invoice_id = "invoices"."id"`;
const jsonList = (fields: string, from: string, orderBy: string) =>
  sql.raw(`(SELECT coalesce(json_agg(json_build_object(${fields}) ORDER BY ${orderBy}), '[]'::json) FROM ${from})`);

/**
 * An order's parts, each as JSON that the database builds inside the query that reads the order (the
 * detail's, or a list row's for the tags), so they cost no round trip of their own.
 */
/** An order's own columns with its parties and status, as the list rows and the detail read them. */
export const rowColumns = {
  id: i.id,
  number: i.number,
  createdAt: i.createdAt,
  ...partyColumns,
  statusId: st.id,
  statusState: i.state,
  statusLabel: st.label,
  isPaid: i.isPaid,
  startedAt: i.startedAt,
  scheduledAt: i.scheduledAt,
};

export const detailParts = {
  services: jsonList(
    `'id', x.id, 'serviceId', x.service_id, 'name', x.name, 'description', x.description, 'quantity', x.quantity,
     'warrantyDays', x.warranty_days, 'priceCents', x.price_cents, 'createdAt', ${isoText('x.created_at')}, 'updatedAt', ${isoText('x.updated_at')}`,
    `invoice_services x WHERE ${ofThisOrder('x')}`,
    'x.id',
  ),
  products: jsonList(
    `'id', x.id, 'productId', x.product_id, 'name', x.name, 'unit', x.unit, 'quantity', x.quantity, 'priceCents', x.price_cents,
     'warrantyDays', x.warranty_days, 'createdAt', ${isoText('x.created_at')}, 'updatedAt', ${isoText('x.updated_at')}`,
    `invoice_products x WHERE ${ofThisOrder('x')}`,
    'x.id',
  ),
  equipments: jsonList(
    `'id', x.id, 'equipmentId', x.equipment_id, 'name', x.name, 'brand', x.brand, 'model', x.model,
     'serialNumber', x.serial_number, 'description', x.description`,
    `invoice_equipments x WHERE ${ofThisOrder('x')}`,
    'x.id',
  ),
  workers: jsonList(
    `'id', x.id, 'workerId', x.worker_id, 'name', u.name, 'paidAt', ${isoText('x.paid_at')}`,
    `invoice_workers x JOIN users u ON u.organization_id = x.organization_id AND u.id = x.worker_id WHERE ${ofThisOrder('x')}`,
    'x.id',
  ),
  tags: jsonList(
    `'tagId', t.id, 'name', t.name, 'color', t.color`,
    `invoice_tags x JOIN tags t ON t.organization_id = x.organization_id AND t.id = x.tag_id WHERE ${ofThisOrder('x')}`,
    'f_unaccent(lower(t.name)), t.id',
  ),
  // The newest signature, without its images: the drawing as sent is kept only as evidence, and the print
  // copy is served on its own (only the head of its data URL comes, where the PNG states its size).
  signature:
    sql.raw(`(SELECT json_build_object('id', x.id, 'printHead', left(x.print_image, 64), 'signerName', x.signer_name,
     'signedAt', ${isoText('x.signed_at')}, 'ip', x.ip, 'userAgent', x.user_agent, 'contentHash', x.content_hash)
     FROM invoice_signatures x WHERE ${ofThisOrder('x')} ORDER BY x.id DESC LIMIT 1)`),
};
/** What a service line and a product line of the order both carry. */
interface PricedLine {
  id: number;
  name: string;
  quantity: number;
  warrantyDays: number | null;
  priceCents: number;
  createdAt: string;
  updatedAt: string;
}
export interface DetailParts {
  services: Array<PricedLine & { serviceId: number | null; description: string | null }>;
  products: Array<PricedLine & { productId: number | null; unit: string }>;
  equipments: EquipmentLine[];
  workers: Array<{ id: number; workerId: number; name: string; paidAt: string | null }>;
  tags: Array<{ tagId: number; name: string; color: string }>;
  signature: {
    id: number;
    printHead: string;
    signerName: string;
    signedAt: string;
    ip: string;
    userAgent: string | null;
    contentHash: string;
  } | null;
}

// ---- detail --------------------------------------------------------------------------------------

/**
 * The whole order in one statement: the head joined to its parties, and the lines, workers, tags and
 * latest signature as JSON sub-selects. One round trip instead of seven, prepared once per database and
 * kind of reader (who sees every order, who only those they work on), so PostgreSQL plans it once per connection.
 */
function detailQuery(db: Db, seesAll: boolean) {
  const reader = {
    organizationId: sql.placeholder('orgId'),
    userId: sql.placeholder('userId'),
    permissions: new Set<Permission>(seesAll ? ['invoice.seeAll'] : []),
  };
  return db
    .select({
      ...rowColumns,
      transactionNatureId: i.transactionNatureId,
      updatedAt: i.updatedAt,
      rowVersion: i.rowVersion,
      finishedAt: i.finishedAt,
      paymentDate: i.paymentDate,
      paymentDescription: i.paymentDescription,
      subtotalCents: i.subtotalCents,
      discountCents: i.discountCents,
      invoiceInfo1: i.invoiceInfo1,
      invoiceInfo2: i.invoiceInfo2,
      isPayingJustTheHalf: i.isPayingJustTheHalf,
      payrollBonusCents: i.payrollBonusCents,
      signToken: i.signToken,
      customerPhone: cu.phone,
      customerPhoneE164: cu.phoneE164,
      customerEmail: cu.email,
      reportedProblem: i.reportedProblem,
      scheduledAt: i.scheduledAt,
      address: recordAddressColumns,
      estimateId: i.estimateId,
      estimateNumber: schema.estimates.number,
      maintenancePlanId: i.maintenancePlanId,
      services: sql<DetailParts['services']>`${detailParts.services}`,
      products: sql<DetailParts['products']>`${detailParts.products}`,
      equipments: sql<DetailParts['equipments']>`${detailParts.equipments}`,
      workers: sql<DetailParts['workers']>`${detailParts.workers}`,
      tags: sql<DetailParts['tags']>`${detailParts.tags}`,
      signature: sql<DetailParts['signature']>`${detailParts.signature}`,
    })
    .from(i)
    .leftJoin(schema.estimates, eq(schema.estimates.id, i.estimateId))
    .innerJoin(co, eq(co.id, i.companyId))
    .innerJoin(cu, eq(cu.id, i.customerId))
    .leftJoin(ad, and(eq(ad.id, i.addressId), eq(ad.organizationId, i.organizationId)))
    .innerJoin(tn, eq(tn.id, i.transactionNatureId))
    .innerJoin(st, eq(st.id, i.statusId))
    .where(and(eq(i.id, sql.placeholder('id')), visibleTo(reader as unknown as Actor)))
    .prepare(seesAll ? 'invoice_detail_all' : 'invoice_detail_assigned');
}
const detailQueryOf = perDatabase(detailQuery);

/**
 * The order as the actor may see it. Collaborators get no price, subtotal, discount, total, payment
 * or payroll field at all: the keys are left out, not nulled.
 */
export async function getInvoiceDetail(db: Db, actor: Actor, id: number): Promise<InvoiceDetail> {
  const query = detailQueryOf(db, can(actor, 'invoice.seeAll'));
  const [head] = await query.execute({ id, orgId: actor.organizationId, userId: actor.userId });
  const h = assertFound(head);
  const { services, products, equipments, workers, tags, signature } = h;
  const hash = contentHash({
    companyId: h.companyId,
    customerId: h.customerId,
    discountCents: h.discountCents,
    services,
    products,
    equipments,
  });

  const detail: InvoiceDetail = {
    id: h.id,
    number: h.number,
    companyId: h.companyId,
    companyName: h.companyName,
    companyIdentifier: h.companyIdentifier,
    companyType: h.companyType,
    customerId: h.customerId,
    customerName: h.customerName,
    customerIdentifier: h.customerIdentifier,
    customerType: h.customerType,
    transactionNatureId: h.transactionNatureId,
    transactionNatureName: h.transactionNatureName,
    statusId: h.statusId,
    statusLabel: h.statusLabel,
    statusState: h.statusState,
    isPaid: h.isPaid,
    estimateId: h.estimateId,
    estimateNumber: h.estimateNumber,
    maintenancePlanId: h.maintenancePlanId,
    ...signatureFields(
      { id: h.id, signToken: h.signToken },
      signature ? { ...signature, signedAt: new Date(signature.signedAt) } : undefined,
      hash,
      actor,
    ),
    createdAt: h.createdAt.toISOString(),
    updatedAt: h.updatedAt.toISOString(),
    version: h.rowVersion,
    startedAt: iso(h.startedAt),
    finishedAt: iso(h.finishedAt),
    customerPhone: h.customerPhone,
    customerPhoneE164: h.customerPhoneE164,
    customerEmail: h.customerEmail,
    reportedProblem: h.reportedProblem,
    scheduledAt: iso(h.scheduledAt),
    address: h.address,
    invoiceServices: services.map((l) =>
      shownTo(actor, 'line', {
        id: l.id,
        serviceId: l.serviceId,
        name: l.name,
        description: l.description,
        quantity: l.quantity,
        warrantyDays: l.warrantyDays,
        price: fromCents(l.priceCents),
        createdAt: l.createdAt,
        updatedAt: l.updatedAt,
      }),
    ),
    invoiceProducts: products.map((l) =>
      shownTo(actor, 'line', {
        id: l.id,
        productId: l.productId,
        name: l.name,
        unit: l.unit,
        quantity: l.quantity,
        warrantyDays: l.warrantyDays,
        price: fromCents(l.priceCents),
        createdAt: l.createdAt,
        updatedAt: l.updatedAt,
      }),
    ),
    invoiceEquipments: equipments.map(equipmentLine),
    invoiceWorkers: workers,
    invoiceTags: tags,
  };
  return shownTo(actor, 'invoice', {
    ...detail,
    paymentDate: h.paymentDate,
    paymentDescription: h.paymentDescription,
    subTotal: fromCents(h.subtotalCents),
    discount: fromCents(h.discountCents),
    total: fromCents(h.subtotalCents - h.discountCents),
    invoiceInfo1: h.invoiceInfo1,
    invoiceInfo2: h.invoiceInfo2,
    isPayingJustTheHalf: h.isPayingJustTheHalf,
    payrollBonus: fromCents(h.payrollBonusCents),
  });
}

/**
 * The tables an order's detail reads: its own row and parts (any change), and the rows it names through a
 * reference (their updates only: a customer created elsewhere changes no order). Kept answers of
 * GET invoices/{id} are sent again while these versions hold (keptAnswer).
 */
export const detailDependsOn: readonly VersionName[] = [
  'invoices',
  'invoice_services',
  'invoice_products',
  'invoice_equipments',
  'invoice_workers',
  'invoice_tags',
  'invoice_signatures',
  'customers~',
  'companies~',
  'addresses~',
  'estimates~',
  'transaction_natures~',
  'invoice_statuses~',
  'users~',
  'tags~',
];

/**
 * GET invoices/{id}: the detail (`read`, the order's detail as sent, kept or built), and a 'view' line in
 * the audit trail (at most one an hour per user), written after the order was found visible.
 */
export async function viewInvoice<T>(db: Db, actor: Actor, id: number, read: () => Promise<T>): Promise<T> {
  const detail = await read();
  await recordView(db, actor, 'invoice', id);
  return detail;
}
