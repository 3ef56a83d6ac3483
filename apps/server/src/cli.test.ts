import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The CLI and a running server on the embedded database: the CLI refuses and says why.
const dataDir = mkdtempSync(join(tmpdir(), 'oficina-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// Creating an organization on a new data dir starts a new embedded database (initdb and every
// migration in WebAssembly): seconds on an idle machine, over a minute on a 2-core one running the
// rest of the suite. The CLI runs asynchronously so the test worker stays responsive meanwhile.
const CLI_TIMEOUT_MS = 150_000;
const cli = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      'node',
      ['--import', 'tsx', 'apps/server/src/cli.ts', ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8', timeout: CLI_TIMEOUT_MS },
    );
    return { status: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { status: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
};
const create = ['create-organization', '--name', 'Refrigeração Silva', '--admin-name', 'Maria'];

describe('npm run cli with the server running', () => {
  it(
    'refuses create-organization with a clear message and reports no success',
    async () => {
      mkdirSync(join(dataDir, 'pgdata'), { recursive: true });
      // What a running server leaves: the lock with its (live) process id.
      writeFileSync(join(dataDir, 'pgdata', 'oficina.lock'), String(process.pid));
      const res = await cli(...create, '--admin-email', 'maria@silva.com.br', '--admin-password', 'uma-senha-1');
      expect(res.status).toBe(1);
      expect(res.stderr).toContain('em uso pelo processo');
      expect(res.stdout).not.toContain('criada');
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'works once the server stopped',
    async () => {
      rmSync(join(dataDir, 'pgdata', 'oficina.lock'));
      const res = await cli(...create, '--admin-email', 'maria2@silva.com.br', '--admin-password', 'uma-senha-1');
      expect(res.stderr).toBe('');
      expect(res.stdout).toContain('criada');
    },
    CLI_TIMEOUT_MS + 10_000,
  );
});
