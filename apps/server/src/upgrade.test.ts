import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { migrationsDir, pgliteExtensions } from '@ordem-certa/db';
import { startServerProcess, type ServerProcess } from '@ordem-certa/test-support/server-process';
import { pdfPageCount } from '@ordem-certa/test-support/pdf-text';
import { countRows } from '../test/row-counts.ts';

// An installation made by the previous release (its demo data plus a logo, photos and a customer's
// signature added through that release's API; see test/make-release-fixture.ts) started by TODAY's
// server: the migrations apply, no row is lost, every stored file is served as it was uploaded, the
// demo logins work, and an order's detail, signature and PDF come out right.
const fixtureDir = join(import.meta.dirname, '..', 'test', 'fixtures', 'release-0.22');
interface ReleaseRun {
  counts: Record<string, number>;
  files: Array<{ path: string; sha256: string }>;
  signedInvoiceId: number;
}
const manifest = JSON.parse(readFileSync(join(fixtureDir, 'manifest.json'), 'utf8')) as {
  pglite: ReleaseRun;
  postgres: ReleaseRun;
};
const onPostgres = process.env.TEST_DB === 'postgres';
const migrationCount = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).length;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.toReversed()) await c();
});

/** Every file key the database names (logos, signature images, photos and their print copies). */
const FILE_KEYS_SQL = `
  SELECT logo_key AS k FROM companies WHERE logo_key IS NOT NULL
  UNION ALL SELECT signature_image_key FROM companies WHERE signature_image_key IS NOT NULL
  UNION ALL SELECT file_key FROM invoice_pictures UNION ALL SELECT print_key FROM invoice_pictures
  UNION ALL SELECT file_key FROM estimate_pictures UNION ALL SELECT print_key FROM estimate_pictures`;

/** The counts after the upgrade: every table the release had keeps its rows; the new migrations add their names. */
function expectSameRows(before: Record<string, number>, after: Record<string, number>) {
  for (const [table, n] of Object.entries(before)) {
    if (table === 'schema_migrations') expect(after[table], table).toBe(migrationCount);
    // Logging in writes a login_attempts row (and may touch rate limits), and opening the order records
    // a view in the audit trail once an hour per user and order (so whether one is added depends on the
    // fixture's age); a migration that fills a new versioned table (each organization's built-in roles)
    // adds that table's version counters: those may only grow.
    else if (
      table === 'login_attempts' ||
      table === 'rate_limits' ||
      table === 'audit_logs' ||
      table === 'list_versions'
    )
      expect(after[table], table).toBeGreaterThanOrEqual(n);
    else expect(after[table], table).toBe(n);
  }
}

/** What a user of the upgraded installation does first: log in, open files, an order, its PDF. */
async function checkThroughApi(server: ServerProcess, run: ReleaseRun) {
  const login = async (username: string) => {
    const res = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'demo1234' }),
    });
    expect(res.status, username).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  const token = await login('admin@demo.com.br');
  await login('tecnico@demo.com.br');
  await login('admin@org102.com.br');
  const auth = { authorization: `Bearer ${token}` };
  const org = `${server.url}/api/organizations/1`;

  for (const file of run.files) {
    const res = await fetch(`${org}${file.path}`, { headers: auth });
    expect(res.status, file.path).toBe(200);
    expect(sha256(Buffer.from(await res.arrayBuffer())), file.path).toBe(file.sha256);
  }

  const id = run.signedInvoiceId;
  const detail = await fetch(`${org}/invoices/${id}`, { headers: auth });
  expect(detail.status).toBe(200);
  const order = (await detail.json()) as {
    number: number;
    isSigned: boolean;
    signature: { signerName: string; isOutdated: boolean } | null;
  };
  // The signature made by the previous release still verifies against the order's content.
  expect(order.isSigned).toBe(true);
  expect(order.signature).toMatchObject({ signerName: 'Cliente da Versão Anterior', isOutdated: false });

  const link = await fetch(`${org}/invoices/${id}/pdf`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ showValues: true }),
  });
  expect(link.status).toBe(200);
  const pdf = await fetch(`${server.url}${((await link.json()) as { url: string }).url}`);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await pdf.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfPageCount(bytes)).toBeGreaterThanOrEqual(1);

  const payrolls = await fetch(`${org}/payrolls`, { headers: auth });
  expect(payrolls.status).toBe(200);
  expect(((await payrolls.json()) as { data: unknown[] }).data).toHaveLength(run.counts.payrolls!);
  const estimates = await fetch(`${org}/estimates`, { headers: auth });
  expect(estimates.status).toBe(200);

  // Addresses typed before IBGE codes existed got the code of the municipality their city and UF name.
  const customers = await fetch(`${org}/customers?q=${encodeURIComponent('Pão Dourado')}`, { headers: auth });
  const [bakery] = ((await customers.json()) as { data: Array<{ id: number }> }).data;
  const addresses = await fetch(`${org}/customers/${bakery!.id}/addresses`, { headers: auth });
  expect(((await addresses.json()) as { data: unknown[] }).data).toEqual([
    expect.objectContaining({ city: 'São Paulo', state: 'SP', ibgeCode: '3550308' }),
  ]);
}

