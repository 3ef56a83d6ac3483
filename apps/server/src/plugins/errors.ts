import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@oficina/contracts';

/** Typed application errors; the one error handler below sends them as HTTP statusCode with { errors }. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: string[] | Record<string, string[]>,
  ) {
    super(Array.isArray(errors) ? errors.join('. ') : JSON.stringify(errors));
  }
}
export const unauthorized = (msg: string = messages.unauthenticated) => new AppError(401, [msg]);
export const forbidden = (msg: string = messages.forbidden) => new AppError(403, [msg]);
export const notFound = (msg: string = messages.resourceNotFound) => new AppError(404, [msg]);
export const conflict = (...msgs: string[]) => new AppError(409, msgs);
export const tooMany = (msg: string) => new AppError(429, [msg]);
/** 422 on one or more fields: { field: [message] }. */
export const invalid = (fields: Record<string, string | string[]>) =>
  new AppError(422, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v : [v]])));

/** Postgres unique violation, to turn into a 422 on the right field. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === '23505') return !constraint || e.constraint === constraint || String(err).includes(constraint);
  return e?.cause ? isUniqueViolation(e.cause, constraint) : false;
}

/** Postgres foreign-key violation (a row still referenced elsewhere), to turn into a 409. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown };
  if (e?.code === '23503') return true;
  return e?.cause ? isForeignKeyViolation(e.cause) : false;
}

/** The SQLSTATE of a database error (drizzle wraps the driver's error in `cause`). */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** What busboy throws for a body that says multipart but is not (no boundary, cut short, bad headers). */
export const isMalformedMultipart = (err: unknown) =>
  err instanceof Error &&
  !(err as { statusCode?: number }).statusCode &&
  /^(Multipart: |Unexpected end of (form|multipart)|Malformed part header)/.test(err.message);

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return reply.code(err.statusCode).send({ errors: err.errors });

    if (hasZodFastifySchemaValidationErrors(err)) {
      // A malformed id in the path is an unknown resource, not a form error.
      if (err.validationContext === 'params') return reply.code(404).send({ errors: [messages.resourceNotFound] });
      const fields: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (fields[field] ??= []).push(issue.message ?? messages.invalidFormat);
      }
      return reply.code(422).send({ errors: fields });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ errors: [messages.serverError] });
    }
    // Input no schema caught: a body that claims multipart but is not, or a value the database refuses
    // as data (SQLSTATE class 22: out of range, bad encoding, impossible date). Nothing was written:
    // the statement failed and its transaction with it.
    if (isMalformedMultipart(err)) return reply.code(422).send({ errors: { _: [messages.invalidFormat] } });
    if (sqlState(err)?.startsWith('22')) {
      request.log.warn({ sqlState: sqlState(err) }, 'input refused by the database');
      return reply.code(422).send({ errors: { _: [messages.invalidFormat] } });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      // The rate limiter's response builders name the limit (login, public links).
      const own = (err as unknown as { errors?: unknown }).errors;
      return reply.code(429).send({ errors: Array.isArray(own) ? own : [messages.loginTooMany] });
    }
    if (status >= 400 && status < 500) {
      if (status === 413) return reply.code(413).send({ errors: ['O arquivo enviado é grande demais.'] });
      if (status === 415 || status === 400) return reply.code(status).send({ errors: [messages.invalidFormat] });
      return reply.code(status).send({ errors: [err.message] });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ errors: [messages.serverError] });
  });
}
