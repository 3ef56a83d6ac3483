import { readFileSync } from 'node:fs';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { parse } from 'yaml';

/** What a request is to the validator: its method, the path below the API's base, query, headers, body. */
export interface PixRequest {
  method: string;
  path: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
}

/** One way a request breaks the specification, in the words of the problem's `violacoes`. */
export interface Violation {
  razao: string;
  propriedade: string;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** The official file, with the corrections SOURCE.md lists. */
export function pixSpecDocument(): Document {
  const doc = parse(readFileSync(new URL('../../pix-api/openapi.yaml', import.meta.url), 'utf8')) as Document & {
    paths: Record<string, Record<string, { operationId?: string; servers?: unknown } | undefined>>;
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (operation.servers) delete item[method];
      else operation.operationId = operationId(method, path);
    }
  }
  fixPatterns(doc);
  fixRequired(doc as unknown as { components: { schemas: Record<string, { required?: string[] }> } });
  return doc;
}

/**
 * Names a schema requires that are none of its properties, nor in the specification's own examples of
 * the request: RecBase requires `idRec` (given by the PSP in its answer, RecGerada) and `retentativa` (no
 * such field; the policy is `politicaRetentativa`, required by RecConfiguracao); SolicRecBase requires
 * `pagador` (the payer is `destinatario`). Read as written, the examples recBody1 and solicRecBody1 of
 * POST /rec and POST /solicrec are refused; the names are dropped.
 */
export const DROPPED_REQUIRED: Record<string, string[]> = {
  RecBase: ['idRec', 'retentativa'],
  SolicRecBase: ['pagador'],
};
function fixRequired(doc: { components: { schemas: Record<string, { required?: string[] }> } }) {
  for (const [name, dropped] of Object.entries(DROPPED_REQUIRED)) {
    const schema = doc.components.schemas[name];
    if (schema?.required) schema.required = schema.required.filter((r) => !dropped.includes(r));
  }
}

export const operationId = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

function fixPatterns(node: unknown) {
  if (Array.isArray(node)) return node.forEach(fixPatterns);
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (typeof o.pattern === 'string') o.pattern = wholeValue(o.pattern);
  for (const value of Object.values(o)) fixPatterns(value);
}

/** '/^\d{11}$/' → '^\d{11}$'; '[a-z]{2}' → '^(?:[a-z]{2})$'. */
export function wholeValue(pattern: string) {
  const bare = /^\/(.*)\/$/.exec(pattern)?.[1] ?? pattern;
  if (bare.startsWith('^') && bare.endsWith('$')) return bare;
  return `^(?:${bare.replace(/^\^/, '').replace(/\$$/, '')})$`;
}

/**
 * The specification's request validator: finds the operation of a method and path and checks its path
 * and query parameters and its body (openapi-backend on Ajv, formats included). Built once per process;
 * each operation's schemas are compiled the first time a request for it comes.
 */
export interface PixSpec {
  /** The operation's id (`PUT /cob/{txid}`) and its path parameters, or null for a path it does not have. */
  match(method: string, path: string): { operationId: string; params: Record<string, string>; scopes: string[] } | null;
  /** What breaks the specification; [] when nothing. */
  check(request: PixRequest): Violation[];
}

let spec: Promise<PixSpec> | undefined;

export function pixSpec(): Promise<PixSpec> {
  spec ??= build();
  return spec;
}

async function build(): Promise<PixSpec> {
  const api = new OpenAPIBackend({
    definition: pixSpecDocument(),
    // quick: the definition is the Banco Central's (not checked against the OpenAPI schema at each
    // start) and each operation's validators are compiled when first used.
    quick: true,
    validate: true,
    ajvOpts: { strict: false, allErrors: true },
    customizeAjv: (ajv) => {
      addFormats(ajv);
      return ajv;
    },
  });
  await api.init();
  const request = (r: PixRequest) => ({
    method: r.method.toLowerCase(),
    path: r.path,
    query: r.query ?? {},
    headers: { 'content-type': 'application/json', ...r.headers } as Record<string, string | string[]>,
    body: r.body,
  });
  return {
    match(method, path) {
      const operation = api.router.matchOperation(request({ method, path }));
      if (!operation?.operationId) return null;
      const security = (operation.security ?? []) as Array<Record<string, string[]>>;
      return {
        operationId: operation.operationId,
        params: api.router.parseRequest(request({ method, path }), operation).params as Record<string, string>,
        scopes: security.flatMap((s) => s.OAuth2 ?? []),
      };
    },
    check(r) {
      const req = request(r);
      const operation = api.router.matchOperation(req);
      if (!operation) return [{ razao: 'Recurso inexistente na API Pix', propriedade: `${r.method} ${r.path}` }];
      const result = api.validator.validateRequest(req, operation);
      return (result.errors ?? []).map((e) => ({
        razao: e.message ?? e.keyword,
        propriedade: propertyName(e.instancePath, e.params as Record<string, unknown>),
      }));
    },
  };
}

/** '/requestBody/devedor/cpf' → 'devedor.cpf'; '/path/txid' → 'txid'. */
function propertyName(instancePath: string, params: Record<string, unknown>) {
  const parts = instancePath.split('/').filter(Boolean);
  if (['requestBody', 'path', 'query', 'header'].includes(parts[0] ?? '')) parts.shift();
  if (typeof params.missingProperty === 'string') parts.push(params.missingProperty);
  if (typeof params.additionalProperty === 'string') parts.push(params.additionalProperty);
  return parts.join('.') || '(corpo)';
}
