import fastJson from 'fast-json-stringify';
import fp from 'fastify-plugin';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/** The zod schema of a response, as the route declared it. */
const zodOf = (schema: unknown) =>
  schema instanceof z.ZodType ? schema : (schema as { properties?: unknown } | undefined)?.properties;

/**
 * Writes each answer with a serializer compiled from its response schema (fast-json-stringify), instead
 * of checking the answer against the zod schema and then JSON.stringify-ing it: on the order list the
 * zod path was the largest single cost of a request (14 % of the server's time at 16 connections).
 * The answer keeps the schema's shape: only the properties the schema names are written (as zod's
 * default object strips the others), so a column added to a query never leaks into an answer.
 * A schema that JSON Schema cannot express (a transform, a custom check) keeps the zod serializer.
 * Compiled when a route first answers, so starting the server does not compile 300 schemas.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<RouteSchema['schema']> = (route) => {
  const schema = zodOf(route.schema);
  let write: ((data: unknown) => string) | undefined;
  return (data) => {
    write ??= compile(schema) ?? zodSerializerCompiler(route as RouteSchema);
    return write(data);
  };
};

function compile(schema: unknown): ((data: unknown) => string) | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(simplifyNullable(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return undefined;
  }
}

/**
 * `X | null` comes from zod as anyOf [X, {type: 'null'}], which fast-json-stringify resolves by
 * validating the value against each branch on every call; written as type [X's type, 'null'] it is
 * a typeof check. Only for an X that is a single plain type.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplifyNullable(v);
  const anyOf = out.anyOf as Array<Record<string, unknown>> | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = anyOf[1 - nullAt];
    if (
      nullAt >= 0 &&
      other &&
      typeof other.type === 'string' &&
      !('anyOf' in other) &&
      !('oneOf' in other) &&
      !('allOf' in other) &&
      !('const' in other) &&
      !('enum' in other)
    ) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** Every route's answers are written by the serializers compiled above. */
export const serializationPlugin = fp(
  async (app) => {
    app.setSerializerCompiler(compiledSerializerCompiler);
  },
  { name: 'serialization' },
);
