import { messages } from '@ordem-certa/contracts';

/**
 * Typed application errors: a service throws one, and the one error handler (plugins/errors.ts) sends it
 * as HTTP statusCode with { errors } (and its `extra`).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: string[] | Record<string, string[]>,
    /** More of the answer's body, beside `errors` (a version conflict's `conflict`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(Array.isArray(errors) ? errors.join('. ') : JSON.stringify(errors));
  }
}
export const unauthorized = (msg: string = messages.unauthenticated) => new AppError(401, [msg]);
export const forbidden = (msg: string = messages.forbidden) => new AppError(403, [msg]);
export const notFound = (msg: string = messages.resourceNotFound) => new AppError(404, [msg]);
export const conflict = (...msgs: string[]) => new AppError(409, msgs);
export const tooMany = (msg: string) => new AppError(429, [msg]);
/** 400: a body that could not be read at all (cut short, malformed), told on the field it was for. */
export const malformed = (field: string, msg: string = messages.invalidFormat) => new AppError(400, { [field]: [msg] });
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
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const outageMessages = {
  /** The database does not answer (restart, failover, network). */
  unavailable: 'Serviço temporariamente indisponível; tente novamente em instantes',
  /** The file storage (bucket or disk) does not answer or refuses to write. */
  storageUnavailable: 'Armazenamento de arquivos temporariamente indisponível; tente novamente em instantes.',
  /** The disk holding the files is full. */
  storageFull: 'Sem espaço no servidor para guardar o arquivo. Avise o administrador do sistema.',
  /** The disk holding the database is full: the statement failed, nothing of it was kept. */
  databaseFull: 'Sem espaço no servidor para gravar os dados; nada foi salvo. Avise o administrador do sistema.',
} as const;

/** Connection-level errors of the driver and the OS: the database is not there, not a bad query. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What pg and pg-pool say, without a code, when a connection is lost or cannot be made in time. */
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|Cannot use a pool after calling end|the database system is (shutting down|starting up|in recovery mode)|terminating connection due to administrator command/i;

/**
 * The database cannot be reached or dropped the connection: refused or reset connections, pool
 * timeouts, SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, crash, starting up),
 * 53300 (too many connections) and 25006 (the server refuses writes: a standby, or a node a failover
 * manager holds read-only while it switches; the app itself never opens a read-only transaction).
 * Such a request is safe to retry: its transaction did not commit.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [err];
  while (stack.length) {
    const e = stack.pop() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const code = typeof e.code === 'string' ? e.code : '';
    if (
      CONNECTION_CODES.has(code) ||
      code.startsWith('08') ||
      /^57P0[123]$/.test(code) ||
      code === '53300' ||
      code === '25006'
    )
      return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
    stack.push(e.cause);
    // Node's connection attempts to several addresses fail with an AggregateError of each one.
    if (Array.isArray(e.errors)) stack.push(...e.errors);
  }
  return false;
}

/** What busboy throws for a body that says multipart but is not (no boundary, cut short, bad headers). */
export const isMalformedMultipart = (err: unknown) =>
  err instanceof Error &&
  !(err as { statusCode?: number }).statusCode &&
  /^(Multipart: |Unexpected end of (form|multipart)|(Part|Preamble) terminated early|Malformed part header)/.test(
    err.message,
  );
