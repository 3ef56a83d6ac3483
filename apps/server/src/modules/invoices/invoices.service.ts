import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  formatAddress,
  fromCents,
  HOME_CARD_LIMIT,
  homeCardFilters,
  InvoiceState,
  invoiceMessages,
  toCents,
  type CreateInvoiceBody,
  type InvoiceDetail,
  type InvoiceFilterQuery,
  type InvoiceInfoBody,
  type InvoiceListRow,
  type InvoiceListSort,
  type InvoiceVisitBody,
  type PayBody,
} from '@oficina/contracts';
import type { Placeholder } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { conflict, forbidden, invalid } from '../../plugins/errors.ts';
import { audit, changedFields, recordView, type AuditChange } from '../../lib/audit.ts';
import { nextNumber } from '../../lib/counters.ts';
import { countRows, listPage, versionsColumn, type VersionedTable } from '../../lib/list.ts';
import { numberOrPartySearch } from '../../lib/record-search.ts';
import { lockInvoice, recordChange, systemComment, visibleTo, type Actor } from './invoice-access.ts';
import { contentHash, signatureFields } from './invoice-signature.ts';

const i = schema.invoices;
const co = schema.companies;
const cu = schema.customers;
const tn = schema.transactionNatures;
const st = schema.invoiceStatuses;
const w = schema.invoiceWorkers;
const ad = schema.addresses;

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
const detailParts = {
  services: jsonList(
    `'id', x.id, 'serviceId', x.service_id, 'name', x.name, 'description', x.description, 'quantity', x.quantity,
     'priceCents', x.price_cents, 'createdAt', ${isoText('x.created_at')}, 'updatedAt', ${isoText('x.updated_at')}`,
    `invoice_services x WHERE ${ofThisOrder('x')}`,
    'x.id',
  ),
  products: jsonList(
    `'id', x.id, 'productId', x.product_id, 'name', x.name, 'unit', x.unit, 'quantity', x.quantity, 'priceCents', x.price_cents,
     'createdAt', ${isoText('x.created_at')}, 'updatedAt', ${isoText('x.updated_at')}`,
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
  // The newest signature, without the drawing as sent (kept only as evidence; screens use the print copy).
  signature: sql.raw(`(SELECT json_build_object('printImage', x.print_image, 'signerName', x.signer_name,
     'signedAt', ${isoText('x.signed_at')}, 'ip', x.ip, 'userAgent', x.user_agent, 'contentHash', x.content_hash)
     FROM invoice_signatures x WHERE ${ofThisOrder('x')} ORDER BY x.id DESC LIMIT 1)`),
};
interface DetailParts {
  services: Array<{
    id: number;
    serviceId: number | null;
    name: string;
    description: string | null;
    quantity: number;
    priceCents: number;
    createdAt: string;
    updatedAt: string;
  }>;
  products: Array<{
    id: number;
    productId: number | null;
    name: string;
    unit: string;
    quantity: number;
    priceCents: number;
    createdAt: string;
    updatedAt: string;
  }>;
  equipments: Array<{
    id: number;
    equipmentId: number | null;
    name: string;
    brand: string;
    model: string;
    serialNumber: string;
    description: string | null;
  }>;
  workers: Array<{ id: number; workerId: number; name: string; paidAt: string | null }>;
  tags: Array<{ tagId: number; name: string; color: string }>;
  signature: {
    printImage: string;
    signerName: string;
    signedAt: string;
    ip: string;
    userAgent: string | null;
    contentHash: string;
  } | null;
}

// ---- list ----------------------------------------------------------------------------------------

const rowColumns = {
  id: i.id,
  number: i.number,
  createdAt: i.createdAt,
  companyId: co.id,
  companyName: co.name,
  companyIdentifier: co.identifier,
  companyType: co.type,
  customerId: cu.id,
  customerName: cu.name,
  customerIdentifier: cu.identifier,
  customerType: cu.type,
  transactionNatureName: tn.name,
  statusId: st.id,
  statusState: i.state,
  statusLabel: st.label,
  isPaid: i.isPaid,
  startedAt: i.startedAt,
  scheduledAt: i.scheduledAt,
};

/**
 * Orders still to work on: neither Completed nor Canceled, and not paid. Written as the predicate of
 * the partial index invoices_open_scheduled_idx (constants, not parameters), so the planner can use it.
 */
const openOrders = sql`${i.state} NOT IN (${sql.raw(String(InvoiceState.Completed))}, ${sql.raw(
  String(InvoiceState.Canceled),
)}) AND NOT ${i.isPaid}`;

/** The list's order: newest first, or the scheduled visit soonest first (unscheduled last), then newest. */
const listOrder = (sort: InvoiceListSort) =>
  sort === 'scheduled' ? [sql`${i.scheduledAt} ASC NULLS LAST`, desc(i.number)] : [desc(i.number)];

/** Visits on the days from..to (either may be open), the days being the organization's. */
function scheduledOn(organizationId: number, from: string | undefined, to: string | undefined): SQL | undefined {
  if (!from && !to) return undefined;
  const tz = sql`(SELECT time_zone FROM organizations WHERE id = ${organizationId})`;
  return and(
    from ? sql`${i.scheduledAt} >= (${from}::date)::timestamp AT TIME ZONE ${tz}` : sql`${i.scheduledAt} IS NOT NULL`,
    to ? sql`${i.scheduledAt} < (${to}::date + 1)::timestamp AT TIME ZONE ${tz}` : undefined,
  );
}

async function listWhere(db: Db, actor: Actor, query: InvoiceFilterQuery): Promise<SQL> {
  return and(
    visibleTo(actor),
    query.customer ? eq(i.customerId, query.customer) : undefined,
    query.worker
      ? sql`EXISTS (SELECT 1 FROM ${w} f WHERE f.invoice_id = ${i.id} AND f.worker_id = ${query.worker})`
      : undefined,
    query.status.length ? inArray(i.statusId, query.status) : undefined,
    query.state.length ? inArray(i.state, query.state) : undefined,
    query.isPaid ? eq(i.isPaid, true) : query.isNotPaid ? eq(i.isPaid, false) : undefined,
    query.open ? openOrders : undefined,
    scheduledOn(actor.organizationId, query.scheduledFrom, query.scheduledTo),
    await numberOrPartySearch(db, actor.organizationId, query.q, i),
  )!;
}

function rowsQuery<Extra extends Record<string, SQL>>(db: Db, where: SQL, extra?: Extra) {
  return db
    .select({ ...rowColumns, invoiceTags: sql<DetailParts['tags']>`${detailParts.tags}`, ...(extra as Extra) })
    .from(i)
    .innerJoin(co, eq(co.id, i.companyId))
    .innerJoin(cu, eq(cu.id, i.customerId))
    .innerJoin(tn, eq(tn.id, i.transactionNatureId))
    .innerJoin(st, eq(st.id, i.statusId))
    .where(where);
}

type RowData = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

/** A list row as the API sends it (the tags came with the row, as JSON). */
function listRow({ versions: _versions, ...r }: RowData & { versions?: string }): InvoiceListRow {
  return { ...r, createdAt: r.createdAt.toISOString(), startedAt: iso(r.startedAt), scheduledAt: iso(r.scheduledAt) };
}

/** What the order list shows besides the orders themselves: its total changes with any of these. */
const listDependsOn: VersionedTable[] = ['invoices', 'invoice_workers', 'customers', 'companies'];

/**
 * GET invoices/filter: newest first (highest number), or with sort=scheduled the soonest visit first
 * (what a technician works through; open=true with it reads invoices_open_scheduled_idx). The page's orders are picked on the orders
 * table alone (the (organization, number) index walks them in order) and only those are joined to
 * their parties, nature and status: a deep page (skip = 99,980) then skips index entries instead of
 * joining 99,980 rows it throws away. Offset stays (not keyset) because the pagination bar jumps to
 * any page and shows the total. The total is a count over the orders table alone (the joins are 1:1),
 * reused while no order, worker, customer or company of the organization changed (countRows).
 */
function pageQuery(
  db: Db,
  actor: Actor,
  where: SQL,
  page: { take: number | Placeholder; skip: number | Placeholder },
  sort: InvoiceListSort = 'number',
) {
  // Numbers, not ids: (organization, number) is an index, so skipping reads only index entries.
  const pageNumbers = db
    .select({ number: i.number })
    .from(i)
    .where(where)
    .orderBy(...listOrder(sort))
    .limit(page.take)
    .offset(page.skip);
  return rowsQuery(db, and(eq(i.organizationId, actor.organizationId), inArray(i.number, pageNumbers))!, {
    versions: versionsColumn(actor.organizationId, listDependsOn),
  }).orderBy(...listOrder(sort));
}

/**
 * The list as it first opens (no filter), the most asked page: a prepared statement per database and
 * kind of reader, so PostgreSQL plans its five-table join once per connection instead of on every
 * request (planning cost more than running it).
 */
const unfilteredPages = new WeakMap<Db, Map<boolean, ReturnType<typeof prepareUnfilteredPage>>>();
function prepareUnfilteredPage(db: Db, isAdmin: boolean) {
  const reader = {
    organizationId: sql.placeholder('orgId'),
    userId: sql.placeholder('userId'),
    isAdmin,
  } as unknown as Actor;
  return pageQuery(db, reader, visibleTo(reader), {
    take: sql.placeholder('take'),
    skip: sql.placeholder('skip'),
  }).prepare(isAdmin ? 'invoice_list_admin' : 'invoice_list_collaborator');
}
function unfilteredPage(db: Db, actor: Actor, query: InvoiceFilterQuery) {
  let byKind = unfilteredPages.get(db);
  if (!byKind) unfilteredPages.set(db, (byKind = new Map()));
  let prepared = byKind.get(actor.isAdmin);
  if (!prepared) byKind.set(actor.isAdmin, (prepared = prepareUnfilteredPage(db, actor.isAdmin)));
  return prepared.execute({ orgId: actor.organizationId, userId: actor.userId, take: query.take, skip: query.skip });
}

export async function listInvoices(db: Db, actor: Actor, query: InvoiceFilterQuery) {
  if (query.worker && !actor.isAdmin) throw forbidden(invoiceMessages.workerFilterAdminOnly);
  const where = await listWhere(db, actor, query);
  const unfiltered =
    !query.q?.trim() &&
    !query.customer &&
    !query.worker &&
    !query.status.length &&
    !query.state.length &&
    !query.isPaid &&
    !query.isNotPaid &&
    !query.open &&
    !query.scheduledFrom &&
    !query.scheduledTo &&
    query.sort === 'number';
  // The page's rows carry the list versions (read in the same statement), so a total still valid
  // costs no statement of its own.
  let known: string | undefined;
  const rows = (unfiltered ? unfilteredPage(db, actor, query) : pageQuery(db, actor, where, query, query.sort)).then(
    (r) => {
      known = r[0]?.versions;
      return r;
    },
  );
  return listPage(
    query,
    rows,
    countRows(db, i, where, { organizationId: actor.organizationId, dependsOn: listDependsOn, known: () => known }),
    listRow,
  );
}

export type HomeCard = keyof typeof homeCardFilters;

/**
 * The admin home cards: the newest HOME_CARD_LIMIT orders of each kind, with how many
 * there are and their value. A card is the order list under the filter its 'Ver todas' opens.
 */
export async function homeCard(db: Db, actor: Actor, card: HomeCard) {
  const f = homeCardFilters[card];
  const where = and(
    visibleTo(actor),
    inArray(i.state, [...f.state]),
    'isNotPaid' in f ? eq(i.isPaid, false) : undefined,
  )!;
  const [rows, [sums]] = await Promise.all([
    rowsQuery(db, where).orderBy(desc(i.number)).limit(HOME_CARD_LIMIT),
    db
      .select({
        total: sql<number>`count(*)::int`,
        amountCents: sql<string>`coalesce(sum(${i.subtotalCents} - ${i.discountCents}), 0)`,
      })
      .from(i)
      .where(where),
  ]);
  return { data: rows.map(listRow), total: sums!.total, amount: fromCents(Number(sums!.amountCents)) };
}

// ---- detail --------------------------------------------------------------------------------------

const money = (actor: Actor, cents: number) => (actor.isAdmin ? { price: fromCents(cents) } : {});

/**
 * The whole order in one statement: the head joined to its parties, and the lines, workers, tags and
 * latest signature as JSON sub-selects. One round trip instead of seven, prepared once per database and
 * kind of reader (admin or collaborator), so PostgreSQL plans it once per connection.
 */
function detailQuery(db: Db, isAdmin: boolean) {
  const reader = { organizationId: sql.placeholder('orgId'), userId: sql.placeholder('userId'), isAdmin };
  return db
    .select({
      ...rowColumns,
      transactionNatureId: i.transactionNatureId,
      updatedAt: i.updatedAt,
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
      customerEmail: cu.email,
      reportedProblem: i.reportedProblem,
      scheduledAt: i.scheduledAt,
      address: {
        id: ad.id,
        address: ad.address,
        number: ad.number,
        complement: ad.complement,
        neighborhood: ad.neighborhood,
        city: ad.city,
        state: ad.state,
        postalCode: ad.postalCode,
      },
      estimateId: i.estimateId,
      estimateNumber: schema.estimates.number,
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
    .prepare(isAdmin ? 'invoice_detail_admin' : 'invoice_detail_collaborator');
}
const detailQueries = new WeakMap<Db, Map<boolean, ReturnType<typeof detailQuery>>>();

/**
 * The order as the actor may see it. Collaborators get no price, subtotal, discount, total, payment
 * or payroll field at all: the keys are left out, not nulled.
 */
export async function getInvoiceDetail(db: Db, actor: Actor, id: number): Promise<InvoiceDetail> {
  let byKind = detailQueries.get(db);
  if (!byKind) detailQueries.set(db, (byKind = new Map()));
  let query = byKind.get(actor.isAdmin);
  if (!query) byKind.set(actor.isAdmin, (query = detailQuery(db, actor.isAdmin)));
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
    ...signatureFields(
      { id: h.id, signToken: h.signToken },
      signature ? { ...signature, signedAt: new Date(signature.signedAt) } : undefined,
      hash,
      actor,
    ),
    createdAt: h.createdAt.toISOString(),
    updatedAt: h.updatedAt.toISOString(),
    startedAt: iso(h.startedAt),
    finishedAt: iso(h.finishedAt),
    customerPhone: h.customerPhone,
    customerEmail: h.customerEmail,
    reportedProblem: h.reportedProblem,
    scheduledAt: iso(h.scheduledAt),
    address: h.address,
    invoiceServices: services.map((l) => ({
      id: l.id,
      serviceId: l.serviceId,
      name: l.name,
      description: l.description,
      quantity: l.quantity,
      ...money(actor, l.priceCents),
      createdAt: l.createdAt,
      updatedAt: l.updatedAt,
    })),
    invoiceProducts: products.map((l) => ({
      id: l.id,
      productId: l.productId,
      name: l.name,
      unit: l.unit,
      quantity: l.quantity,
      ...money(actor, l.priceCents),
      createdAt: l.createdAt,
      updatedAt: l.updatedAt,
    })),
    invoiceEquipments: equipments.map((l) => ({
      id: l.id,
      equipmentId: l.equipmentId,
      name: l.name,
      brand: l.brand,
      model: l.model,
      serialNumber: l.serialNumber,
      description: l.description,
    })),
    invoiceWorkers: workers,
    invoiceTags: tags,
  };
  if (actor.isAdmin) {
    Object.assign(detail, {
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
  return detail;
}

/** GET invoices/{id}: the detail, and a 'view' line in the audit trail (at most one an hour per user). */
export async function viewInvoice(db: Db, actor: Actor, id: number) {
  const detail = await getInvoiceDetail(db, actor, id);
  await recordView(db, actor, 'invoice', id);
  return detail;
}

// ---- create --------------------------------------------------------------------------------------

/**
 * POST invoices: a Draft order with the organization's Draft status and the next number, taken in
 * the same transaction (no gap, no duplicate). Company, customer and nature must be the organization's.
 */
export async function createInvoice(db: Db, actor: Actor, body: CreateInvoiceBody) {
  const org = actor.organizationId;
  return db.transaction(async (tx) => {
    const [[company], [customer], [nature], draft] = await Promise.all([
      tx
        .select({ id: co.id, name: co.name })
        .from(co)
        .where(and(eq(co.id, body.company), eq(co.organizationId, org))),
      tx
        .select({ id: cu.id, name: cu.name })
        .from(cu)
        .where(and(eq(cu.id, body.customer), eq(cu.organizationId, org))),
      tx
        .select({ id: tn.id, name: tn.name })
        .from(tn)
        .where(and(eq(tn.id, body.transactionNature), eq(tn.organizationId, org))),
      draftStatus(tx, org),
    ]);
    const errors: Record<string, string> = {};
    if (!company) errors.company = invoiceMessages.companyNotFound;
    if (!customer) errors.customer = invoiceMessages.customerNotFound;
    if (!nature) errors.transactionNature = invoiceMessages.natureNotFound;
    if (Object.keys(errors).length) throw invalid(errors);
    return insertDraftInvoice(tx, actor, {
      company: company!,
      customer: customer!,
      nature: nature!,
      draft,
      estimateId: null,
    });
  });
}

/**
 * Inserts a Draft order with the organization's next order number (in the caller's transaction: no gap,
 * no duplicate) and its 'create' audit line. Company, customer and nature are already checked.
 */
export async function insertDraftInvoice(
  tx: Tx,
  actor: Actor,
  parts: {
    company: { id: number; name: string };
    customer: { id: number; name: string };
    nature: { id: number; name: string };
    draft: { id: number; label: string };
    estimateId: number | null;
  },
) {
  const org = actor.organizationId;
  const { company, customer, nature, draft } = parts;
  const number = await nextNumber(
    tx,
    org,
    'invoice',
    sql`(SELECT coalesce(max(number), 0) + 1 FROM invoices WHERE organization_id = ${org})`,
  );
  const [row] = await tx
    .insert(i)
    .values({
      organizationId: org,
      number,
      companyId: company.id,
      customerId: customer.id,
      transactionNatureId: nature.id,
      statusId: draft.id,
      state: InvoiceState.Draft,
      estimateId: parts.estimateId,
      createdById: actor.userId,
    })
    .returning({ id: i.id, number: i.number });
  await audit(tx, actor, 'create', 'invoice', row!.id, [
    { field: 'number', before: null, after: number },
    { field: 'company', before: null, after: company.name },
    { field: 'customer', before: null, after: customer.name },
    { field: 'transactionNature', before: null, after: nature.name },
    { field: 'status', before: null, after: draft.label },
    ...(parts.estimateId ? [{ field: 'estimate', before: null, after: parts.estimateId }] : []),
  ]);
  return row!;
}

/** The organization's Draft status (the first one), which every new order starts in. */
export async function draftStatus(tx: Tx, organizationId: number) {
  const [draft] = await tx
    .select({ id: st.id, label: st.label })
    .from(st)
    .where(and(eq(st.organizationId, organizationId), eq(st.state, InvoiceState.Draft)))
    .orderBy(asc(st.id))
    .limit(1);
  if (!draft) throw new Error(`organization ${organizationId} has no Draft status`);
  return draft;
}

// ---- admin panel, discount, payment --------------------------------------------------------------

/** States whose payroll fields (50% collaborator, bonus) are locked. */
const payrollLockedStates: number[] = [InvoiceState.Draft, InvoiceState.Canceled, InvoiceState.Completed];

/**
 * POST invoices/{id}/info. The purchase order and invoice number stay editable in every state (the
 * fiscal invoice number usually arrives after the work is done); the payroll fields do not change
 * on Draft, Canceled or Completed orders (a completed order is what payroll pays).
 */
export async function updateInvoiceInfo(db: Db, actor: Actor, id: number, body: InvoiceInfoBody) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    const next = {
      invoiceInfo1: body.invoiceInfo1 || null,
      invoiceInfo2: body.invoiceInfo2 || null,
      isPayingJustTheHalf: body.isPayingJustTheHalf ?? false,
      payrollBonusCents: toCents(body.payrollBonus ?? 0),
    };
    const payrollChanged =
      next.isPayingJustTheHalf !== row.isPayingJustTheHalf || next.payrollBonusCents !== row.payrollBonusCents;
    if (payrollChanged && payrollLockedStates.includes(row.state)) throw conflict(invoiceMessages.payrollFieldsLocked);
    const changes = changedFields(
      { ...row, payrollBonus: fromCents(row.payrollBonusCents) } as Record<string, unknown>,
      {
        invoiceInfo1: next.invoiceInfo1,
        invoiceInfo2: next.invoiceInfo2,
        isPayingJustTheHalf: next.isPayingJustTheHalf,
        payrollBonus: fromCents(next.payrollBonusCents),
      },
    );
    if (!changes.length) return;
    await tx.update(i).set(next).where(eq(i.id, id));
    await recordChange(tx, actor, id, 'update', changes);
  });
  return getInvoiceDetail(db, actor, id);
}

/**
 * POST invoices/{id}/visit: reported problem, scheduled time and the job's address, which must be one
 * of the order's customer's addresses. Editable in every state (a note on a finished job stays useful).
 */
export async function updateVisit(db: Db, actor: Actor, id: number, body: InvoiceVisitBody) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    const addressId = body.address ?? null;
    if (addressId !== null) {
      const [found] = await tx
        .select({ id: ad.id })
        .from(ad)
        .where(and(eq(ad.id, addressId), eq(ad.organizationId, row.organizationId), eq(ad.customerId, row.customerId)));
      if (!found) throw invalid({ address: invoiceMessages.addressNotOfCustomer });
    }
    const next = {
      reportedProblem: body.reportedProblem || null,
      scheduledAt: body.scheduledAt ? new Date(body.scheduledAt) : null,
      addressId,
    };
    const changes = changedFields(
      { reportedProblem: row.reportedProblem, scheduledAt: iso(row.scheduledAt), addressId: row.addressId },
      { reportedProblem: next.reportedProblem, scheduledAt: iso(next.scheduledAt), addressId },
    );
    if (!changes.length) return;
    await tx.update(i).set(next).where(eq(i.id, id));
    await recordChange(tx, actor, id, 'update', await addressesInWords(tx, row.organizationId, changes));
  });
  return getInvoiceDetail(db, actor, id);
}

