// The order list and the admin home cards.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  fromCents,
  HOME_CARD_LIMIT,
  homeCardFilters,
  InvoiceState,
  invoiceMessages,
  type InvoiceFilterQuery,
  type InvoiceListRow,
  type InvoiceListSort,
  can,
} from '@oficina/contracts';
import type { Placeholder } from 'drizzle-orm';
import { schema, type Db } from '@oficina/db';
import { forbidden } from '../../plugins/errors.ts';
import { countRows, listPage, versionsColumn, type VersionedTable } from '../../lib/list.ts';
import { numberOrPartySearch } from '../../lib/record-search.ts';
import { visibleTo, type Actor } from './invoice-access.ts';

import { detailParts, rowColumns, type DetailParts } from './invoice-detail.service.ts';

const {
  invoices: i,
  companies: co,
  customers: cu,
  transactionNatures: tn,
  invoiceStatuses: st,
  invoiceWorkers: w,
} = schema;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- list ----------------------------------------------------------------------------------------

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
  if (query.worker && !can.filterByWorker(actor)) throw forbidden(invoiceMessages.workerFilterAdminOnly);
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
