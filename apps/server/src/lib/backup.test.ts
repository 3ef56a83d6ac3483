import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@ordem-certa/db';
import { multipart, PNG_1x1 } from '../../test/factories.ts';
import { startServerProcess, type ServerProcess } from '@ordem-certa/test-support/server-process';
import { queryRows } from './sql.ts';
import { listLocalKeys } from './storage.ts';
import { archiveName, nextRun, parseCron, pruneBackups } from './backup-schedule.ts';
import { sql } from 'drizzle-orm';

const cli = (env: Record<string, string>, ...args: string[]) =>
  promisify(execFile)('node', ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    env: { ...process.env, ...env },
  });

/**
 * The jobs that write on their own (reminders, Pix charges and their reconciling, WhatsApp) are off, so
 * nothing changes between the backup and the server's stop: the archive holds the rows it stopped with.
 */
const NO_BACKGROUND_WRITES = {
  REMINDER_JOB_INTERVAL_MS: '0',
  PIX_JOB_INTERVAL_MS: '0',
  PIX_RECONCILE_INTERVAL_MS: '0',
  WHATSAPP_JOB_INTERVAL_MS: '0',
};

/** Every row of every table, ordered, as JSON: two databases with equal dumps hold the same data. */
async function dumpTables(pgdata: string): Promise<Record<string, unknown[]>> {
  const database = await openDatabase({ dataDir: pgdata });
  try {
    const tables = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const out: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      out[name] = await queryRows(database.db, sql.raw(`SELECT * FROM "${name}" ORDER BY 1`));
    }
    return out;
  } finally {
    await database.close();
  }
}

const files = async (dataDir: string) => {
  const root = join(dataDir, 'files');
  const keys = await listLocalKeys(root);
  return Object.fromEntries(keys.map((k) => [k, readFileSync(join(root, k)).toString('base64')]));
};

/** Every file and directory under root (root included) whose mode gives the group or others any access. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const st = statSync(path);
    if ((st.mode & 0o077) !== 0) found.push(`${path} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  return found;
}

/**
 * A temporary folder for one describe block and the server process a test starts there: the server
 * is killed and the folder removed after the block.
 */
function scratch(prefix: string) {
  const here: { dir: string; server?: ServerProcess } = { dir: mkdtempSync(join(tmpdir(), prefix)) };
  afterAll(async () => {
    await here.server?.stop('SIGKILL');
    rmSync(here.dir, { recursive: true, force: true });
  });
  return here;
}