/** The trail names an address by its text ('Rua X, 120 - Centro - São Paulo/SP'), not by its id. */
async function addressesInWords(tx: Tx, organizationId: number, changes: AuditChange[]): Promise<AuditChange[]> {
  const line = changes.find((c) => c.field === 'addressId');
  if (!line) return changes;
  const ids = [line.before, line.after].filter((v): v is number => typeof v === 'number');
  const found = ids.length
    ? await tx
        .select()
        .from(ad)
        .where(and(eq(ad.organizationId, organizationId), inArray(ad.id, ids)))
    : [];
  const text = (id: unknown) => {
    const a = found.find((r) => r.id === id);
    return a ? formatAddress(a) : null;
  };
  return changes.map((c) => (c === line ? { field: 'address', before: text(c.before), after: text(c.after) } : c));
}

/** POST invoices/{id}/discount: 0 removes it; never above the subtotal; not on canceled or paid orders. */
export async function updateDiscount(db: Db, actor: Actor, id: number, discount: number) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    if (row.state === InvoiceState.Canceled || row.isPaid) throw conflict(invoiceMessages.discountLocked);
    const cents = toCents(discount);
    if (cents > row.subtotalCents) throw invalid({ discount: invoiceMessages.discountTooHigh });
    if (cents === row.discountCents) return;
    await tx.update(i).set({ discountCents: cents }).where(eq(i.id, id));
    await recordChange(tx, actor, id, 'update', [
      { field: 'discount', before: fromCents(row.discountCents), after: discount },
    ]);
  });
  return getInvoiceDetail(db, actor, id);
}

