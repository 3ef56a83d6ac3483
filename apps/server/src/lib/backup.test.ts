import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@oficina/db';
import { multipart, PNG_1x1 } from '../../test/factories.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { queryRows } from './sql.ts';
import { listLocalKeys } from './storage.ts';
import { sql } from 'drizzle-orm';

const cli = (env: Record<string, string>, ...args: string[]) =>
  promisify(execFile)('node', ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    env: { ...process.env, ...env },
  });

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

// One embedded server process and two CLI runs: in the PGlite project only.
describe.runIf(process.env.TEST_DB !== 'postgres')('backup and restore of the embedded installation', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oficina-backup-'));
  const source = join(dir, 'source');
  const target = join(dir, 'target');
  const archive = join(dir, 'backup.tar.gz');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'backs up while the server runs; a restore into an empty data dir has the same rows and files',
    { timeout: 240_000 },
    async () => {
      server = await startServerProcess({ DATA_DIR: source, SEED_DEMO: '1' }, 120_000);
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin@demo.com.br', password: 'demo1234' }),
      });
      const auth = { authorization: `Bearer ${(await login.json()).token}` };
      const list = await (await fetch(`${server.url}/api/organizations/1/companies`, { headers: auth })).json();
      const companyId = list.data[0].id;
      const up = multipart('logo', PNG_1x1, 'logo.png', 'image/png');
      const upload = await fetch(`${server.url}/api/organizations/1/companies/${companyId}/logo`, {
        method: 'POST',
        headers: { ...up.headers, ...auth },
        body: new Uint8Array(up.payload),
      });
      expect(upload.status).toBe(200);

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
});
