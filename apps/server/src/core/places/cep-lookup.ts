import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cepDigits, cepLookupResponse, lookupMessages, type CepLookup } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import {
  askInTurn,
  cleanText,
  getJson,
  LOOKUP_BUDGET_MS,
  sharedInFlight,
  type Answer,
  type LookupContext,
  type Service,
} from '../../lib/outside-service.ts';
import { municipalityOf } from './municipalities.ts';

/** The first service gets this long before the fallback is asked with the rest of the budget. */
const PRIMARY_TIMEOUT_MS = 2_500;

export interface CepServices {
  /** ViaCEP-compatible base URL (`…/ws`): `GET {url}/{cep}/json/`. */
  primary?: string;
  /** BrasilAPI-compatible base URL (`…/api/cep/v1`): `GET {url}/{cep}`. */
  fallback?: string;
}

/** What a found CEP says, before its city is matched to IBGE's list. */
type Place = Omit<CepLookup, 'ibgeCode'> & { ibgeCode: string | null };

const viaCepAnswer = z.object({
  cep: z.string(),
  logradouro: z.string().nullish(),
  bairro: z.string().nullish(),
  localidade: z.string().min(1),
  uf: z.string().length(2),
  ibge: z.string().nullish(),
});

/** ViaCEP: `{"erro": true}` (or 400) for a CEP it does not know, else the address with the city's IBGE code. */
async function askViaCep(url: string, cep: string, signal: AbortSignal): Promise<Answer<Place>> {
  const { status, body } = await getJson(`${url}/${cep}/json/`, signal);
  if (status === 400 || (status === 200 && isErro(body))) return { missing: true };
  if (status !== 200) return { failed: `HTTP ${status}` };
  const parsed = viaCepAnswer.safeParse(body);
  if (!parsed.success) return { failed: 'unexpected answer' };
  const a = parsed.data;
  return {
    found: {
      postalCode: cep,
      address: cleanText(a.logradouro),
      neighborhood: cleanText(a.bairro),
      city: cleanText(a.localidade)!,
      state: a.uf.toUpperCase(),
      ibgeCode: cleanText(a.ibge),
    },
  };
}
const isErro = (body: unknown) =>
  typeof body === 'object' && body !== null && [true, 'true'].includes((body as { erro?: unknown }).erro as never);

const brasilApiAnswer = z.object({
  cep: z.string(),
  state: z.string().length(2),
  city: z.string().min(1),
  neighborhood: z.string().nullish(),
  street: z.string().nullish(),
});

/** BrasilAPI (v1): 404 for a CEP none of its sources know; no IBGE code, so the city is matched by name. */
async function askBrasilApi(url: string, cep: string, signal: AbortSignal): Promise<Answer<Place>> {
  const { status, body } = await getJson(`${url}/${cep}`, signal);
  if (status === 404) return { missing: true };
  if (status !== 200) return { failed: `HTTP ${status}` };
  const parsed = brasilApiAnswer.safeParse(body);
  if (!parsed.success) return { failed: 'unexpected answer' };
  const a = parsed.data;
  return {
    found: {
      postalCode: cep,
      address: cleanText(a.street),
      neighborhood: cleanText(a.neighborhood),
      city: cleanText(a.city)!,
      state: a.state.toUpperCase(),
      ibgeCode: null,
    },
  };
}

async function readCache(db: Db, cep: string): Promise<CepLookup | undefined> {
  const t = schema.cepLookups;
  const [row] = await db.select({ data: t.data }).from(t).where(eq(t.postalCode, cep));
  const parsed = cepLookupResponse.safeParse(row?.data);
  return parsed.success ? parsed.data : undefined;
}

async function writeCache(ctx: LookupContext, cep: string, data: CepLookup, source: string) {
  const t = schema.cepLookups;
  await ctx.db
    .insert(t)
    .values({ postalCode: cep, data, source })
    .onConflictDoUpdate({ target: t.postalCode, set: { data, source, fetchedAt: sql`now()` } })
    // The answer is given either way; the next lookup of this CEP simply asks the service again.
    .catch((err: unknown) => ctx.log.error({ err }, 'could not keep a CEP answer'));
}

/**
 * GET cep/{cep}: the address a CEP names. Answered from the kept answers when this CEP was found
 * before; else the first service is asked and, if it fails or does not know the CEP, the fallback,
 * all within LOOKUP_BUDGET_MS. A found answer is kept (CEPs seldom change) with the city's IBGE code
 * from the bundled list (the service's code when the list has it for that UF, else by the name).
 */
export function cepLookup(services: CepServices) {
  const shared = sharedInFlight<CepLookup>();
  return async (ctx: LookupContext, typed: string): Promise<CepLookup> => {
    const cep = cepDigits(typed);
    if (!cep) throw invalid({ cep: lookupMessages.cepInvalid });
    return shared(cep, async () => {
      const kept = await readCache(ctx.db, cep);
      if (kept) return kept;
      const asked: Service<Place>[] = [];
      const { primary, fallback } = services;
      if (primary)
        asked.push({
          name: 'primary',
          timeoutMs: fallback ? PRIMARY_TIMEOUT_MS : LOOKUP_BUDGET_MS,
          ask: (signal) => askViaCep(primary, cep, signal),
        });
      if (fallback)
        asked.push({
          name: 'fallback',
          timeoutMs: LOOKUP_BUDGET_MS,
          ask: (signal) => askBrasilApi(fallback, cep, signal),
        });
      const outcome = await askInTurn(asked, ctx.log, `CEP ${cep}`);
      if ('missing' in outcome) throw notFound(lookupMessages.cepNotFound);
      if ('failed' in outcome) throw new AppError(503, [lookupMessages.cepUnavailable]);
      const place = outcome.found;
      const municipality = await municipalityOf(ctx.db, {
        ibgeCode: place.ibgeCode,
        city: place.city,
        state: place.state,
      });
      const answer: CepLookup = {
        ...place,
        city: municipality?.name ?? place.city,
        ibgeCode: municipality?.ibgeCode ?? null,
      };
      await writeCache(ctx, cep, answer, outcome.source);
      return answer;
    });
  };
}
