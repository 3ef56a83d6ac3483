// The real server process with its event loop watched (loop-delay.ts preloaded), as the benchmarks of
// one organization holding up the others start it, and the timing loops they drive it with.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { serverArgs, sleep } from './setup.ts';

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

/**
 * `npm run serve` on `port` over `databaseUrl` (demo data seeded, logins not rate limited), its files in
 * `dataDir`; `env` adds settings. `loopDelay()` is what its event loop went through since the last call.
 */
export function startProbedServer(opts: {
  port: number;
  dataDir: string;
  databaseUrl: string;
  env?: Record<string, string>;
}) {
  const loopFile = join(opts.dataDir, 'loop-delay.json');
  // BENCH_CPU_PROF=dir: the server's CPU profile into dir (bench/src/profile-summary.ts reads it).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = spawn(
    'node',
    [...profile, '--import', 'tsx', '--import', './bench/src/loop-delay.ts', ...serverArgs()],
    {
      env: {
        ...process.env,
        PORT: String(opts.port),
        HOST: '127.0.0.1',
        DATA_DIR: opts.dataDir,
        DATABASE_URL: opts.databaseUrl,
        LOG_LEVEL: 'warn',
        SEED_DEMO: '1',
        NODE_ENV: 'development',
        LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
        LOOP_DELAY_OUT: loopFile,
        ...opts.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const loopDelay = async (): Promise<LoopDelay> => {
    rmSync(loopFile, { force: true });
    server.kill('SIGUSR2');
    while (!existsSync(loopFile)) await sleep(20);
    await sleep(20);
    return JSON.parse(readFileSync(loopFile, 'utf8')) as LoopDelay;
  };
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
  return { server, loopDelay, stop };
}

/** Runs `fn` every `ms` (counted from each start) until `until()`. */
export async function every(ms: number, until: () => boolean, fn: () => Promise<void>) {
  while (!until()) {
    const t0 = performance.now();
    await fn();
    await sleep(Math.max(0, ms - (performance.now() - t0)));
  }
}

/** The time of one request, its body read, added to `list`; a failed answer throws. */
export async function timed(list: number[], request: () => Promise<Response>) {
  const t0 = performance.now();
  const res = await request();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${res.url}: ${res.status}`);
  list.push(performance.now() - t0);
}
