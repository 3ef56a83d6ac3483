import { inArray, sql } from 'drizzle-orm';
import { cepLookupResponse, type CepLookup } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { AppError } from '../../lib/errors.ts';
import type { LookupContext } from '../../lib/outside-service.ts';
import { queryRows } from '../../lib/sql.ts';

// The municipality (IBGE code) of many addresses at once, as an import brings them: each CEP is looked
// up (the kept answers first, then the CEP services, a few at a time and within a budget for the whole
// import) and held against the city and UF the row typed; without a CEP, or when it cannot be asked,
// the city and UF name the municipality as the address form does.

/** An address as typed: CEP (8 digits), city and UF, each possibly absent. */
export interface TypedPlace {
  postalCode: string | null;
  city: string | null;
  state: string | null;
}

/** What an address gets: its municipality (or none known), or the place its CEP is of, when the row says another. */
export type PlaceAnswer =
  | { place: { ibgeCode: string | null; city: string | null; state: string | null } }
  | { mismatch: { city: string; state: string } };

export type CepLookupFn = (ctx: LookupContext, cep: string) => Promise<CepLookup>;

/** CEPs asked of the outside services at once. */
const CONCURRENT_LOOKUPS = 4;
/** The most time one import spends asking the CEP services; past it the rest go by city and UF. */
export const IMPORT_CEP_BUDGET_MS = 20_000;
/** After this many CEPs in a row the services could not answer, the import stops asking them. */
const FAILURES_TO_STOP = 3;

const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** The kept answers of these CEPs. */
async function keptCeps(ctx: LookupContext, ceps: string[]) {
  const t = schema.cepLookups;
  const found = new Map<string, CepLookup>();
  if (!ceps.length) return found;
  const rows = await ctx.db
    .select({ postalCode: t.postalCode, data: t.data })
    .from(t)
    .where(inArray(t.postalCode, ceps));
  for (const r of rows) {
    const parsed = cepLookupResponse.safeParse(r.data);
    if (parsed.success) found.set(r.postalCode, parsed.data);
  }
  return found;
}

/** The municipality each typed city names in its UF (case and accents aside), by the input's index. */
async function namedMunicipalities(ctx: LookupContext, places: TypedPlace[]) {
  const asked = places.flatMap((p, i) =>
    p.city?.trim() && p.state?.trim() ? [{ i, city: p.city, state: p.state }] : [],
  );
  const named = new Map<number, { ibgeCode: string; name: string }>();
  if (!asked.length) return named;
  const m = schema.municipalities;
  const rows = await queryRows<{ i: number; ibgeCode: string; name: string }>(
    ctx.db,
    sql`SELECT DISTINCT ON (u.i) u.i, ${m.ibgeCode} AS "ibgeCode", ${m.name} AS name
          FROM json_to_recordset(${JSON.stringify(asked)}::json) AS u(i int, city text, state text)
          JOIN ${m} ON ${m.state} = upper(trim(u.state))
                   AND f_unaccent(lower(${m.name})) = f_unaccent(lower(trim(u.city)))
         ORDER BY u.i, ${m.ibgeCode}`,
  );
  for (const r of rows) named.set(Number(r.i), { ibgeCode: r.ibgeCode, name: r.name });
  return named;
}

/**
 * The places of one import: `resolve` takes a batch of addresses and answers each one's. The CEP
 * services are asked only for CEPs not kept, CONCURRENT_LOOKUPS at a time, while the import's budget
 * lasts and until they fail FAILURES_TO_STOP times in a row; a CEP they do not know, or could not be
 * asked about, leaves the address to its city and UF.
 */
export function addressPlaces(ctx: LookupContext, lookupCep: CepLookupFn | null) {
  const deadline = Date.now() + IMPORT_CEP_BUDGET_MS;
  let failuresInARow = 0;
  const asking = () => lookupCep !== null && failuresInARow < FAILURES_TO_STOP && Date.now() < deadline;

  async function askServices(ceps: string[], found: Map<string, CepLookup>) {
    const queue = [...ceps];
    const worker = async () => {
      for (let cep = queue.shift(); cep !== undefined && asking(); cep = queue.shift()) {
        try {
          found.set(cep, await lookupCep!(ctx, cep));
          failuresInARow = 0;
        } catch (err) {
          // 404: the services do not know it (the city decides); 503 or anything else: they could not answer.
          if (err instanceof AppError && err.statusCode === 404) failuresInARow = 0;
          else failuresInARow++;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_LOOKUPS }, worker));
  }

  return {
    async resolve(places: TypedPlace[]): Promise<PlaceAnswer[]> {
      const ceps = [...new Set(places.flatMap((p) => (p.postalCode ? [p.postalCode] : [])))];
      const found = await keptCeps(ctx, ceps);
      if (asking())
        await askServices(
          ceps.filter((c) => !found.has(c)),
          found,
        );
      const named = await namedMunicipalities(ctx, places);
      return places.map((p, i): PlaceAnswer => {
        const byName = named.get(i);
        const cep = p.postalCode ? found.get(p.postalCode) : undefined;
        if (!cep) {
          return {
            place: byName
              ? { ibgeCode: byName.ibgeCode, city: byName.name, state: p.state }
              : { ibgeCode: null, city: p.city, state: p.state },
          };
        }
        const typedState = p.state?.trim().toUpperCase() || null;
        const typedCity = p.city?.trim() || null;
        const otherState = typedState !== null && typedState !== cep.state;
        // The typed city is the CEP's when both name the same municipality, or (one the list does not
        // know) when the names are the same, accents and case aside.
        const otherCity =
          typedCity !== null &&
          (byName && cep.ibgeCode ? byName.ibgeCode !== cep.ibgeCode : fold(typedCity) !== fold(cep.city));
        if (otherState || otherCity) return { mismatch: { city: cep.city, state: cep.state } };
        return {
          place: {
            ibgeCode: cep.ibgeCode ?? byName?.ibgeCode ?? null,
            city: cep.ibgeCode ? cep.city : (byName?.name ?? typedCity ?? cep.city),
            state: cep.state,
          },
        };
      });
    },
  };
}
