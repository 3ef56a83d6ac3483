import { and, asc, eq, getTableName, inArray, like, or, type SQL } from 'drizzle-orm';
import {
  partyMessages,
  type CreatePartyBody,
  type ListQuery,
  type PersonType,
  type UpdatePartyBody,
} from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../plugins/auth.ts';
import { invalid, isUniqueViolation } from '../plugins/errors.ts';
import { countRows, identifierTerm, listPage, searchWhere, versionsColumn, type VersionedTable } from './list.ts';

/**
 * Companies and customers share their identity columns and rules, so list, create and
 * update are written once over either table.
 */
export type PartyTable = typeof schema.companies | typeof schema.customers;

export const partyColumns = (t: PartyTable) => ({
  id: t.id,
  type: t.type,
  identifier: t.identifier,
  name: t.name,
  alias: t.alias,
  email: t.email,
  phone: t.phone,
  phoneE164: t.phoneE164,
});

/** q over name, alias, e-mail (their stored search text) and the identifier typed with or without punctuation. */
export function partySearch(t: PartyTable, q: string | undefined): SQL | undefined {
  // Control characters mean nothing in a search; chr(31) separates the parts of the search text.
  const text = searchWhere(q && [...q].filter((c) => c >= ' ').join(''), [t.searchText], { stored: true });
  if (!text) return undefined;
  // Only something that looks like (part of) a CPF/CNPJ is matched against identifiers:
  // "joão" must not match the letters of an alphanumeric CNPJ.
  const term = identifierTerm(q);
  if (!/\d/.test(term) || !/^[\d\sA-Za-z./-]+$/.test(q!.trim())) return text;
  return or(text, like(t.identifier, `%${term}%`));
}

export async function listParties(db: Db, t: PartyTable, organizationId: number, query: ListQuery) {
  const where = and(eq(t.organizationId, organizationId), partySearch(t, query.q));
  const dependsOn = [getTableName(t) as VersionedTable];
  // The page's rows carry the table's list version (read in the same statement), so a total still
  // valid costs no statement of its own.
  let known: string | undefined;
  const rows = db
    .select({ ...partyColumns(t), versions: versionsColumn(organizationId, dependsOn) })
    .from(t)
    .where(where)
    .orderBy(asc(t.name), asc(t.id))
    .limit(query.take)
    .offset(query.skip)
    .then((r) => {
      known = r[0]?.versions;
      return r;
    });
  return listPage(
    query,
    rows,
    countRows(db, t, where, { organizationId, dependsOn, known: () => known }),
    ({ versions: _versions, ...row }) => row,
  );
}

/**
 * Whether any of these rows of the table (just added) is one the list `query` would show: with no search
 * every row is; else the search decides, over those rows alone (primary-key reads).
 */
export async function partiesMatch(db: Db, t: PartyTable, organizationId: number, query: ListQuery, ids: number[]) {
  if (ids.length === 0) return false;
  const search = partySearch(t, query.q);
  if (!search) return true;
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), inArray(t.id, ids), search))
    .limit(1);
  return row !== undefined;
}

export async function getParty(db: Db, t: PartyTable, organizationId: number, id: number) {
  const [row] = await db
    .select(partyColumns(t))
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)));
  return assertFound(row);
}

const duplicate = (type: PersonType) => invalid({ identifier: partyMessages.identifierTaken(type) });

export async function createParty(db: Db, t: PartyTable, organizationId: number, body: CreatePartyBody) {
  try {
    const [row] = await db
      .insert(t)
      .values({ ...body, organizationId })
      .returning(partyColumns(t));
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(body.type);
    throw err;
  }
}

export async function updateParty(db: Db, t: PartyTable, organizationId: number, id: number, body: UpdatePartyBody) {
  const current = await getParty(db, t, organizationId, id);
  // The form locks the type; a client that sends another one is refused rather than ignored.
  if (current.type !== body.type) throw invalid({ type: partyMessages.typeLocked });
  const [row] = await db
    .update(t)
    .set({
      name: body.name,
      alias: body.alias,
      email: body.email,
      phone: body.phone,
      phoneE164: body.phoneE164,
      updatedAt: new Date(),
    })
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)))
    .returning(partyColumns(t));
  return assertFound(row);
}
