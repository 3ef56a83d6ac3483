import { and, asc, eq, getTableName, gt, like, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  partyMessages,
  type CreatePartyBody,
  type ListQuery,
  type PersonType,
  type UpdatePartyBody,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { invalid, isUniqueViolation } from '../../lib/errors.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keptAnswer, type ListedTable } from '../../lib/kept-answers.ts';
import { perDatabase } from '../../lib/sql.ts';
import {
  countRows,
  identifierTerm,
  likePattern,
  listPage,
  versionsColumn,
  type VersionedTable,
} from '../../lib/list.ts';
import { assertFound } from '../access/access.ts';
import { assertVersion } from '../records/versions.ts';

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

/** A company's or customer's columns with its row version, as its detail and its writes answer. */
export const partyDetailColumns = (t: PartyTable) => ({ ...partyColumns(t), version: t.rowVersion });

/**
 * What a search q looks for: a pattern over the stored search text (name, alias, e-mail), and one over the
 * identifier when q looks like (part of) a CPF/CNPJ; undefined for an empty q.
 */
function partyPatterns(q: string | undefined): { text: string; identifier: string | null } | undefined {
  // Control characters mean nothing in a search; chr(31) separates the parts of the search text.
  const text = likePattern(q && [...q].filter((c) => c >= ' ').join(''));
  if (!text) return undefined;
  // Only something that looks like (part of) a CPF/CNPJ is matched against identifiers:
  // "joão" must not match the letters of an alphanumeric CNPJ.
  const term = identifierTerm(q);
  const looksLikeIdentifier = /\d/.test(term) && /^[\d\sA-Za-z./-]+$/.test(q!.trim());
  return { text, identifier: looksLikeIdentifier ? `%${term}%` : null };
}

/** q over name, alias, e-mail (their stored search text) and the identifier typed with or without punctuation. */
export function partySearch(t: PartyTable, q: string | undefined): SQL | undefined {
  const p = partyPatterns(q);
  if (!p) return undefined;
  const text = sql`(${t.searchText} LIKE f_unaccent(${p.text}))`;
  return p.identifier ? or(text, like(t.identifier, p.identifier)) : text;
}

/**
 * GET companies / GET customers: the page as listParties builds it, kept (keptAnswer) under the table's
 * versions and, when rows were only added since, kept still if none of them matches the search.
 */
export function keptPartyList(db: Db, t: PartyTable, request: FastifyRequest, reply: FastifyReply, query: ListQuery) {
  const table = getTableName(t) as ListedTable;
  const organizationId = request.auth.organizationId;
  return keptAnswer(db, request, reply, [table, `${table}~`], () => listParties(db, t, organizationId, query), {
    newRows: { table, unchangedBy: (from, to) => partiesAddedOutside(db, t, organizationId, query, from, to) },
  });
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
 * Whether the customers (or companies) added by the versions after `from` up to `to` leave the list `query`
 * asks for as it was: every one of those versions listed its added rows (list_inserts), and none of them
 * matches the search. With no search every added row is in the list (its total at least): never.
 * One prepared statement: the listed versions and, by primary key, whether an added row matches.
 */
export async function partiesAddedOutside(
  db: Db,
  t: PartyTable,
  organizationId: number,
  query: ListQuery,
  from: number,
  to: number,
) {
  const p = partyPatterns(query.q);
  if (!p) return false;
  const [r] = await addedMatchQuery(db, t).execute({ orgId: organizationId, from, to, ...p });
  return r!.listed === to - from && !r!.matched;
}

function prepareAddedMatch(db: Db, t: PartyTable) {
  const l = schema.listInserts;
  const name = getTableName(t);
  const matches = sql`EXISTS (SELECT 1 FROM ${t} WHERE ${t.organizationId} = ${l.organizationId} AND ${t.id} = ANY(${l.ids})
    AND (${t.searchText} LIKE f_unaccent(${sql.placeholder('text')}) OR ${t.identifier} LIKE ${sql.placeholder('identifier')}))`;
  return db
    .select({
      listed: sql<number>`count(*)::int`,
      matched: sql<boolean>`coalesce(bool_or(${matches}), false)`,
    })
    .from(l)
    .where(
      and(
        eq(l.organizationId, sql.placeholder('orgId')),
        eq(l.tableName, name),
        gt(l.version, sql.placeholder('from')),
        lte(l.version, sql.placeholder('to')),
      ),
    )
    .prepare(`${name}_added_match`);
}
const addedMatchQuery = perDatabase(prepareAddedMatch);

export async function getParty(db: Db, t: PartyTable, organizationId: number, id: number) {
  const [row] = await db
    .select(partyDetailColumns(t))
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)));
  return assertFound(row);
}

const duplicate = (type: PersonType) => invalid({ identifier: partyMessages.identifierTaken(type) });

/** The insert of a company or customer, a prepared statement per database and table (built and planned once). */
function prepareCreate(db: Db, t: PartyTable) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .insert(t)
    .values({
      organizationId: p('organizationId'),
      type: p('type'),
      identifier: p('identifier'),
      name: p('name'),
      alias: p('alias'),
      email: p('email'),
      phone: p('phone'),
      phoneE164: p('phoneE164'),
    })
    .returning(partyDetailColumns(t))
    .prepare(`${getTableName(t)}_create`);
}
const createQuery = perDatabase(prepareCreate);

export async function createParty(db: Db, t: PartyTable, organizationId: number, body: CreatePartyBody) {
  try {
    const [row] = await createQuery(db, t).execute({
      organizationId,
      type: body.type,
      identifier: body.identifier,
      name: body.name,
      alias: body.alias,
      email: body.email,
      phone: body.phone,
      phoneE164: body.phoneE164,
    });
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(body.type);
    throw err;
  }
}

/**
 * PUT companies/{id} / customers/{id}: the identity fields, under the row's lock and at the version the
 * form loaded (409 with what changed otherwise).
 */
export async function updateParty(db: Db, t: PartyTable, organizationId: number, id: number, body: UpdatePartyBody) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ ...partyDetailColumns(t), rowVersion: t.rowVersion })
      .from(t)
      .where(and(eq(t.id, id), eq(t.organizationId, organizationId)))
      .for('update');
    const locked = assertFound(current);
    assertVersion(body, locked, () => ({
      type: locked.type,
      name: locked.name,
      alias: locked.alias,
      email: locked.email,
      phone: locked.phone,
    }));
    // The form locks the type; a client that sends another one is refused rather than ignored.
    if (locked.type !== body.type) throw invalid({ type: partyMessages.typeLocked });
    const [row] = await tx
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
      .returning(partyDetailColumns(t));
    return assertFound(row);
  });
}
