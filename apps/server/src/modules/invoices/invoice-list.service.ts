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
  type Permission,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { forbidden } from '../../lib/errors.ts';
import { countRows, listPage, versionsColumn, type VersionedTable, type VersionName } from '../../lib/list.ts';
import { numberOrPartySearch, searchDependsOn } from '../../core/records/search.ts';
import { visibleTo, type Actor } from '../../core/orders/invoice-access.ts';

import { partyFields, partySubqueries } from '../../core/records/parties.ts';
import { detailParts, type DetailParts } from './invoice-detail.service.ts';
import { shownTo } from '../../core/access/values.ts';

const { invoices: i, invoiceWorkers: w } = schema;

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

function listWhere(actor: Actor, query: InvoiceFilterQuery, search: SQL | undefined): SQL {
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
    search,
  )!;
}

/** A list row's columns: the order's own, its parties and status read by primary key per row (partySubqueries). */
const listColumns = {
  id: i.id,
  number: i.number,
  createdAt: i.createdAt,
  companyId: i.companyId,
  customerId: i.customerId,
  ...partySubqueries('invoices'),
  statusId: i.statusId,
  statusState: i.state,
  statusLabel: sql<string>`(SELECT s.label FROM invoice_statuses s WHERE s.id = "invoices"."status_id")`,
  isPaid: i.isPaid,
  startedAt: i.startedAt,
  scheduledAt: i.scheduledAt,
  invoiceTags: sql<DetailParts['tags']>`${detailParts.tags}`,
};

function rowsQuery<Extra extends Record<string, SQL>>(db: Db, where: SQL, extra?: Extra) {
  return db
    .select({ ...listColumns, ...(extra as Extra) })
    .from(i)
    .where(where);
}

type RowData = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

/** A list row as the API sends it (the tags came with the row, as JSON); built field by field, as it runs 25 times a page. */
function listRow(r: RowData): InvoiceListRow {
  return {
    id: r.id,
    number: r.number,
    createdAt: r.createdAt.toISOString(),
    ...partyFields(r),
    statusId: r.statusId,
    statusState: r.statusState,
    statusLabel: r.statusLabel,
    isPaid: r.isPaid,
    startedAt: iso(r.startedAt),
    scheduledAt: iso(r.scheduledAt),
    invoiceTags: r.invoiceTags,
  };
}

/**
 * The tables whose changes can change a list's total: the orders; who works on them when the list is a
 * collaborator's (only their orders) or filtered by worker; customers and companies when a search reads
 * them as it runs (searchDependsOn). Anything else, e.g. a customer created while the office reads the
 * list, leaves its total as it was, so it is not counted again.
 */
function listDependsOn(actor: Actor, query: Pick<InvoiceFilterQuery, 'worker'>, search?: SQL): VersionedTable[] {
  const tables: VersionedTable[] = ['invoices'];
  if (!can(actor, 'invoice.seeAll') || query.worker) tables.push('invoice_workers');
  return [...tables, ...searchDependsOn(search)];
}

/**
 * The tables a page of the list reads, for keptAnswer: the orders and who works on them, their tags, and
 * the names of parties, statuses and tags they refer to (updates only: a customer created elsewhere adds
 * no order). A page filtered by visit days also reads the organization's time zone, which has no version:
 * undefined, it is not kept.
 */
export function listAnswerDependsOn(query: InvoiceFilterQuery): readonly VersionName[] | undefined {
  if (query.scheduledFrom || query.scheduledTo) return undefined;
  return listAnswerTables;
}
const listAnswerTables: readonly VersionName[] = [
  'invoices',
  'invoice_workers',
  'invoice_tags',
  'customers~',
  'companies~',
  'invoice_statuses~',
  'tags~',
];

/**
 * GET invoices/filter: newest first (highest number), or with sort=scheduled the soonest visit first
 * (what a technician works through; open=true with it reads invoices_open_scheduled_idx). The page's orders are picked on the orders
 * table alone (the (organization, number) index walks them in order) and only those read their
 * parties, nature and status: a deep page (skip = 99,980) then skips index entries instead of
 * joining 99,980 rows it throws away. Offset stays (not keyset) because the pagination bar jumps to
 * any page and shows the total. The total is a count over the orders table alone (the joins are 1:1),
 * reused while nothing it depends on changed (listDependsOn, countRows).
 */
