import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema, type Db } from '@ordem-certa/db';
import { partySearch } from '../registers/parties.ts';
import { readVersions, type VersionedTable } from '../../lib/list.ts';

/** Above this many matching parties the ids stay a sub-select (a broad term matches most rows anyway). */
const MAX_SEARCH_IDS = 2000;

/**
 * q over service orders or estimates: the number exactly, or the customer's or company's name, alias
 * or CPF/CNPJ. The matching parties are looked up first (trigram indexes), then the records through
 * their (organization, customer | company | number) indexes as one BitmapOr: at 100,000 records a
 * sub-select in the same statement made the planner scan every row instead (see bench/).
 */
export async function numberOrPartySearch(
  db: Db,
  organizationId: number,
  q: string | undefined,
  columns: { number: AnyPgColumn; customerId: AnyPgColumn; companyId: AnyPgColumn },
): Promise<SQL | undefined> {
  const term = q?.trim();
  if (!term) return undefined;
  const byNumber = /^\d{1,9}$/.test(term) ? eq(columns.number, Number(term)) : undefined;
  // A few digits are a record number, not a piece of every CPF/CNPJ that happens to contain them.
  if (byNumber && term.length < 4) return byNumber;
  const { customerIds, companyIds } = await matchingParties(db, organizationId, term);
  // The ids go as one array parameter: thousands of separate parameters cost more to build and send
  // than the query takes to run.
  const within = (column: AnyPgColumn, ids: number[] | SQL) =>
    Array.isArray(ids)
      ? ids.length
        ? sql`${column} = ANY(${arrayLiteral(ids)}::int[])`
        : undefined
      : sql`${column} IN ${ids}`;
  const search =
    or(byNumber, within(columns.customerId, customerIds), within(columns.companyId, companyIds)) ?? sql`false`;
  if (!Array.isArray(customerIds) || !Array.isArray(companyIds)) readingParties.add(search);
  return search;
}

/** The ids as a PostgreSQL array literal, written once per kept lookup (thousands of ids for a surname). */
const literals = new WeakMap<number[], string>();
function arrayLiteral(ids: number[]): string {
  let literal = literals.get(ids);
  if (literal === undefined) literals.set(ids, (literal = `{${ids.join(',')}}`));
  return literal;
}

interface PartyIds {
  customerIds: number[] | SQL;
  companyIds: number[] | SQL;
}

/**
 * The parties a term matches, per organization and term, kept while customers and companies are
 * unchanged (their list versions, read first: one primary-key read instead of two trigram searches that
 * recheck the text of every match, 1.3 ms of the server's time for a common surname over 20,000
 * customers). A broad term that leaves a sub-select is not kept: the statement reads the parties itself.
 */
const keptParties = new Map<string, { versions: string; ids: PartyIds }>();
const KEPT_PARTIES_MAX = 200;

async function matchingParties(db: Db, organizationId: number, term: string): Promise<PartyIds> {
  const key = `${organizationId}|${term}`;
  const versions = await readVersions(db, organizationId, ['customers', 'companies']);
  const kept = keptParties.get(key);
  if (kept?.versions === versions) return kept.ids;
  const cu = schema.customers;
  const co = schema.companies;
  const idsOf = async (t: typeof cu | typeof co) => {
    const where = and(eq(t.organizationId, organizationId), partySearch(t, term));
    const rows = await db
      .select({ id: t.id })
      .from(t)
      .where(where)
      .limit(MAX_SEARCH_IDS + 1);
    if (rows.length > MAX_SEARCH_IDS) return sql`(SELECT ${t.id} FROM ${t} WHERE ${where})`;
    return rows.map((r) => r.id);
  };
  const [customerIds, companyIds] = await Promise.all([idsOf(cu), idsOf(co)]);
  const ids = { customerIds, companyIds };
  if (Array.isArray(customerIds) && Array.isArray(companyIds)) {
    keptParties.delete(key);
    if (keptParties.size >= KEPT_PARTIES_MAX) keptParties.delete(keptParties.keys().next().value!);
    keptParties.set(key, { versions, ids });
  }
  return ids;
}

/** Searches that match parties when the statement runs (a sub-select), rather than by ids found before. */
const readingParties = new WeakSet<SQL>();

/**
 * What a list's total depends on because of its search (numberOrPartySearch's answer): nothing when the
 * matching parties were looked up first, as their ids are written into the statement (a party that starts
 * or stops matching makes another statement, counted on its own); customers and companies when a broad
 * term left them as a sub-select.
 */
export const searchDependsOn = (search: SQL | undefined): VersionedTable[] =>
  search && readingParties.has(search) ? ['customers', 'companies'] : [];
