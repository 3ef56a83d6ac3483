/** Query parameters that authorize by themselves (signing and PDF links): never written to a log. */
const SECRET_PARAMS = /([?&](?:token|access_token|signature)=)[^&#]*/gi;
/** Paths whose last segment is a secret by itself (the private calendar feed). */
const SECRET_PATHS = /(\/api\/calendar\/)[^/?#]+/gi;
/** What a person typed to search (a name, a phone, a CPF): the access log says a search ran, not for whom. */
const SEARCH_PARAMS = /([?&](?:q|search)=)[^&#]*/gi;
/** A CPF or CNPJ in any query parameter (with or without its punctuation, '/' encoded or not). */
const IDENTIFIER = /(?<!\d)(?:\d{3}\.?\d{3}\.?\d{3}-?\d{2}|\d{2}\.?\d{3}\.?\d{3}(?:\/|%2F)?\d{4}-?\d{2})(?!\d)/i;
const PARAM_VALUES = /([?&][^=&#]*=)([^&#]*)/g;
export const redactUrl = (url: string) =>
  url
    .replace(SECRET_PARAMS, '$1[redacted]')
    .replace(SECRET_PATHS, '$1[redacted]')
    .replace(SEARCH_PARAMS, '$1[redacted]')
    .replace(PARAM_VALUES, (all, name: string, value: string) => (IDENTIFIER.test(value) ? `${name}[redacted]` : all));

/**
 * An error as logged: name, code, message and stack, with a failed query's SQL text but never its
 * parameters (they carry password hashes, whole images, personal data). Causes are logged the same way.
 */
export function safeError(err: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!(err instanceof Error) || depth > 3) return err === undefined ? undefined : { message: String(err) };
  const e = err as Error & { code?: unknown; query?: unknown; cause?: unknown; statusCode?: unknown };
  // drizzle writes "Failed query: <sql>\nparams: <values>" into the message itself.
  const message = e.message.split('\nparams:')[0];
  return {
    type: e.name,
    message,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(typeof e.query === 'string' ? { query: e.query } : {}),
    stack: e.stack?.split('\nparams:')[0],
    ...(e.cause ? { cause: safeError(e.cause, depth + 1) } : {}),
  };
}

/**
 * pino serializers for the app's logger: URLs without link tokens or the person searched for (so an
 * anonymized customer's CPF is not left in the access log), errors without query parameters.
 */
export const logSerializers = {
  // Fastify hands its request object here: ip is the address TRUST_PROXY allows.
  req: (req: { method?: string; url?: string; ip?: string; host?: string }) => ({
    method: req.method,
    url: redactUrl(req.url ?? ''),
    host: req.host,
    remoteAddress: req.ip,
  }),
  err: (err: Error) => safeError(err) as { type: string; message: string; stack: string },
};
