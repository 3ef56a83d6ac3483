import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './postgres-cluster.ts';

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** What the server printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The real server (apps/server/src/main.ts) as a child process on a free loopback port, ready when
 * /api/health/ready answers 200. env is added to this process's environment. One process unless env
 * sets WEB_CONCURRENCY (on PostgreSQL the server otherwise runs one per core).
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 150_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      WEB_CONCURRENCY: '1',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    output: () => out,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