/** 'YYYY-MM-DD' as pt-BR, without a time zone shift (a date column has no time). */
const brDate = (isoDate: string) => isoDate.split('-').toReversed().join('/');

/** POST invoices/{id}/pay: only an unpaid order that is not Draft or Canceled. */
export async function payInvoice(db: Db, actor: Actor, id: number, body: PayBody) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    if (row.isPaid) throw conflict(invoiceMessages.alreadyPaid);
    if (row.state === InvoiceState.Draft || row.state === InvoiceState.Canceled)
      throw conflict(invoiceMessages.cannotPay);
    const description = body.description || null;
    await tx
      .update(i)
      .set({ isPaid: true, paymentDate: body.date, paymentDescription: description })
      .where(eq(i.id, id));
    await systemComment(
      tx,
      actor,
      id,
      `${actor.name} registrou o pagamento em ${brDate(body.date)}${description ? ` (${description})` : ''}.`,
    );
    await recordChange(tx, actor, id, 'update', [
      { field: 'isPaid', before: false, after: true },
      { field: 'paymentDate', before: row.paymentDate, after: body.date },
      { field: 'paymentDescription', before: row.paymentDescription, after: description },
    ]);
  });
  return getInvoiceDetail(db, actor, id);
}

/** POST invoices/{id}/undo-payment: only a paid order. */
export async function undoPayment(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    if (!row.isPaid) throw conflict(invoiceMessages.notPaid);
    await tx.update(i).set({ isPaid: false, paymentDate: null, paymentDescription: null }).where(eq(i.id, id));
    await systemComment(tx, actor, id, `${actor.name} desfez o pagamento de ${brDate(row.paymentDate ?? '')}.`);
    await recordChange(tx, actor, id, 'update', [
      { field: 'isPaid', before: true, after: false },
      { field: 'paymentDate', before: row.paymentDate, after: null },
      { field: 'paymentDescription', before: row.paymentDescription, after: null },
    ]);
  });
  return getInvoiceDetail(db, actor, id);
}
