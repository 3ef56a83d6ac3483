// IBGE's municipalities, the bundled list every address and fiscal code is checked against: found by
// code, or by a name as an outside service (a CEP, a CNPJ) writes it.
import { and, eq, sql } from 'drizzle-orm';
import type { Municipality } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';

const m = schema.municipalities;
export const municipalityColumns = { ibgeCode: m.ibgeCode, name: m.name, state: m.state };
const columns = municipalityColumns;
/** A name as searches compare it: lower case, without accents. */
export const folded = (value: unknown) => sql`f_unaccent(lower(${value}))`;

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
