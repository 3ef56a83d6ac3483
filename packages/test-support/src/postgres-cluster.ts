import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway PostgreSQL cluster in a temp dir on a free port, for tests and benchmarks. */
export interface Cluster {
  url(database: string): string;
  stop(): void;
  /** Stops the server (`pg_ctl stop -m fast`: sessions are ended, committed work is kept), data kept. */
  halt(): void;
  /** Starts the stopped server again on the same port and data. */
  resume(): void;
}

const PG_BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

export function findPgBin(name: 'initdb' | 'pg_ctl'): string | undefined {
  const which = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  for (const dir of PG_BIN_DIRS) {
    const p = join(dir, name);
    if (spawnSync('test', ['-x', p]).status === 0) return p;
  }
  return undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export async function startCluster(): Promise<Cluster> {
  const initdb = findPgBin('initdb');
  const pgCtl = findPgBin('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'oficina-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  // PostgreSQL refuses to run as root: run it as the postgres user then.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  run(initdb, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () => run(pgCtl, ['-D', dataDir, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  return {
    halt: () => run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: start,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => {
      try {
        // Already stopped (a test that halted it failed before resuming it): nothing to stop.
        if (existsSync(join(dataDir, 'postmaster.pid'))) run(pgCtl, ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
