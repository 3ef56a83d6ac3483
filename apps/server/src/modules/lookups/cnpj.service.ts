import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  cnpjForLookup,
  cnpjLookupResponse,
  lookupMessages,
  parsePhone,
  type CnpjLookup,
  type CnpjLookupAddress,
} from '@ordem-certa/contracts';
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
} from '../../lib/outside-service.ts';
import { municipalityOf } from '../../core/places/municipalities.ts';

/**
 * A kept CNPJ answer is used for this long; then the service is asked again (a company's e-mail,
 * phone and address change), and the kept one still answers while the service is down.
 */
const CNPJ_KEPT_MS = 30 * 24 * 3600 * 1000;

/** The fields of BrasilAPI's CNPJ answer (from the Receita Federal's open data) that the forms use. */
const brasilApiCnpj = z.object({
  razao_social: z.string().min(1),
  nome_fantasia: z.string().nullish(),
  email: z.string().nullish(),
  ddd_telefone_1: z.string().nullish(),
  descricao_tipo_de_logradouro: z.string().nullish(),
  logradouro: z.string().nullish(),
  numero: z.union([z.string(), z.number()]).nullish(),
  complemento: z.string().nullish(),
  bairro: z.string().nullish(),
  municipio: z.string().nullish(),
  uf: z.string().nullish(),
  cep: z.union([z.string(), z.number()]).nullish(),
  codigo_municipio_ibge: z.union([z.string(), z.number()]).nullish(),
});
type BrasilApiCnpj = z.infer<typeof brasilApiCnpj>;

/** BrasilAPI: 404 for a CNPJ the Receita does not have (400 for one it cannot read, such as the newer letters). */
async function askBrasilApi(url: string, cnpj: string, signal: AbortSignal): Promise<Answer<BrasilApiCnpj>> {
  const { status, body } = await getJson(`${url}/${cnpj}`, signal);
  if (status === 404 || status === 400) return { missing: true };
  if (status !== 200) return { failed: `HTTP ${status}` };
  const parsed = brasilApiCnpj.safeParse(body);
  return parsed.success ? { found: parsed.data } : { failed: 'unexpected answer' };
}

const validEmail = (v: string | null) => (v && z.email().safeParse(v.toLowerCase()).success ? v.toLowerCase() : null);
/** The number as the party form keeps it ('(11) 3456-7890'); one that cannot exist is left out. */
const validPhone = (v: string | null) => parsePhone(v)?.display ?? null;

/**
 * The establishment's address in the shape an address is saved in: the street with its type ('AVENIDA'
 * + 'PAULISTA'), a number only when it is one ('S/N' is none; '37A' goes to the complement), the
 * CEP's 8 digits (the service may send it as a number), the city's name and code from IBGE's list.
 */
async function addressOf(db: Db, a: BrasilApiCnpj): Promise<CnpjLookupAddress | null> {
  const numero = cleanText(a.numero);
  const number = numero && /^\d{1,6}$/.test(numero) ? Number(numero) : null;
  // Some records repeat the number after the street's name ('PAULISTA 37', number 37): said once.
  const named = cleanText(a.logradouro);
  const street = named && number !== null ? named.replace(new RegExp(`\\s+0*${number}$`), '') : named;
  if (!street) return null;
  const kind = cleanText(a.descricao_tipo_de_logradouro);
  const address = kind && !street.toUpperCase().startsWith(`${kind.toUpperCase()} `) ? `${kind} ${street}` : street;
  const extra = number === null && numero && !/^S\.?\/?N\.?$/i.test(numero) ? numero : null;
  const complement = [extra, cleanText(a.complemento)].filter(Boolean).join(' ') || null;
  const uf = cleanText(a.uf)?.toUpperCase();
  const state = uf && uf !== 'EX' ? uf : null;
  const cepText = cleanText(a.cep)?.replace(/\D/g, '');
  const municipality = await municipalityOf(db, {
    ibgeCode: cleanText(a.codigo_municipio_ibge),
    city: cleanText(a.municipio),
    state,
  });
  return {
    address,
    number,
    complement,
    neighborhood: cleanText(a.bairro),
    city: municipality?.name ?? cleanText(a.municipio),
    state,
    postalCode: cepText && cepText.length <= 8 ? cepText.padStart(8, '0') : null,
    ibgeCode: municipality?.ibgeCode ?? null,
  };
}

async function readCache(db: Db, cnpj: string) {
  const t = schema.cnpjLookups;
  const [row] = await db.select({ data: t.data, fetchedAt: t.fetchedAt }).from(t).where(eq(t.cnpj, cnpj));
  const parsed = cnpjLookupResponse.safeParse(row?.data);
  return parsed.success
    ? { data: parsed.data, fresh: Date.now() - row!.fetchedAt.getTime() < CNPJ_KEPT_MS }
    : undefined;
}

async function writeCache(ctx: LookupContext, cnpj: string, data: CnpjLookup, source: string) {
  const t = schema.cnpjLookups;
  await ctx.db
    .insert(t)
    .values({ cnpj, data, source })
    .onConflictDoUpdate({ target: t.cnpj, set: { data, source, fetchedAt: sql`now()` } })
    .catch((err: unknown) => ctx.log.error({ err }, 'could not keep a CNPJ answer'));
}

/**
 * GET cnpj/{cnpj}: razão social, nome fantasia, e-mail, phone and address of a CNPJ whose check
 * digits hold. A kept answer younger than CNPJ_KEPT_MS answers at once; else the service is asked
 * within LOOKUP_BUDGET_MS, and the kept answer, however old, is given when the service cannot answer.
 */
export function cnpjLookup(serviceUrl: string | undefined) {
  const shared = sharedInFlight<CnpjLookup>();
  return async (ctx: LookupContext, typed: string): Promise<CnpjLookup> => {
    const cnpj = cnpjForLookup(typed);
    if (!cnpj) throw invalid({ cnpj: lookupMessages.cnpjInvalid });
    return shared(cnpj, async () => {
      const kept = await readCache(ctx.db, cnpj);
      if (kept?.fresh) return kept.data;
      const outcome = await askInTurn(
        serviceUrl
          ? [{ name: 'primary', timeoutMs: LOOKUP_BUDGET_MS, ask: (signal) => askBrasilApi(serviceUrl, cnpj, signal) }]
          : [],
        ctx.log,
        `CNPJ ${cnpj}`,
      );
      if ('failed' in outcome) {
        if (kept) return kept.data;
        throw new AppError(503, [lookupMessages.cnpjUnavailable]);
      }
      if ('missing' in outcome) throw notFound(lookupMessages.cnpjNotFound);
      const a = outcome.found;
      const answer: CnpjLookup = {
        cnpj,
        name: cleanText(a.razao_social)!,
        alias: cleanText(a.nome_fantasia),
        email: validEmail(cleanText(a.email)),
        phone: validPhone(cleanText(a.ddd_telefone_1)),
        address: await addressOf(ctx.db, a),
      };
      await writeCache(ctx, cnpj, answer, outcome.source);
      return answer;
    });
  };
}
