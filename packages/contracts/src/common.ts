import { z } from 'zod';
import { messages } from './messages.ts';
import {
  DEFAULT_TAKE,
  INT4_MAX,
  MAX_TAKE,
  MAX_YEAR,
  MIN_YEAR,
  MONEY_MAX,
  SIGNATURE_MAX_CHARS,
  signatureMessages,
} from './limits.ts';

// zod's own messages (a wrong type, a missing object) reach users too: Brazilian Portuguese.
z.config(z.locales.ptBR());
// In the browser the page's Content-Security-Policy forbids eval, so zod's compiled parsers cannot be
// used there: say so up front instead of letting zod probe with Function(''), which the browser then
// reports as a policy violation. The server keeps them (they parse faster).
if (typeof document !== 'undefined') z.config({ jitless: true });

/**
 * A database id in a body or query: a positive integer the id columns can hold. In a path, use
 * `pathId`: any failure there (and any id past INT4_MAX) answers 404, not a form error.
 */
export const entityId = (message: string = messages.invalidFormat) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message }).max(INT4_MAX, message);
/** An id read from the path or the query string (text), same bounds as entityId. */
export const pathId = (message: string = messages.invalidFormat) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(INT4_MAX, message);

// NUL cannot be stored in PostgreSQL text; a lone UTF-16 surrogate cannot be encoded as UTF-8.
// oxlint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const hasUnsafeText = (s: string) => UNSAFE_TEXT.test(s);

type Trail = { key: PropertyKey; up: Trail } | null;
const toPath = (trail: Trail): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let t = trail; t; t = t.up) path.unshift(t.key);
  return path;
};

/** The path of the first string (or object key) in `value` the database cannot store, if any. */
export function unsafeTextPath(value: unknown): PropertyKey[] | undefined {
  // A loop with linked trails, not recursion with copied paths: a 2 MB body nested a million deep
  // neither overflows the stack nor costs quadratic time.
  const pending: Array<[unknown, Trail]> = [[value, null]];
  while (pending.length) {
    const [item, trail] = pending.pop()!;
    if (typeof item === 'string') {
      if (hasUnsafeText(item)) return toPath(trail);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (hasUnsafeText(key)) return toPath({ key, up: trail });
        pending.push([child, { key, up: trail }]);
      }
    }
  }
  return undefined;
}

/**
 * Wraps any schema so that a string the database cannot store fails on its field before the schema
 * runs. The server wraps every route's params, query and body with it, so no route can forget.
 */
export const withSafeText = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      const path = unsafeTextPath(value);
      if (path) ctx.addIssue({ code: 'custom', path, message: messages.invalidCharacters });
    })
    .pipe(schema);

const yearInRange = (v: string) => {
  if (!/^\d{4}-/.test(v)) return true; // not a date at all: the format's message says so, once
  const year = Number(v.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};
/** A calendar date (YYYY-MM-DD) with a year in MIN_YEAR–MAX_YEAR. */
export const calendarDate = (message: string = messages.invalidDate) =>
  z.iso.date({ error: message }).refine(yearInRange, messages.yearOutOfRange);
/** An ISO date-time with its offset, with a year in MIN_YEAR–MAX_YEAR. */
export const businessDateTime = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).refine(yearInRange, messages.yearOutOfRange);

/** Query every list accepts: q, skip, take (25 rows from 0 unless asked otherwise). */
export const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(MAX_TAKE).default(DEFAULT_TAKE),
});
export type ListQuery = z.infer<typeof listQuery>;

export const listMeta = z.object({ total: z.number().int(), skip: z.number().int(), take: z.number().int() });
export type ListMeta = z.infer<typeof listMeta>;

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMeta });
}
export interface ListResult<T> {
  data: T[];
  meta: ListMeta;
}

export const idParam = z.object({ id: pathId() });
export const orgParam = z.object({ orgId: pathId() });

export const createdResponse = z.object({ id: z.number().int() }).loose();

/**
 * Unicode's bidirectional controls (embeddings, overrides, isolates and the marks): invisible, they
 * reorder how the text around them shows — 'Ana\u202Efdp.exe' reads 'Anaexe.pdf' — in lists, PDFs
 * and e-mails. Names and short texts drop them (a person cannot see them to remove them, so a
 * refusal would only puzzle); Hebrew and Arabic letters show right to left without them.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const withoutBidiControls = (s: string) => s.replace(BIDI_CONTROLS, '');

/** A required trimmed string with the pt-BR "required" message (bidirectional controls dropped). */
export const requiredString = (max = 255) =>
  z
    .string({ error: messages.required })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, messages.required)
    .max(max, `Deve ter no máximo ${max} caracteres`);

export const errorBody = z.object({
  errors: z.union([z.array(z.string()), z.record(z.string(), z.array(z.string()))]),
});

/** An answer that is only a sentence for the person (a link sent, an address confirmed). */
export const messageResponse = z.object({ message: z.string() });

/** Money in JSON: reais with at most 2 decimals; at most 10 digits of cents. */
export const money = (opts: { min?: number; minMessage?: string } = {}) =>
  z
    .number({ error: 'Informe um valor' })
    .min(opts.min ?? 0, opts.minMessage ?? `O valor deve ser no mínimo ${opts.min ?? 0}`)
    .max(MONEY_MAX, 'Valor acima do permitido')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use no máximo 2 casas decimais');

/** Quantities on order and estimate lines: integer, minimum 1. */
export const quantity = z
  .number({ error: 'Informe a quantidade' })
  .int('A quantidade deve ser um número inteiro')
  .min(1, 'A quantidade mínima é 1')
  .max(100_000, 'Quantidade acima do permitido');

/** A trimmed optional text: '' and null become null (bidirectional controls dropped). */
export const optionalText = (max = 255) =>
  z
    .string()
    .overwrite(withoutBidiControls)
    .trim()
    .max(max, `Deve ter no máximo ${max} caracteres`)
    .nullish()
    .transform((v) => v || null);

/** A drawn signature: a PNG data URL, bounded by SIGNATURE_MAX_CHARS. */
export const pngDataUrl = z
  .string({ error: signatureMessages.invalid })
  .max(SIGNATURE_MAX_CHARS, 'Assinatura grande demais')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, signatureMessages.invalid);

/**
 * An e-mail, optional, validated when present, stored lower-case: a party's, and any other form's (the
 * accountant's). Here, not with the party schemas, so a form without them does not load them.
 */
export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(255, 'Deve ter no máximo 255 caracteres')
  .refine((v) => v === '' || z.email().safeParse(v).success, messages.invalidEmail)
  .nullish()
  .transform((v) => v || null);
