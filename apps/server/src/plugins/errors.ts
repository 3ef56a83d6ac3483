import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@ordem-certa/contracts';
import { AppError, isDatabaseUnavailable, isMalformedMultipart, outageMessages, sqlState } from '../lib/errors.ts';
import { StorageFullError, StorageUnavailableError } from '../lib/storage.ts';

/** Fastify's own refusals of a body, told in Portuguese by their code (its messages are English). */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Formato do conteúdo não aceito; envie JSON ou um formulário com arquivo.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio; envie um JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON inválido no corpo da requisição.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Tamanho do corpo da requisição não confere com o informado.',
};

/**
 * What the router refuses before any route or hook runs (Fastify's `frameworkErrors`): a path with
 * a percent-escape that is not UTF-8 (FST_ERR_BAD_URL), a path parameter too long. Its own bodies
 * are English.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send({ errors: [messages.urlTooLong] });
  return reply.code(400).send({ errors: [messages.badUrl] });
}

/**
 * The one error handler: an AppError as its status and { errors }, a schema's refusal as 422 on its
 * fields, outages as 503/507 with a message the screens show, anything else as a 500 that hides its
 * internals.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof AppError) return reply.code(err.statusCode).send({ errors: err.errors, ...err.extra });

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
      // Outages answer 503 (or 507 for a full disk) with a message the screens show as is; the
      // client may try again later. Retry-After tells machines when.
      if (err instanceof StorageFullError) {
        request.log.error({ err }, 'file storage full');
        return reply.code(507).send({ errors: [outageMessages.storageFull] });
      }
      if (err instanceof StorageUnavailableError) {
        request.log.error({ err }, 'file storage unavailable');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ errors: [outageMessages.storageUnavailable] });
      }
      if (isDatabaseUnavailable(err)) {
        request.log.error({ err }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ errors: [outageMessages.unavailable] });
      }
      // SQLSTATE 53100 disk_full (embedded or server): the transaction failed whole; once there is room
      // again the same request works, without a restart.
      if (sqlState(err) === '53100') {
        request.log.error({ err }, 'database disk full');
        return reply.code(507).send({ errors: [outageMessages.databaseFull] });
      }
      if (isMalformedMultipart(err)) return reply.code(400).send({ errors: { _: [messages.invalidFormat] } });
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
        const framework = err.code ? frameworkMessages[err.code] : undefined;
        if (framework) return reply.code(status).send({ errors: [framework] });
        if (status === 415 || status === 400) return reply.code(status).send({ errors: [messages.invalidFormat] });
        return reply.code(status).send({ errors: [err.message] });
      }
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ errors: [messages.serverError] });
    });
  },
  { name: 'errors' },
);
