// How long `npm start`'s server takes until the login page answers, on an empty data dir (initdb,
// migrations, demo seed) and on a restart, and its memory (RSS) when idle.
// Run: npm run build && node --import tsx bench/src/startup.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverArgs } from './setup.ts';

const port = Number(process.env.BENCH_PORT ?? 3900);
const dataDir = mkdtempSync(join(tmpdir(), 'oficina-bench-start-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) =>
  Math.round(Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024);

async function run(label: string) {
  const t0 = performance.now();
  const child = spawn('node', serverArgs(), {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://localhost:${port}/login`);
      if (res.ok && (await res.text()).includes('<div id="root">')) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  const ready = (performance.now() - t0) / 1000;
  await sleep(15_000);
  const idle = rssMb(child.pid!);
  console.log(`${label.padEnd(36)} login page after ${ready.toFixed(2)} s   idle RSS ${idle} MB`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

try {
  await run('fresh data dir (initdb + seed)');
  await run('restart (existing data)');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
