import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';

/**
 * Every answer any API test receives, held against the OpenAPI document the app publishes: its
 * status must be documented for its operation, and a JSON body must match the documented schema.
 * Test apps record their answers from the start; closing the app reports what did not conform, so
 * the whole suite (not a chosen sample) proves the document tells the truth.
 */
type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

interface Answer {
  method: string;
  route: string;
  status: number;
  type: string;
  body: string | undefined;
}

const ajv = new Ajv({ strict: false, allErrors: true });
const compiled = new WeakMap<object, ValidateFunction>();
const validatorFor = (schema: object) => {
  let v = compiled.get(schema);
  if (!v) compiled.set(schema, (v = ajv.compile(schema)));
  return v;
};

/** Starts recording `app`'s answers (call before `ready()`); the function returned lists the misfits. */
export function recordAnswers(app: FastifyInstance): () => string[] {
  const answers: Answer[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    // Unmatched URLs (404 of the router) and the web app's files are not API operations.
    if (!route || !route.startsWith('/api/')) return payload;
    answers.push({
      method: request.method,
      route,
      status: reply.statusCode,
      type: String(reply.getHeader('content-type') ?? ''),
      body: typeof payload === 'string' ? payload : undefined,
    });
    return payload;
  });
  return () => {
    const doc = app.swagger() as unknown as Doc;
    const problems = new Set<string>();
    for (const a of answers) {
      const template = a.route.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[template]?.[a.method.toLowerCase()];
      if (!operation) continue; // routes hidden from the document (test probes, health internals)
      const documented = operation.responses[String(a.status)];
      if (!documented) {
        problems.add(`${a.method} ${template}: ${a.status} not documented`);
        continue;
      }
      if (a.status === 204) {
        if (a.body) problems.add(`${a.method} ${template}: 204 with a body`);
        continue;
      }
      const schema = documented.content?.['application/json']?.schema;
      if (!schema || !a.type.includes('json') || a.body === undefined) continue;
      const validate = validatorFor(schema);
      if (!validate(JSON.parse(a.body)))
        problems.add(`${a.method} ${template} ${a.status}: ${ajv.errorsText(validate.errors)}`);
    }
    return [...problems];
  };
}