function pageQuery(
  db: Db,
  actor: Actor,
  where: SQL,
  page: { take: number; skip: number },
  dependsOn: VersionedTable[],
  sort: InvoiceListSort = 'number',
) {
  // Numbers, not ids: (organization, number) is an index, so skipping reads only index entries. The
  // page's bounds are written into the statement, not sent as parameters: the planner then knows the
  // page is small (see unfilteredPage). They are integers checked by the query's schema.
  if (!Number.isSafeInteger(page.take) || !Number.isSafeInteger(page.skip)) throw new Error('page bounds');
  const pageNumbers = sql`${db
    .select({ number: i.number })
    .from(i)
    .where(where)
    .orderBy(...listOrder(sort))} LIMIT ${sql.raw(String(page.take))} OFFSET ${sql.raw(String(page.skip))}`;
  // = ANY(ARRAY(...)): the page's numbers are found first, then each read by the index.
  return rowsQuery(
    db,
    and(eq(i.organizationId, actor.organizationId), sql`${i.number} = ANY(ARRAY(${pageNumbers}))`)!,
    {
      versions: versionsColumn(actor.organizationId, dependsOn),
    },
  ).orderBy(...listOrder(sort));
}

/**
 * The list as it first opens (no filter), the most asked pages: a prepared statement per database,
 * kind of reader and page (its size and start written into the statement). With the page's bounds
 * fixed, PostgreSQL's generic plan costs what a custom one does, so after its first five runs on a
 * connection the statement is not planned again; with the bounds as parameters, it was planned on every
 * request (a LIMIT of unknown size looks costly), and planning cost more than running it. Only the first
 * PREPARED_PAGES pages, and at most PREPARED_MAX statements, are kept: deeper pages run unprepared.
 */
const PREPARED_PAGES = 10;
const PREPARED_MAX = 100;
const unfilteredPages = new WeakMap<Db, Map<string, ReturnType<typeof prepareUnfilteredPage>>>();
function prepareUnfilteredPage(db: Db, seesAll: boolean, take: number, skip: number) {
  const reader = {
    organizationId: sql.placeholder('orgId'),
    userId: sql.placeholder('userId'),
    permissions: seesAll ? seeingAll : seeingOwn,
  } as unknown as Actor;
  return pageQuery(db, reader, visibleTo(reader), { take, skip }, listDependsOn(reader, {})).prepare(
    `invoice_list_${seesAll ? 'all' : 'assigned'}_${take}_${skip}`,
  );
}
/** The one permission the unfiltered page's statement depends on: whether every order is seen. */
const seeingAll: ReadonlySet<Permission> = new Set(['invoice.seeAll']);
const seeingOwn: ReadonlySet<Permission> = new Set();
function unfilteredPage(db: Db, actor: Actor, query: InvoiceFilterQuery) {
  let byPage = unfilteredPages.get(db);
  if (!byPage) unfilteredPages.set(db, (byPage = new Map()));
  const seesAll = can(actor, 'invoice.seeAll');
  const key = `${seesAll}:${query.take}:${query.skip}`;
  let prepared = byPage.get(key);
  if (!prepared) {
    if (query.skip >= PREPARED_PAGES * query.take || byPage.size >= PREPARED_MAX) {
      return pageQuery(db, actor, visibleTo(actor), query, listDependsOn(actor, query));
    }
    byPage.set(key, (prepared = prepareUnfilteredPage(db, seesAll, query.take, query.skip)));
  }
  return prepared.execute({ orgId: actor.organizationId, userId: actor.userId });
}

export async function listInvoices(db: Db, actor: Actor, query: InvoiceFilterQuery) {
  if (query.worker && !can(actor, 'invoice.seeAll')) throw forbidden(invoiceMessages.workerFilterAdminOnly);
  const search = await numberOrPartySearch(db, actor.organizationId, query.q, i);
  const where = listWhere(actor, query, search);
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
  const dependsOn = listDependsOn(actor, query, search);
  const rows = (
    unfiltered ? unfilteredPage(db, actor, query) : pageQuery(db, actor, where, query, dependsOn, query.sort)
  ).then((r) => {
    known = r[0]?.versions;
    return r;
  });
  return listPage(
    query,
    rows,
    countRows(db, i, where, { organizationId: actor.organizationId, dependsOn, known: () => known }),
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
  return shownTo(actor, 'homeCard', {
    data: rows.map(listRow),
    total: sums!.total,
    amount: fromCents(Number(sums!.amountCents)),
  });
}
