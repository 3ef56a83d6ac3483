import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { createTestApp, type TestContext } from '../test/helpers.ts';

/*
 * Walks every route of the OpenAPI document with malformed input: bodies with NUL bytes, lone
 * surrogates, ids past the database's integer, huge numbers, impossible dates and wrong types; raw
 * bodies that are not JSON or not multipart; path ids past the integer; list searches with NUL. No
 * answer may be a 5xx and no table may change. Routes added later are walked too: nothing to register.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Operation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const INT4_PAST = 2_147_483_648;
const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);
const variant = (s: JsonSchema) =>
  (s.anyOf ?? s.oneOf ?? s.allOf)?.find((v) => typeOf(v) !== 'null' && v.type !== 'null') ?? s;

/** A plausible value for a schema: the base the mutations below spoil. */
function sample(raw: JsonSchema): unknown {
  const s = variant(raw);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'email') return 'fuzz@teste.com.br';
      if (s.format === 'date') return '2026-01-02';
      if (s.format === 'date-time') return '2026-01-02T10:00:00.000Z';
      return 'Fuzz teste';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return s.items ? [sample(s.items)] : [];
    default:
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v)]));
  }
}

/** The sample with every leaf of a kind replaced. */
function mutate(raw: JsonSchema, leaf: (s: JsonSchema, kind: string | undefined) => unknown): unknown {
  const s = variant(raw);
  const kind = typeOf(s);
  if (kind === 'array' && s.items) return [mutate(s.items, leaf)];
  if ((kind === 'object' || s.properties) && !s.enum) {
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, mutate(v, leaf)]));
  }
  const replaced = leaf(s, kind);
  return replaced === undefined ? sample(s) : replaced;
}

const bodyMutations: Record<string, (s: JsonSchema, kind: string | undefined) => unknown> = {
  nul: (s, k) => (k === 'string' && !s.enum ? `Fuzz\u0000teste` : undefined),
  surrogate: (s, k) => (k === 'string' && !s.enum ? `Fuzz \ud800 teste` : undefined),
  'int4+1': (_, k) => (k === 'integer' || k === 'number' ? INT4_PAST : undefined),
  huge: (_, k) => (k === 'integer' || k === 'number' ? 1e300 : undefined),
  'year 0': (s) => (s.format === 'date' || s.format === 'date-time' ? '0000-01-01' : undefined),
  'year 99999': (s) => (s.format === 'date' || s.format === 'date-time' ? '99999-01-01' : undefined),
  'wrong types': (_, k) => (k === 'string' ? 12 : k === 'boolean' ? 'sim' : k ? 'x' : undefined),
};
const rawBodies: Array<[string, string, string]> = [
  ['not json', 'application/json', '{"name": '],
  ['json null', 'application/json', 'null'],
  ['json array', 'application/json', '[1,2]'],
  ['deep json', 'application/json', '['.repeat(200_000) + ']'.repeat(200_000)],
  [
    'bad multipart',
    'multipart/form-data; boundary=----x',
    '------x\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
  ],
  ['multipart without boundary', 'multipart/form-data', 'abc'],
  ['unknown type', 'text/plain', 'abc'],
];

let ctx: TestContext;
let token: string;
let orgId: number;
let snapshotSql: string;
beforeAll(async () => {
  ctx = await createTestApp();
  // The seeded demo organization: real ids, so a malformed body reaches as far as it can get.
  const [admin] = await ctx.database.db
    .select()
    .from(schema.users)
    .where(sql`${schema.users.email} = 'admin@demo.com.br'`);
  orgId = admin!.organizationId;
  token = await ctx.app.tokens.sign(admin!);
  const tables = (await ctx.database.db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )) as unknown as { rows: Array<{ tablename: string }> };
  // rate_limits counts requests (refused ones too, by design), so it is not data a bad body may change.
  snapshotSql = tables.rows
    .filter(({ tablename }) => tablename !== 'rate_limits')
    .map(
      ({ tablename }) =>
        `SELECT '${tablename}' AS t, md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS h FROM "${tablename}" x`,
    )
    .join(' UNION ALL ');
});
afterAll(() => ctx.close());

async function snapshot() {
  const res = (await ctx.database.db.execute(sql.raw(snapshotSql))) as unknown as {
    rows: Array<{ t: string; h: string }>;
  };
  return Object.fromEntries(res.rows.map((r) => [r.t, r.h]));
}

