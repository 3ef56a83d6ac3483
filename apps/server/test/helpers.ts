import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { PersonType, ROLE_ADMIN, ROLE_USER, allFeatures, noFeatures, type Features } from '@ordem-certa/contracts';
import {
  createOrganizationWithAdmin,
  DEMO_PASSWORD,
  hashPassword,
  openDatabase,
  schema,
  type Database,
} from '@ordem-certa/db';
import { buildApp, type App, type BuildOptions } from '../src/app.ts';
import { recordAnswers } from './conformance.ts';
import { newCnpj } from './factories.ts';

export interface TestContext {
  app: App;
  database: Database;
  /** The PostgreSQL database's URL (undefined on PGlite), for a second app instance on the same data. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A loopback port nothing listens on: a test app's CEP and CNPJ lookups fail at once, never reaching the internet. */
const NOWHERE = 'http://127.0.0.1:9';
const testConfig = {
  jwtSecret: 'test-secret',
  tokenTtlSeconds: 3600,
  loginRateLimitPerMinute: 1000,
  dataDir: '/tmp',
  cepApiUrl: NOWHERE,
  cepFallbackUrl: NOWHERE,
  cnpjApiUrl: NOWHERE,
  nfseApiUrl: NOWHERE,
  nfseProductionApiUrl: NOWHERE,
  nfseParametersUrl: NOWHERE,
  whatsappApiUrl: NOWHERE,
};

/** Another app instance with its own connection pool over the same PostgreSQL database (as a second server would be). */
export async function createSecondInstance(ctx: TestContext, opts: Pick<BuildOptions, 'jobs'> = {}) {
  if (!ctx.databaseUrl) throw new Error('a second instance needs PostgreSQL');
  const database = await openDatabase({ databaseUrl: ctx.databaseUrl, poolMax: 3 });
  const app = await buildApp({ database, serveWeb: false, config: testConfig, ...opts });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * On the PostgreSQL test cluster: a new database copied from the migrated, demo-seeded template,
 * for a test that runs server processes on it.
 */
export async function copyTemplateDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const testDb = inject('testDb');
  if (testDb.kind !== 'postgres') throw new Error('copyTemplateDatabase needs the PostgreSQL test project');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDb.template}`);
  await admin.end();
  return {
    url: testDb.adminUrl.replace(/\/postgres$/, `/${name}`),
    drop: async () => {
      const c = new pg.Client({ connectionString: testDb.adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A fresh copy of the migrated, demo-seeded template database and an app on it. One per test file. */
export async function createTestApp(
  opts: Pick<BuildOptions, 'extraModules' | 'storage' | 'logger' | 'mailer' | 'demoPsp' | 'resolve'> & {
    config?: Partial<BuildOptions['config']>;
  } = {},
): Promise<TestContext> {
  const testDb = inject('testDb');
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (testDb.kind === 'pglite') {
    database = await openDatabase({ loadDataDir: new Blob([readFileSync(testDb.templateFile)]) });
  } else {
    const copy = await copyTemplateDatabase();
    databaseUrl = copy.url;
    database = await openDatabase({ databaseUrl, poolMax: 5 });
    drop = copy.drop;
  }
  const app = await buildApp({
    database,
    serveWeb: false,
    extraModules: opts.extraModules,
    storage: opts.storage,
    logger: opts.logger,
    mailer: opts.mailer,
    demoPsp: opts.demoPsp,
    resolve: opts.resolve,
    config: { ...testConfig, ...opts.config },
  });
  const misfits = recordAnswers(app);
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    close: async () => {
      const problems = misfits();
      await app.close();
      await database.close();
      await drop?.();
      if (problems.length) throw new Error(`answers the OpenAPI document does not describe:\n${problems.join('\n')}`);
    },
  };
}

/**
 * Sends each route ([method, path after `base`, body]) with `headers` (none: no token) and expects
 * `status` from every one; a failure names the route.
 */
export async function expectEachRoute(
  ctx: TestContext,
  routes: Array<[string, string, unknown?]>,
  status: number,
  base: string,
  headers?: Record<string, string>,
) {
  for (const [method, path, payload] of routes) {
    const res = await ctx.app.inject({
      method: method as 'GET',
      url: base + path,
      headers,
      payload: payload as object,
    });
    expect(res.statusCode, `${method} ${path}`).toBe(status);
  }
}

let addresses = 0;
/** POST /api/login, each time from an address of its own, so the login limit per address never decides. */
export function loginFromNewAddress(ctx: TestContext, username: string, password: string) {
  const n = ++addresses;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: `10.20.${Math.floor(n / 250)}.${n % 250}`,
  });
}

let seq = 0;
/** An organization with an admin and a collaborator, and tokens for both. */
export async function createOrg(ctx: TestContext, opts: { features?: Features } = {}) {
  const tag = `${Date.now().toString(36)}${++seq}`;
  const { organization, admin } = await createOrganizationWithAdmin(ctx.database.db, {
    name: `Org ${tag}`,
    features: opts.features ?? allFeatures,
    admin: { name: 'Admin Teste', email: `admin-${tag}@teste.com.br`, password: 'senha-forte-1' },
  });
  const worker = await addUser(ctx, organization.id, {
    name: 'Colaborador Teste',
    email: `colab-${tag}@teste.com.br`,
    role: ROLE_USER,
  });
  const adminToken = await ctx.app.tokens.sign({
    id: admin.id,
    name: 'Admin Teste',
    email: admin.email,
    role: ROLE_ADMIN,
    organizationId: organization.id,
  });
  return {
    organization,
    admin: { id: admin.id, email: admin.email, token: adminToken },
    worker: { id: worker.id, email: worker.email, token: worker.token },
    /** Headers for inject(). */
    as: (token: string) => ({ authorization: `Bearer ${token}` }),
  };
}
export type TestOrg = Awaited<ReturnType<typeof createOrg>>;

/** Another user of an organization, written straight to the database, with password 'senha-forte-1' and a token. */
export async function addUser(
  ctx: TestContext,
  organizationId: number,
  user: { name: string; email: string; role: string },
) {
  const [row] = await ctx.database.db
    .insert(schema.users)
    .values({ organizationId, ...user, passwordHash: await hashPassword('senha-forte-1') })
    .returning();
  return { ...row!, token: await ctx.app.tokens.sign({ ...row!, organizationId }) };
}

/** A second admin of the organization (for two admins acting at once, or a colleague's notifications). */
export const addSecondAdmin = (ctx: TestContext, org: TestOrg) =>
  addUser(ctx, org.organization.id, {
    name: 'Segunda Admin',
    email: `admin2-${Date.now().toString(36)}${++seq}@teste.com.br`,
    role: ROLE_ADMIN,
  });

/** A company (a legal entity with a fresh CNPJ) of the organization, written straight to the database. */
export async function addCompany(ctx: TestContext, organizationId: number, name = 'Empresa') {
  const [company] = await ctx.database.db
    .insert(schema.companies)
    .values({ organizationId, type: PersonType.Juridical, identifier: newCnpj(), name })
    .returning();
  return company!;
}

/** What `perFile` makes; `other`, `lite`, `world` and `theirs` only when asked for. */
export interface PerFile<W> {
  ctx: TestContext;
  /** The organization under test, with every feature. */
  org: TestOrg;
  /** A second organization, to show that neither reaches the other's rows. */
  other: TestOrg;
  /** An organization with no optional feature. */
  lite: TestOrg;
  /** What `world` made in `org`. */
  world: W;
  /** What `world` made in `other`. */
  theirs: W;
}

/**
 * A test file's app on a fresh database and its organizations, made before the file's tests and
 * closed after them: `const t = perFile({ other: true, world: invoiceWorld });` then `t.ctx`, `t.org`,
 * `t.other`, `t.world`, `t.theirs` inside the tests. A file's own set-up goes in a `beforeAll` after
 * this call, which runs once these are made.
 */
export function perFile<W = undefined>(
  opts: {
    app?: AppOptions;
    other?: boolean;
    lite?: boolean;
    world?: (ctx: TestContext, org: TestOrg) => Promise<W>;
  } = {},
): PerFile<W> {
  return appPerFile(opts.app, async (ctx) => {
    const t = { org: await createOrg(ctx) } as Omit<PerFile<W>, 'ctx'>;
    if (opts.other) t.other = await createOrg(ctx);
    if (opts.lite) t.lite = await createOrg(ctx, { features: noFeatures });
    if (opts.world) {
      t.world = await opts.world(ctx, t.org);
      if (opts.other) t.theirs = await opts.world(ctx, t.other);
    }
    return t;
  });
}

/**
 * `perFile` on the demo data alone: the demo users named log in (as the seed made them), and
 * `t.get(email, url)` reads as one of them; `t.as(email)` is that user's headers for inject().
 */
export function demoPerFile(emails: string[]) {
  return appPerFile({}, async (ctx) => {
    const tokens: Record<string, string> = {};
    for (const email of emails) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, email).toBe(200);
      tokens[email] = res.json().token;
    }
    const as = (email: string) => ({ authorization: `Bearer ${tokens[email]}` });
    return { as, get: (email: string, url: string) => ctx.app.inject({ url, headers: as(email) }) };
  });
}

/** The app made before the file's tests, with what `make` adds to it, and closed after them. */
function appPerFile<T extends object>(app: AppOptions, make: (ctx: TestContext) => Promise<T>) {
  const t = {} as { ctx: TestContext } & T;
  beforeAll(async () => {
    t.ctx = await createTestApp(app);
    Object.assign(t, await make(t.ctx));
  });
  afterAll(() => t.ctx?.close());
  return t;
}
type AppOptions = Parameters<typeof createTestApp>[0];
