import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { idempotencyMessages } from '@ordem-certa/contracts';
import { PartsDigest } from '../lib/uploads.ts';
import { AppError, invalid } from '../lib/errors.ts';

/** How long a key's first answer is given again. */
export const IDEMPOTENCY_DAYS = 7;
/** Expired keys are deleted at most this often per process (any instance may do it). */
const PURGE_EVERY_MS = 60 * 60 * 1000;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;
/** What a repeated multipart body may carry while it is hashed to be compared (it is never kept). */
const REPEAT_LIMITS = { fileSize: 100 * 1024 * 1024, files: 100, fields: 100, parts: 200 };
/** The stored hash of a multipart request starts so; a JSON request's never does. */
const MULTIPART = 'multipart:';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency row this request claimed and must fill with its answer. */
    idempotencyClaim?: number;
    /** A claimed multipart request's body as the handler reads it (see PartsDigest). */
    idempotencyParts?: PartsDigest;
  }
}

/**
 * What makes two requests "the same" under one key: the method, the path with its query and the
 * body. JSON bodies are hashed as parsed, so the same fields sent twice match.
 */
function requestHash(request: FastifyRequest) {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

/** A multipart request's method and path; its body's digest is added once the handler has read it. */
const multipartHash = (request: FastifyRequest) =>
  MULTIPART + createHash('sha256').update(`${request.method} ${request.url}\n`).digest('hex');

/** A repeated multipart body read to its end, each file hashed as it streams; null if it cannot be read. */
async function digestRepeat(request: FastifyRequest): Promise<string | null> {
  const digest = new PartsDigest();
  try {
    for await (const part of request.parts({ limits: REPEAT_LIMITS })) {
      if (part.type === 'field') digest.field(part.fieldname, part.value);
      else await digest.streamedFile(part);
    }
  } catch {
    return null;
  }
  digest.finish();
  return digest.result();
}

/**
 * The request's Idempotency-Key header, checked (a 422 on `idempotencyKey` when malformed), or
 * undefined without one. The public signing route, which has no user to scope keys by, keeps it with
 * the signature itself.
 */
export function checkedKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY_FORMAT.test(key))
    throw invalid({ idempotencyKey: idempotencyMessages.invalidKey });
  return key;
}

/** A stored multipart hash as its method-and-path part and its body digest (absent: not compared). */
function splitMultipartHash(value: string | undefined): [string | undefined, string | undefined] {
  if (!value?.startsWith(MULTIPART)) return [value, undefined];
  const [head, digest] = value.slice(MULTIPART.length).split(':');
  return [MULTIPART + head, digest];
}

/**
 * Idempotency-Key on every write (POST, PUT, PATCH, DELETE) under /api/organizations/:orgId/.
 *
 * A write sent with the header claims the key for its user and organization with one INSERT … ON
 * CONFLICT statement before the handler runs, so of two identical requests — on one instance or on
 * several sharing the database — exactly one runs. Its answer (status, content type, body) is stored
 * when it is sent; the same key from the same user within 7 days gets that answer again and runs
 * nothing. The same key with another method, path or body is a 422; while the first request is still
 * running, a 409. Keys are per user: two users never share an answer. A 5xx answer is not kept (the
 * write rolled back), so the key may be tried again. Without the header nothing changes.
 *
 * Multipart uploads (photos, attachments, imports) are covered too, though their body is a stream the
 * handler reads and cannot be hashed before it runs without holding every file. The claim is made on
 * the method and path alone; the handler's reads (`lib/uploads.ts`) feed a digest of every part as
 * they take it — field name and SHA-256 of its bytes, not the boundary or file name, so the same form
 * sent again matches — and the digest is stored with the answer. A repeat is read part by part, each
 * file hashed as it streams and dropped, and compared: another file or field is a 422. When the
 * first answer came before the body was read to its end (a 404, an order closed, a file refused), it
 * did not depend on the body, so any repeat to that path gets it again.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    const { db } = app;
    let lastPurge = 0;
    const purge = async (request: FastifyRequest) => {
      if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
      lastPurge = Date.now();
      try {
        await db.execute(
          sql`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(days => ${IDEMPOTENCY_DAYS})`,
        );
      } catch (err) {
        request.log.warn({ err }, 'could not purge old idempotency keys');
      }
    };

    app.addHook('preHandler', async (request, reply) => {
      if (!WRITES.has(request.method) || !request.auth) return;
      if (!request.routeOptions.url?.startsWith('/api/organizations/:orgId/')) return;
      const key = checkedKey(request);
      if (key === undefined) return;

      await purge(request);
      const { organizationId, userId } = request.auth;
      const multipart = request.isMultipart();
      const hash = multipart ? multipartHash(request) : requestHash(request);
      // The claim: a new row, or an expired one taken over. Nothing returned means someone else holds it.
      const claimed = (await db.execute(sql`
      INSERT INTO idempotency_keys (organization_id, user_id, key, request_hash)
      VALUES (${organizationId}, ${userId}, ${key}, ${hash})
      ON CONFLICT (organization_id, user_id, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, status = NULL, content_type = NULL, body = NULL, created_at = now()
        WHERE idempotency_keys.created_at < now() - make_interval(days => ${IDEMPOTENCY_DAYS})
      RETURNING id`)) as unknown as { rows: Array<{ id: string | number }> };
      if (claimed.rows[0]) {
        request.idempotencyClaim = Number(claimed.rows[0].id);
        if (multipart) request.idempotencyParts = new PartsDigest();
        return;
      }

      const found = (await db.execute(sql`
      SELECT request_hash, status, content_type, body FROM idempotency_keys
      WHERE organization_id = ${organizationId} AND user_id = ${userId} AND key = ${key}`)) as unknown as {
        rows: Array<{ request_hash: string; status: number | null; content_type: string | null; body: string | null }>;
      };
      const first = found.rows[0];
      const reused = () => invalid({ idempotencyKey: idempotencyMessages.reusedKey });
      // A multipart row holds the method and path, then (once answered) ':' and the body's digest.
      const [stored, storedBody] = multipart ? splitMultipartHash(first?.request_hash) : [first?.request_hash];
      if (first && stored !== hash) throw reused();
      // Still running (or released by a failure a moment ago): the client may try again shortly.
      if (!first || first.status === null) throw new AppError(409, [idempotencyMessages.inFlight]);
      if (storedBody && (await digestRepeat(request)) !== storedBody) throw reused();
      reply.code(first.status).header('idempotent-replayed', 'true');
      if (first.content_type) reply.type(first.content_type);
      return reply.send(first.body ?? undefined);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const id = request.idempotencyClaim;
      if (id === undefined) return payload;
      request.idempotencyClaim = undefined;
      try {
        const storable =
          payload === null || payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload);
        if (reply.statusCode >= 500 || !storable) {
          // Nothing to give again (a failed write rolled back; a streamed file is not kept): released.
          await db.execute(sql`DELETE FROM idempotency_keys WHERE id = ${id}`);
        } else {
          const body = payload === null || payload === undefined ? null : payload.toString();
          const type = reply.getHeader('content-type');
          const parts = request.idempotencyParts?.result();
          await db.execute(sql`
          UPDATE idempotency_keys
          SET status = ${reply.statusCode}, content_type = ${type === undefined ? null : String(type)}, body = ${body},
              request_hash = request_hash || ${parts ? `:${parts}` : ''}
          WHERE id = ${id}`);
        }
      } catch (err) {
        request.log.error({ err }, 'could not store the idempotent answer');
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['db'] },
);