/** A real id for each path parameter of the demo organization, found by the segment before it. */
async function realPath(path: string): Promise<string> {
  const parts = path.split('/');
  let parentTable = '';
  let parentId = 0;
  for (let n = 0; n < parts.length; n++) {
    const m = /^\{(\w+)\}$/.exec(parts[n]!);
    if (!m) continue;
    const name = m[1]!;
    let id = 1;
    if (name === 'orgId') id = orgId;
    else if (name === 'id') {
      parentTable = parts[n - 1]!.replaceAll('-', '_');
      const found = (await ctx.database.db
        .execute(sql.raw(`SELECT id FROM "${parentTable}" WHERE organization_id = ${orgId} ORDER BY id LIMIT 1`))
        .catch(() => ({ rows: [] }))) as unknown as { rows: Array<{ id: number }> };
      id = found.rows[0]?.id ?? 1;
      parentId = id;
    } else if (name === 'addressId' || name === 'equipmentId') {
      const table = name === 'addressId' ? 'addresses' : 'equipments';
      const owner = parentTable === 'companies' ? 'company_id' : 'customer_id';
      const found = (await ctx.database.db.execute(
        sql.raw(`SELECT id FROM ${table} WHERE ${owner} = ${parentId} ORDER BY id LIMIT 1`),
      )) as unknown as { rows: Array<{ id: number }> };
      id = found.rows[0]?.id ?? 1;
    }
    parts[n] = String(id);
  }
  return parts.join('/');
}

const withParamsPast = (path: string, value: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'orgId' ? String(orgId) : value));

describe('fuzzing every route of the OpenAPI document', () => {
  it('no malformed input answers 5xx or changes a table', async () => {
    const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    const changes: string[] = [];
    let requests = 0;
    let routes = 0;
    let writeRoutes = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        routes++;
        const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        const write = verb !== 'GET';
        if (write) writeRoutes++;
        const url = await realPath(path);
        const headers = { authorization: `Bearer ${token}` };
        const cases: Array<{ name: string; url: string; payload?: string | object; type?: string }> = [];
        // Path ids past the integer column: an unknown resource.
        if (/\{(?!orgId)\w+\}/.test(path)) {
          cases.push({ name: 'path id int4+1', url: withParamsPast(path, String(INT4_PAST)) });
          cases.push({ name: 'path id 1e20', url: withParamsPast(path, '100000000000000000000') });
        }
        const query = op.parameters?.filter((p) => p.in === 'query').map((p) => p.name) ?? [];
        if (query.includes('q')) {
          cases.push({ name: 'q with NUL', url: `${url}?q=${encodeURIComponent('a\u0000b')}` });
          cases.push({ name: 'q with lone surrogate', url: `${url}?q=%ED%A0%80` });
        }
        if (query.includes('token')) cases.push({ name: 'token with NUL', url: `${url}?token=%00` });
        if (write) {
          const json = op.requestBody?.content?.['application/json']?.schema;
          if (json) {
            for (const [name, leaf] of Object.entries(bodyMutations)) {
              const payload = mutate(json, leaf) as object;
              if (JSON.stringify(payload) !== JSON.stringify(sample(json))) cases.push({ name, url, payload });
            }
          }
          // A route without a body ignores a well-formed one and does its job (start, delete...): only
          // bodies that cannot be parsed are sent to those; multipart routes parse theirs in the handler.
          const takesBody = !!json || /\/(logo|signature-image|pictures)$/.test(path);
          for (const [name, type, payload] of rawBodies) {
            if (takesBody || name === 'not json') cases.push({ name, url, payload, type });
          }
        }
        const before = write ? await snapshot() : undefined;
        for (const c of cases) {
          requests++;
          const res = await ctx.app.inject({
            method: verb,
            url: c.url,
            headers: c.type ? { ...headers, 'content-type': c.type } : headers,
            ...(c.payload !== undefined ? { payload: c.payload } : {}),
          });
          if (res.statusCode >= 500) failures.push(`${verb} ${path} [${c.name}] → ${res.statusCode}`);
        }
        if (before) {
          const after = await snapshot();
          for (const t of Object.keys(after)) if (after[t] !== before[t]) changes.push(`${verb} ${path} changed ${t}`);
        }
      }
    }
    console.log(`fuzz: ${routes} routes (${writeRoutes} write), ${requests} requests, ${failures.length} answered 5xx`);
    expect(writeRoutes).toBeGreaterThan(30);
    expect(failures).toEqual([]);
    expect(changes).toEqual([]);
  }, 300_000);
});