/** Logs in to a running server as the demo admin and uploads a logo to the first company. */
async function uploadLogo(serverUrl: string) {
  const login = await fetch(`${serverUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.com.br', password: 'demo1234' }),
  });
  const auth = { authorization: `Bearer ${(await login.json()).token}` };
  const list = await (await fetch(`${serverUrl}/api/organizations/1/companies`, { headers: auth })).json();
  const up = multipart('logo', PNG_1x1, 'logo.png', 'image/png');
  const upload = await fetch(`${serverUrl}/api/organizations/1/companies/${list.data[0].id}/logo`, {
    method: 'POST',
    headers: { ...up.headers, ...auth },
    body: new Uint8Array(up.payload),
  });
  expect(upload.status).toBe(200);
}

// One embedded server process and two CLI runs: in the PGlite project only.
describe.runIf(process.env.TEST_DB !== 'postgres')('backup and restore of the embedded installation', () => {
  const here = scratch('oficina-backup-');
  const source = join(here.dir, 'source');
  const target = join(here.dir, 'target');
  const archive = join(here.dir, 'backup.tar.gz');

  it(
    'backs up while the server runs; a restore into an empty data dir has the same rows and files',
    { timeout: 240_000 },
    async () => {
      const server = (here.server = await startServerProcess(
        { DATA_DIR: source, SEED_DEMO: '1', ...NO_BACKGROUND_WRITES },
        120_000,
      ));
      await uploadLogo(server.url);

      // While it runs, every directory is owner-only, so nothing under it can be reached by others.
      expect(openToOthers(source).filter((p) => !statSync(p.split(' ')[0]!).isFile())).toEqual([]);

      const backup = await cli({ DATA_DIR: source }, 'backup', archive);
      expect(backup.stdout).toContain('Backup de');
      expect(openToOthers(archive)).toEqual([]);
      // The server was asked, not bypassed: it still answers, and its data dir is still its own.
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
      expect(await server.stop()).toBe(0);
      // The database, the uploaded logo: no file or directory readable by other accounts.
      expect(readdirSync(join(source, 'files')).length).toBeGreaterThan(0);
      expect(openToOthers(source)).toEqual([]);

      const restore = await cli({ DATA_DIR: target }, 'restore', archive);
      expect(restore.stdout).toContain('1 arquivo(s)');

      const before = await dumpTables(join(source, 'pgdata'));
      const after = await dumpTables(join(target, 'pgdata'));
      expect(Object.keys(before)).toContain('invoices');
      expect(before.invoices!.length).toBeGreaterThan(0);
      expect(after).toEqual(before);
      const filesBefore = await files(source);
      expect(Object.keys(filesBefore)).toHaveLength(1);
      expect(await files(target)).toEqual(filesBefore);
      expect(openToOthers(target)).toEqual([]);
    },
  );

  it('restore refuses a data dir that already has data', { timeout: 120_000 }, async () => {
    await expect(cli({ DATA_DIR: target }, 'restore', archive)).rejects.toThrow(/já tem dados/);
  });

  it(
    'with BACKUP_PASSPHRASE the archive is encrypted; restore asks for it and refuses a wrong one',
    { timeout: 300_000 },
    async () => {
      const sealed = join(here.dir, 'backup.tar.gz.enc');
      const made = await cli({ DATA_DIR: source, BACKUP_PASSPHRASE: 'frase do cofre 42' }, 'backup', sealed);
      expect(made.stdout).toContain('criptografado');
      expect(
        readFileSync(sealed)
          .subarray(0, 2)
          .equals(Buffer.from([0x1f, 0x8b])),
      ).toBe(false);
      expect(openToOthers(sealed)).toEqual([]);

      const into = join(here.dir, 'target-sealed');
      // No passphrase and no terminal to type it in; then a wrong one: refused, nothing written.
      await expect(cli({ DATA_DIR: into, BACKUP_PASSPHRASE: '' }, 'restore', sealed)).rejects.toThrow(
        /criptografado.*BACKUP_PASSPHRASE/s,
      );
      await expect(cli({ DATA_DIR: into, BACKUP_PASSPHRASE: 'outra frase' }, 'restore', sealed)).rejects.toThrow(
        /Senha do backup incorreta/,
      );
      expect(readdirSync(here.dir)).not.toContain('target-sealed');

      const restore = await cli({ DATA_DIR: into, BACKUP_PASSPHRASE: 'frase do cofre 42' }, 'restore', sealed);
      expect(restore.stdout).toContain('1 arquivo(s)');
      expect(await dumpTables(join(into, 'pgdata'))).toEqual(await dumpTables(join(source, 'pgdata')));
      expect(await files(into)).toEqual(await files(source));
    },
  );
});

describe('BACKUP_CRON expressions', () => {
  const at = (s: string) => new Date(s);
  const next = (cron: string, after: string) => nextRun(parseCron(cron), at(after))?.toString();

  it('five crontab fields (seconds 0) or six with seconds first', () => {
    expect(next('30 2 * * *', '2026-11-24T10:00:00')).toBe(at('2026-11-25T02:30:00').toString());
    expect(next('30 2 * * *', '2026-11-24T01:00:00')).toBe(at('2026-11-24T02:30:00').toString());
    expect(next('*/15 * * * *', '2026-11-24T10:07:12')).toBe(at('2026-11-24T10:15:00').toString());
    expect(next('*/5 * * * * *', '2026-11-24T10:07:12')).toBe(at('2026-11-24T10:07:15').toString());
    expect(next('0 3 1 * *', '2026-11-24T10:00:00')).toBe(at('2026-12-01T03:00:00').toString());
    expect(next('0 0 29 2 *', '2026-11-24T10:00:00')).toBe(at('2028-02-29T00:00:00').toString());
    // Sunday is 0 or 7; 2026-11-29 is a Sunday.
    expect(next('0 4 * * 7', '2026-11-24T10:00:00')).toBe(at('2026-11-29T04:00:00').toString());
    expect(next('0 4 * * 1-5', '2026-11-28T10:00:00')).toBe(at('2026-11-30T04:00:00').toString());
    // Both day fields restricted: either one (the 1st, or a Sunday).
    expect(next('0 4 1 * 0', '2026-11-24T10:00:00')).toBe(at('2026-11-29T04:00:00').toString());
    expect(next('0 1,13 * * *', '2026-11-24T10:00:00')).toBe(at('2026-11-24T13:00:00').toString());
  });

  it('refuses what it cannot read, saying which field', () => {
    expect(() => parseCron('* * *')).toThrow(/5 campos/);
    expect(() => parseCron('61 * * * *')).toThrow(/minuto fora de 0–59/);
    expect(() => parseCron('* 24 * * *')).toThrow(/hora fora/);
    expect(() => parseCron('* * * 13 *')).toThrow(/mês fora/);
    expect(() => parseCron('x * * * *')).toThrow(/minuto inválido/);
    expect(() => parseCron('*/0 * * * *')).toThrow(/minuto fora/);
  });

  it('pruning deletes only the schedule’s archives older than the days kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oficina-prune-'));
    try {
      const now = Date.now();
      const old = archiveName(new Date(now - 20 * 86_400_000));
      const recent = archiveName(new Date(now - 2 * 86_400_000));
      for (const name of [old, recent, 'outro-arquivo.tar.gz']) writeFileSync(join(dir, name), 'x');
      utimesSync(join(dir, old), new Date(now - 20 * 86_400_000), new Date(now - 20 * 86_400_000));
      utimesSync(join(dir, recent), new Date(now - 2 * 86_400_000), new Date(now - 2 * 86_400_000));
      utimesSync(join(dir, 'outro-arquivo.tar.gz'), new Date(0), new Date(0));
      expect(await pruneBackups(dir, 14, now)).toEqual([old]);
      expect(readdirSync(dir).sort()).toEqual([recent, 'outro-arquivo.tar.gz'].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Rows per table of an embedded data dir. */
async function rowCounts(pgdata: string): Promise<Record<string, number>> {
  const tables = await dumpTables(pgdata);
  return Object.fromEntries(Object.entries(tables).map(([t, rows]) => [t, rows.length]));
}

describe.runIf(process.env.TEST_DB !== 'postgres')('scheduled backups (BACKUP_CRON)', () => {
  const here = scratch('oficina-cron-');
  const source = join(here.dir, 'source');
  const backups = join(here.dir, 'backups');

  it(
    'the server writes archives on schedule (encrypted with BACKUP_PASSPHRASE), drops those past BACKUP_KEEP_DAYS, and one restores to the same rows and files',
    { timeout: 600_000 },
    async () => {
      // An archive of the schedule 20 days old, one 3 days old, and a file the schedule did not write.
      mkdirSync(backups, { recursive: true });
      const day = 86_400_000;
      const stale = archiveName(new Date(Date.now() - 20 * day));
      const kept = archiveName(new Date(Date.now() - 3 * day));
      for (const [name, age] of [
        [stale, 20],
        [kept, 3],
        ['meu-backup-manual.tar.gz', 400],
      ] as const) {
        writeFileSync(join(backups, name), 'antigo');
        utimesSync(join(backups, name), new Date(Date.now() - age * day), new Date(Date.now() - age * day));
      }

      const server = (here.server = await startServerProcess(
        {
          DATA_DIR: source,
          SEED_DEMO: '1',
          BACKUP_CRON: '*/2 * * * * *',
          BACKUP_DIR: backups,
          BACKUP_KEEP_DAYS: '7',
          BACKUP_PASSPHRASE: 'frase-da-agenda-7',
          ...NO_BACKGROUND_WRITES,
        },
        300_000,
      ));
      await uploadLogo(server.url);
      const uploadedAt = Date.now();

      // Wait for an archive begun after the upload: named at a second past it.
      const fresh = () =>
        readdirSync(backups).filter(
          (n) => n.startsWith('oficina-') && n !== kept && n >= archiveName(new Date(uploadedAt + 1000)),
        );
      for (const deadline = Date.now() + 120_000; !fresh().length && Date.now() < deadline;)
        await new Promise((r) => setTimeout(r, 500));
      expect(fresh().length).toBeGreaterThan(0);
      expect(await server.stop()).toBe(0);
      here.server = undefined;

      const names = readdirSync(backups);
      expect(names).not.toContain(stale);
      expect(names).toContain(kept);
      expect(names).toContain('meu-backup-manual.tar.gz');
      expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
      expect(fresh().every((n) => n.endsWith('.tar.gz.enc'))).toBe(true);

      const target = join(here.dir, 'target');
      const archive = join(backups, fresh().sort().at(-1)!);
      const restore = await cli({ DATA_DIR: target, BACKUP_PASSPHRASE: 'frase-da-agenda-7' }, 'restore', archive);
      expect(restore.stdout).toContain('1 arquivo(s)');
      const before = await rowCounts(join(source, 'pgdata'));
      expect(before.invoices).toBeGreaterThan(0);
      expect(await rowCounts(join(target, 'pgdata'))).toEqual(before);
      const hashes = async (dataDir: string) =>
        Object.fromEntries(
          Object.entries(await files(dataDir)).map(([k, b64]) => [k, sha256(Buffer.from(b64, 'base64'))]),
        );
      const filesBefore = await hashes(source);
      expect(Object.keys(filesBefore)).toHaveLength(1);
      expect(await hashes(target)).toEqual(filesBefore);
    },
  );
});
