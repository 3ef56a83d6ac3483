/**
 * Makes the upgrade fixture of a released version: run it from TODAY's checkout, pointing at a
 * checkout of the release (a `git worktree add` with node_modules), and it starts that release's
 * server on a fresh embedded data dir (and, with --postgres, on a throwaway PostgreSQL cluster),
 * lets it seed the demo data, adds through its API what the demo lacks (a company logo and signature
 * image, photos on an order and on an estimate, a customer's signature), stops it and writes under
 * apps/server/test/fixtures/<name>/:
 *
 *   pglite.tar.gz      the embedded data dir (pgdata/ and files/)
 *   postgres.sql.gz    a plain pg_dump of the PostgreSQL database (with --postgres)
 *   postgres-files.tar.gz  the files the PostgreSQL run uploaded (with --postgres)
 *   manifest.json      per database: row counts per table, the uploaded files with their SHA-256,
 *                      the signed order
 *
 *   node --import tsx apps/server/test/make-release-fixture.ts /work/wt/old-release release-0.22 [--postgres]
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import sharp from 'sharp';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '@ordem-certa/db';
import { multipart, multipartFiles } from './factories.ts';
import { freePort, startCluster } from '@ordem-certa/test-support/postgres-cluster';
import { countRows } from './row-counts.ts';

const [releaseDir, name, ...flags] = process.argv.slice(2);
if (!releaseDir || !name)
  throw new Error('usage: make-release-fixture.ts <release checkout> <fixture name> [--postgres]');
const outDir = resolve('apps/server/test/fixtures', name);
mkdirSync(outDir, { recursive: true });

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface UploadedFile {
  /** The API path (under /api/organizations/1) that returns the file as sent. */
  path: string;
  sha256: string;
}
export interface ReleaseRun {
  counts: Record<string, number>;
  files: UploadedFile[];
  signedInvoiceId: number;
}

async function startOld(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: releaseDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', REMINDER_JOB_INTERVAL_MS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise((r) => child.on('exit', r));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 300_000; ;) {
    if (child.exitCode !== null) throw new Error(`old server exited:\n${out}`);
    if (
      await fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`old server not ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function photo(seed: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="#${(0x335577 + seed * 0x101010).toString(16).slice(-6)}"/><circle cx="${40 + seed * 20}" cy="60" r="30" fill="#fc0"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/** Adds logo, signature image, photos and a signature through the old release's API. */
async function fillThroughApi(url: string): Promise<Omit<ReleaseRun, 'counts'>> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.com.br', password: 'demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const org = `${url}/api/organizations/1`;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${org}${path}`, {
      method,
      headers: {
        ...auth,
        ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.headers.get('content-type')?.includes('json') ? res.json() : res.arrayBuffer();
  };
  const files: UploadedFile[] = [];

  const logo = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#1a6' } })
    .png()
    .toBuffer();
  const stamp = await sharp({ create: { width: 48, height: 24, channels: 3, background: '#a16' } })
    .png()
    .toBuffer();
  for (const [path, field, data] of [
    ['/companies/1/logo', 'logo', logo],
    ['/companies/1/signature-image', 'signature-image', stamp],
  ] as const) {
    const mp = multipart(field, data, `${field}.png`, 'image/png');
    await call('POST', path, mp.payload, mp.headers);
    files.push({ path, sha256: sha256(data) });
  }

  // An order still open (not Canceled or Completed) with lines: photos, then the customer's signature.
  const list = (await call('GET', '/invoices/filter')) as { data: Array<{ id: number }> };
  let signedInvoiceId = 0;
  for (const { id } of list.data) {
    const d = (await call('GET', `/invoices/${id}`)) as {
      statusState: number;
      invoiceServices: unknown[];
      signUrl: string | null;
    };
    // In progress (Wip): open to photos and signatures, and its PDF is printable.
    if (d.statusState !== 10 || !d.invoiceServices.length || !d.signUrl) continue;
    const shots = [await photo(1), await photo(2)];
    const mp = multipartFiles(
      'attachment',
      shots.map((data, i) => ({ data, filename: `foto-${i + 1}.jpg`, contentType: 'image/jpeg' })),
    );
    const added = (
      (await call('POST', `/invoices/${id}/attachments/pictures`, mp.payload, mp.headers)) as {
        data: Array<{ id: number }>;
      }
    ).data;
    added.forEach((p, i) =>
      files.push({ path: `/invoices/${id}/attachments/pictures/${p.id}`, sha256: sha256(shots[i]!) }),
    );
    const signToken = new URL(d.signUrl, url).searchParams.get('token')!;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><path d="M20 150 C 80 20, 160 20, 200 120 S 330 180, 380 40" stroke="#000" stroke-width="3" fill="none"/></svg>`;
    const drawn = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
    const signed = await fetch(`${url}/api/public/invoices/${id}/sign?token=${signToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'fixture' },
      body: JSON.stringify({ signature: drawn, signerName: 'Cliente da Versão Anterior' }),
    });
    if (!signed.ok) throw new Error(`sign: ${signed.status} ${await signed.text()}`);
    signedInvoiceId = id;
    break;
  }
  if (!signedInvoiceId) throw new Error('no order in progress with lines to sign in the demo data');

  // A photo on an estimate that still takes them (Rascunho or Em Andamento).
  const estimates = (await call('GET', '/estimates')) as { data: Array<{ id: number; status: number }> };
  const open = estimates.data.find((e) => e.status === 0 || e.status === 1);
  if (!open) throw new Error('no editable estimate in the demo data');
  const shot = await photo(3);
  const mp = multipartFiles('attachment', [{ data: shot, filename: 'orcamento.jpg', contentType: 'image/jpeg' }]);
  const added = (await call('POST', `/estimates/${open.id}/attachments/pictures`, mp.payload, mp.headers)) as
    { data: Array<{ id: number }> } | { id: number };
  const first = 'data' in added ? added.data[0]! : added;
  files.push({ path: `/estimates/${open.id}/attachments/pictures/${first.id}`, sha256: sha256(shot) });
  return { files, signedInvoiceId };
}

