import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '@ordem-certa/test-support/server-process';

// The CLI and a running server on the embedded database: the commands that write are run by the
// server for the CLI; with only a lock left by a server that does not answer, the CLI refuses and
// says why.
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

describe('npm run cli beside a server that holds the data dir but does not answer', () => {
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

// A real server process on the embedded database: in the PGlite project only.
describe.runIf(process.env.TEST_DB !== 'postgres')('npm run cli while the server runs', () => {
  const liveDir = mkdtempSync(join(tmpdir(), 'oficina-cli-live-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(liveDir, { recursive: true, force: true });
  });
  const liveCli = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(
        'node',
        ['--import', 'tsx', 'apps/server/src/cli.ts', ...args],
        {
          env: { ...process.env, DATA_DIR: liveDir, DATABASE_URL: '' },
          encoding: 'utf8',
          timeout: CLI_TIMEOUT_MS,
        },
      );
      return { status: 0, stdout, stderr };
    } catch (err) {
      const failed = err as { code?: number; stdout?: string; stderr?: string };
      return { status: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  };
  const login = (username: string, password: string) =>
    fetch(`${server!.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });

  it(
    'creates an organization and resets a password through the server, which answers for them at once',
    async () => {
      server = await startServerProcess({ DATA_DIR: liveDir, REMINDER_JOB_INTERVAL_MS: '0' }, CLI_TIMEOUT_MS);
      const made = await liveCli(...create, '--admin-email', 'viva@silva.com.br', '--admin-password', 'uma-senha-1');
      expect(made.stderr).toBe('');
      expect(made.status).toBe(0);
      expect(made.stdout).toMatch(/Organização \d+ "Refrigeração Silva" criada; admin viva@silva.com.br/);
      expect((await login('viva@silva.com.br', 'uma-senha-1')).status).toBe(200);

      const again = await liveCli(...create, '--admin-email', 'viva@silva.com.br', '--admin-password', 'uma-senha-1');
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('Já existe um usuário com o e-mail viva@silva.com.br.');

      const reset = await liveCli('reset-password', '--email', 'viva@silva.com.br', '--password', 'outra-senha-2');
      expect(reset.stdout).toContain('Senha de viva@silva.com.br alterada.');
      expect((await login('viva@silva.com.br', 'outra-senha-2')).status).toBe(200);
      expect((await login('viva@silva.com.br', 'uma-senha-1')).status).toBe(401);
      const unknown = await liveCli('reset-password', '--email', 'ninguem@silva.com.br', '--password', 'outra-senha-2');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('Usuário ninguem@silva.com.br não encontrado.');

      // The server still holds its data dir and answers.
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    },
    CLI_TIMEOUT_MS * 4,
  );
});
