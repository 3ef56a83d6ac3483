import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@ordem-certa/db';
import { call, SefinUnavailableError, type CallOptions } from './sefin-client.ts';

// A municipality's parameters at the national parameters API (NFSE_PARAMETERS_URL): whether it uses
// the national system (its convênio) and the ISS rate it set for a national service code in a month.
// Read with the company's certificate (the API asks for one, like SEFIN), and kept a day in
// nfse_municipal_parameters: the rates change by law, a few times a year at most.

const p = schema.nfseMunicipalParameters;

/** How long an answer is used before the API is asked again. */
export const PARAMETERS_TTL_MS = 24 * 3600_000;

export interface MunicipalParameters {
  municipalityCode: string;
  serviceCode: string;
  /** YYYY-MM. */
  competence: string;
  /** The municipality uses the national system (aderenteAmbienteNacional). */
  joined: boolean;
  /** The ISS rate it set for the service in that month, in percent; null when it set none. */
  issRate: number | null;
  fetchedAt: Date;
}

/** The parameters API's code of a national service: '140101' → '14.01.01.000' (no municipal detail). */
export const parametersServiceCode = (serviceCode: string) =>
  `${serviceCode.slice(0, 2)}.${serviceCode.slice(2, 4)}.${serviceCode.slice(4, 6)}.000`;

/** Asks the API (two calls: the convênio, then the rate when the municipality has joined). */
export async function fetchMunicipalParameters(
  o: CallOptions & { municipalityCode: string; serviceCode: string; competence: string },
): Promise<Omit<MunicipalParameters, 'fetchedAt'>> {
  if (!/^\d{7}$/.test(o.municipalityCode) || !/^\d{6}$/.test(o.serviceCode) || !/^\d{4}-\d{2}$/.test(o.competence)) {
    throw new RangeError(
      `Not a municipality, service and month: ${o.municipalityCode} ${o.serviceCode} ${o.competence}`,
    );
  }
  const base = { municipalityCode: o.municipalityCode, serviceCode: o.serviceCode, competence: o.competence };
  const convenio = await call(o, 'GET', `/${o.municipalityCode}/convenio`);
  if (convenio.status === 404) return { ...base, joined: false, issRate: null };
  if (convenio.status !== 200) throw new SefinUnavailableError(`Parameters API answered ${convenio.status}`);
  const params = (convenio.body as { parametrosConvenio?: { aderenteAmbienteNacional?: unknown } })?.parametrosConvenio;
  const joined = Number(params?.aderenteAmbienteNacional) === 1;
  if (!joined) return { ...base, joined, issRate: null };
  const code = parametersServiceCode(o.serviceCode);
  const rate = await call(o, 'GET', `/${o.municipalityCode}/${code}/${o.competence}-01/aliquota`);
  if (rate.status === 404) return { ...base, joined, issRate: null };
  if (rate.status !== 200) throw new SefinUnavailableError(`Parameters API answered ${rate.status}`);
  return { ...base, joined, issRate: firstRate(rate.body) };
}

/** The rate of `{aliquotas: {'14.01.01.000': [{Aliq, DtIni, DtFim}]}}`: the first entry of the first code. */
function firstRate(body: unknown): number | null {
  const groups = (body as { aliquotas?: Record<string, unknown> })?.aliquotas;
  if (!groups || typeof groups !== 'object') return null;
  for (const list of Object.values(groups)) {
    const aliq = Array.isArray(list) ? Number((list[0] as { Aliq?: unknown })?.Aliq) : NaN;
    if (Number.isFinite(aliq) && aliq >= 0 && aliq <= 100) return Math.round(aliq * 100) / 100;
  }
  return null;
}

/**
 * The parameters from the cache when younger than PARAMETERS_TTL_MS, else from the API (and kept).
 * When the API cannot be reached, an older answer is better than none; with none, null.
 */
export async function municipalParameters(
  db: Db,
  o: CallOptions & { municipalityCode: string; serviceCode: string; competence: string; now?: Date },
): Promise<MunicipalParameters | null> {
  const now = o.now ?? new Date();
  const key = and(
    eq(p.municipalityCode, o.municipalityCode),
    eq(p.serviceCode, o.serviceCode),
    eq(p.competence, o.competence),
  );
  const [cached] = await db.select().from(p).where(key);
  if (cached && now.getTime() - cached.fetchedAt.getTime() < PARAMETERS_TTL_MS) return cached;
  let fresh;
  try {
    fresh = await fetchMunicipalParameters(o);
  } catch (err) {
    if (err instanceof SefinUnavailableError) return cached ?? null;
    throw err;
  }
  const values = { ...fresh, fetchedAt: now };
  await db
    .insert(p)
    .values(values)
    .onConflictDoUpdate({
      target: [p.municipalityCode, p.serviceCode, p.competence],
      set: { joined: values.joined, issRate: values.issRate, fetchedAt: now },
    });
  return values;
}