describe.skipIf(onPostgres)('an embedded data dir made by the previous release', () => {
  it('starts on today’s server with every row, file and login', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oficina-upgrade-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    execFileSync('tar', ['-xzf', join(fixtureDir, 'pglite.tar.gz'), '-C', dataDir]);
    const pgdata = join(dataDir, 'pgdata');

    let db = await PGlite.create(pgdata, { extensions: pgliteExtensions });
    const before = await countRows(async (s) => (await db.query<Record<string, unknown>>(s)).rows);
    await db.close();
    expect(before).toEqual(manifest.pglite.counts);

    const server = await startServerProcess({ DATA_DIR: dataDir, REMINDER_JOB_INTERVAL_MS: '0' });
    cleanups.push(() => server.stop().then(() => undefined));
    await checkThroughApi(server, manifest.pglite);
    expect(await server.stop()).toBe(0);

    db = await PGlite.create(pgdata, { extensions: pgliteExtensions });
    const after = await countRows(async (s) => (await db.query<Record<string, unknown>>(s)).rows);
    const keys = (await db.query<{ k: string }>(FILE_KEYS_SQL)).rows.map((r) => r.k);
    await db.close();
    expectSameRows(before, after);
    expect(keys.length).toBeGreaterThanOrEqual(manifest.pglite.files.length);
    for (const key of keys) expect(existsSync(join(dataDir, 'files', key)), key).toBe(true);
  });
});

describe.skipIf(!onPostgres)('a PostgreSQL database made by the previous release (pg_dump)', () => {
  it('starts on today’s server with every row, file and login', { timeout: 300_000 }, async () => {
    const testDb = inject('testDb');
    if (testDb.kind !== 'postgres') throw new Error('needs the PostgreSQL test project');
    const name = `upgrade_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: testDb.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = testDb.adminUrl.replace(/\/postgres$/, `/${name}`);
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: testDb.adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'oficina-upgrade-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const dump = join(dataDir, 'dump.sql');
    writeFileSync(dump, gunzipSync(readFileSync(join(fixtureDir, 'postgres.sql.gz'))));
    execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', dump], { stdio: 'pipe' });
    execFileSync('tar', ['-xzf', join(fixtureDir, 'postgres-files.tar.gz'), '-C', dataDir]);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    cleanups.push(() => client.end());
    const query = async (s: string) => (await client.query(s)).rows as Array<Record<string, unknown>>;
    const before = await countRows(query);
    expect(before).toEqual(manifest.postgres.counts);

    const server = await startServerProcess({ DATABASE_URL: url, DATA_DIR: dataDir, REMINDER_JOB_INTERVAL_MS: '0' });
    cleanups.push(() => server.stop().then(() => undefined));
    await checkThroughApi(server, manifest.postgres);
    expect(await server.stop()).toBe(0);

    expectSameRows(before, await countRows(query));
    const keys = (await query(FILE_KEYS_SQL)).map((r) => r.k as string);
    expect(keys.length).toBeGreaterThanOrEqual(manifest.postgres.files.length);
    for (const key of keys) expect(existsSync(join(dataDir, 'files', key)), key).toBe(true);
  });
});