const manifest: Record<string, ReleaseRun> = {};

{
  const work = mkdtempSync(join(tmpdir(), 'oficina-fixture-'));
  const dataDir = join(work, 'data');
  const server = await startOld({ DATA_DIR: dataDir, SEED_DEMO: '1' });
  const filled = await fillThroughApi(server.url);
  await server.stop();
  const db = await PGlite.create(join(dataDir, 'pgdata'), { extensions: pgliteExtensions });
  const counts = await countRows(async (s) => (await db.query<Record<string, unknown>>(s)).rows);
  // Smaller archive, same data: tables rewritten without dead rows, and the WAL cut to the segment
  // of the last checkpoint (the others hold only history the checkpoint made unnecessary).
  await db.query('VACUUM FULL');
  await db.query('SELECT pg_switch_wal()');
  await db.query('CHECKPOINT');
  const wal = (await db.query<{ f: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS f')).rows[0]!.f;
  await db.close();
  const walDir = join(dataDir, 'pgdata', 'pg_wal');
  for (const f of readdirSync(walDir)) if (/^[0-9A-F]{24}$/.test(f) && f !== wal) rmSync(join(walDir, f));
  manifest.pglite = { counts, ...filled };
  // Only what the server needs: the database and the uploaded files (no lock, socket or outbox).
  execFileSync('tar', ['-czf', join(outDir, 'pglite.tar.gz'), '-C', dataDir, 'pgdata', 'files']);
  rmSync(work, { recursive: true, force: true });
}

if (flags.includes('--postgres')) {
  const cluster = await startCluster();
  const work = mkdtempSync(join(tmpdir(), 'oficina-fixture-'));
  try {
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE oficina');
    await admin.end();
    const url = cluster.url('oficina');
    const server = await startOld({ DATA_DIR: join(work, 'data'), DATABASE_URL: url, SEED_DEMO: '1' });
    const filled = await fillThroughApi(server.url);
    await server.stop();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const counts = await countRows(async (s) => (await client.query(s)).rows);
    await client.end();
    manifest.postgres = { counts, ...filled };
    const dump = execFileSync('pg_dump', ['--no-owner', '--no-privileges', url], { maxBuffer: 1 << 30 });
    writeFileSync(join(outDir, 'postgres.sql.gz'), gzipSync(dump, { level: 9 }));
    execFileSync('tar', ['-czf', join(outDir, 'postgres-files.tar.gz'), '-C', join(work, 'data'), 'files']);
  } finally {
    cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const commit = execFileSync('git', ['-C', releaseDir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify({ commit, ...manifest }, null, 2)}\n`);
console.log(`fixture written to ${outDir}`);
