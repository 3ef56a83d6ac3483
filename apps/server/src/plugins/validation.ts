import type { FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INT4_MAX, messages, withSafeText } from '@ordem-certa/contracts';

/** A path segment that reads as a whole number the id columns cannot hold. */
const pastInt4 = (v: unknown) => typeof v === 'string' && /^\d+$/.test(v) && Number(v) > INT4_MAX;
/** Path parameters that name a row (`id`, `orgId`, `addressId`…); a CNPJ or a CEP in the path is no id. */
const isIdParam = (key: string) => key === 'id' || key.endsWith('Id');

/**
 * The one validator every route's params, query and body go through: before the route's own zod
 * schema, any string the database cannot store (NUL, a lone surrogate) fails on its field, and a path
 * id (a parameter named `id` or `…Id`) past the integer columns fails (the error handler answers 404
 * for any path failure); a schema that throws instead of reporting an issue refuses the input. A route
 * added later gets all three.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  let schema: z.ZodType = withSafeText(route.schema);
  if (route.httpPart === 'params') {
    schema = z
      .unknown()
      .superRefine((params, ctx) => {
        for (const [key, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
          if (isIdParam(key) && pastInt4(value))
            ctx.addIssue({ code: 'custom', path: [key], message: messages.resourceNotFound });
        }
      })
      .pipe(schema);
  }
  const validate = validatorCompiler({ ...route, schema }) as (data: unknown) => unknown;
  // A refinement that throws on input of an unexpected shape is a refused input, not a server error.
  const refuse = validatorCompiler({
    ...route,
    schema: z.unknown().refine(() => false, messages.invalidFormat),
  }) as (data: unknown) => unknown;
  return ((data: unknown) => {
    try {
      return validate(data);
    } catch {
      return refuse(data);
    }
  }) as FastifyValidationResult;
};

/** Every route's schemas are checked through the guard above. */
export const validationPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(guardedValidatorCompiler);
  },
  { name: 'validation' },
);
