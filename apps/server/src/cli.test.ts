import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The CLI and a running server on the embedded database: the CLI refuses and says why.
const dataDir = mkdtempSync(join(tmpdir(), 'oficina-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const cli = (...args: string[]) =>
  spawnSync('node', ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
const create = ['create-organization', '--name', 'Refrigeração Silva', '--admin-name', 'Maria'];

describe('npm run cli with the server running', () => {
  it('refuses create-organization with a clear message and reports no success', () => {
    mkdirSync(join(dataDir, 'pgdata'), { recursive: true });
    // What a running server leaves: the lock with its (live) process id.
    writeFileSync(join(dataDir, 'pgdata', 'oficina.lock'), String(process.pid));
    const res = cli(...create, '--admin-email', 'maria@silva.com.br', '--admin-password', 'uma-senha-1');
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('em uso pelo processo');
    expect(res.stdout).not.toContain('criada');
  });

  it('works once the server stopped', () => {
    rmSync(join(dataDir, 'pgdata', 'oficina.lock'));
    const res = cli(...create, '--admin-email', 'maria2@silva.com.br', '--admin-password', 'uma-senha-1');
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('criada');
  }, 60_000);
});
