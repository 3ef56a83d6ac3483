import { and, asc, eq, sql } from 'drizzle-orm';
import type { Municipality, MunicipalityListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { listPage, searchWhere } from '../../lib/list.ts';
import { alphabetical } from '../../lib/paging.ts';

const m = schema.municipalities;
const columns = { ibgeCode: m.ibgeCode, name: m.name, state: m.state };
const folded = (value: unknown) => sql`f_unaccent(lower(${value}))`;

/**
 * One page of IBGE's municipalities, read from the bundled table (no outside call). With `q`, the name
 * that is the term comes first, then the names that start with it, then the others that contain it,
 * each alphabetical: 'santos' puts Santos before Bom Jesus dos Santos.
 */
export function listMunicipalities(db: Db, query: MunicipalityListQuery) {
  const where = and(query.state ? eq(m.state, query.state) : undefined, searchWhere(query.q, [m.name]));
  const term = query.q?.trim().toLowerCase();
  const order = term
    ? [
        sql`${folded(m.name)} = f_unaccent(${term}) DESC`,
        sql`${folded(m.name)} LIKE f_unaccent(${`${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}) DESC`,
      ]
    : [];
  return listPage<Municipality>(
    query,
    db
      .select(columns)
      .from(m)
      .where(where)
      .orderBy(...order, alphabetical(m.name), asc(m.state))
      .limit(query.take)
      .offset(query.skip),
    () => db.$count(m, where),
  );
}

/** The municipality of that IBGE code, if the list has it. */
export async function municipalityByCode(db: Db, ibgeCode: string): Promise<Municipality | undefined> {
  const [row] = await db.select(columns).from(m).where(eq(m.ibgeCode, ibgeCode));
  return row;
}

/** The municipality of that UF with that name, case and accents aside ('SAO PAULO' is São Paulo). */
export async function municipalityNamed(db: Db, name: string, state: string): Promise<Municipality | undefined> {
  const [row] = await db
    .select(columns)
    .from(m)
    .where(and(eq(m.state, state.toUpperCase()), sql`${folded(m.name)} = ${folded(name.trim())}`));
  return row;
}

/**
 * The municipality an outside service meant: by its IBGE code when the list has it and it is of the
 * UF, else by the city's name in the UF. Undefined when neither names one.
 */
export async function municipalityOf(
  db: Db,
  place: { ibgeCode?: string | null; city?: string | null; state?: string | null },
): Promise<Municipality | undefined> {
  const state = place.state?.trim().toUpperCase();
  if (!state) return undefined;
  if (place.ibgeCode && /^\d{7}$/.test(place.ibgeCode)) {
    const byCode = await municipalityByCode(db, place.ibgeCode);
    if (byCode && byCode.state === state) return byCode;
  }
  return place.city?.trim() ? municipalityNamed(db, place.city, state) : undefined;
}
