import { and, asc, eq, sql } from 'drizzle-orm';
import type { Municipality, MunicipalityListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { listPage, searchWhere } from '../../lib/list.ts';
import { alphabetical } from '../../lib/paging.ts';
import { folded, municipalityColumns } from '../../core/places/municipalities.ts';

const m = schema.municipalities;
const columns = municipalityColumns;

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
