// Logins while anonymous clients hammer the public signing route, and login timing for existing vs
// unknown e-mails, on the real server process (embedded database, fresh data dir, loopback only).
//  1. login p50 with no other traffic (BENCH_LOGINS correct logins, one after the other);
//  2. the same while 8 clients send POST /api/public/invoices/1/sign with a wrong token and a
//     7000 x 7000 PNG drawing, each request from another address (X-Forwarded-For through a trusted
//     proxy on 127.0.0.1: a crowd behind a load balancer, so the per-address limits do not stop it);
//  3. the median of 50 wrong passwords on 50 real accounts and of 50 unknown e-mails.
// Bounded: the load runs only while step 2 measures, at most BENCH_MAX_SECONDS.
// Run: npm run build && node --import tsx bench/src/login-under-load.ts   (npm run bench login-under-load)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { percentile } from './lib.ts';
import { freePort, serverArgs, sleep, waitForServer } from './setup.ts';

const logins = Number(process.env.BENCH_LOGINS ?? 30);
const clients = 8;
const maxSeconds = Number(process.env.BENCH_MAX_SECONDS ?? 90);

let n = 0;
/** A different client address for every request (10.x.y.z). */
const nextAddress = () => {
  n++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'oficina-bench-login-'));
const server = spawn('node', serverArgs(), {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    NODE_ENV: 'development',
    TRUST_PROXY: '127.0.0.1',
  },
  stdio: 'ignore',
});

async function login(username: string, password: string) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ username, password }),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

async function loginP50() {
  const times: number[] = [];
  for (let k = 0; k < logins; k++) {
    const r = await login('admin@demo.com.br', 'demo1234');
    if (r.status !== 200) throw new Error(`login answered ${r.status}`);
    times.push(r.ms);
  }
  return median(times);
}

try {
  await waitForServer(`${base}/api/health`);
  // A 7000 x 7000 drawing: a few KB as PNG, 49 MP once decoded.
  const big = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } })
    .composite([
      { input: Buffer.from('<svg width="400" height="40"><rect width="400" height="40"/></svg>'), top: 10, left: 10 },
    ])
    .png()
    .toBuffer();
  const attackBody = JSON.stringify({
    signature: `data:image/png;base64,${big.toString('base64')}`,
    signerName: 'Fulano de Tal',
  });

  await loginP50(); // warm-up
  const idle = await loginP50();

  const load = { stop: false };
  const answers = new Map<number, number>();
  const deadline = Date.now() + maxSeconds * 1000;
  const attackers = Array.from({ length: clients }, async () => {
    while (!load.stop && Date.now() < deadline) {
      const res = await fetch(`${base}/api/public/invoices/1/sign?token=wrong-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
        body: attackBody,
      }).catch(() => null);
      await res?.arrayBuffer();
      const status = res?.status ?? 0;
      answers.set(status, (answers.get(status) ?? 0) + 1);
    }
  });
  await sleep(1000);
  const t0 = performance.now();
  const loaded = await loginP50();
  const seconds = (performance.now() - t0) / 1000;
  load.stop = true;
  await Promise.all(attackers);

  // Enumeration: 50 real accounts with a wrong password, 50 unknown e-mails, one try each.
  const adminLogin = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ username: 'admin@demo.com.br', password: 'demo1234' }),
  });
  const { token } = (await adminLogin.json()) as { token: string };
  const emails: string[] = [];
  for (let k = 0; k < 50; k++) {
    const email = `bench-${k}-${Date.now()}@demo.com.br`;
    const res = await fetch(`${base}/api/admin/organizations/1/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `Bench ${k}`, role: 'ROLE_USER', email, plainPassword: 'senha-bench-1' }),
    });
    if (res.status !== 201) throw new Error(`create user: ${res.status} ${await res.text()}`);
    emails.push(email);
  }
  const existing: number[] = [];
  const unknown: number[] = [];
  for (let k = 0; k < 50; k++) {
    existing.push((await login(emails[k]!, 'senha-errada-1')).ms);
    unknown.push((await login(`ninguem-${k}-${Date.now()}@demo.com.br`, 'senha-errada-1')).ms);
  }

  const served = [...answers.entries()].map(([s, c]) => `${c}× ${s}`).join(', ');
  console.log(`login p50, no other traffic:                ${idle.toFixed(1)} ms (${logins} logins)`);
  console.log(
    `login p50, 8 clients on the sign route:      ${loaded.toFixed(1)} ms (${logins} logins in ${seconds.toFixed(1)} s; sign answers: ${served})`,
  );
  console.log(`wrong password, 50 existing e-mails, median: ${median(existing).toFixed(1)} ms`);
  console.log(`wrong password, 50 unknown e-mails, median:  ${median(unknown).toFixed(1)} ms`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
