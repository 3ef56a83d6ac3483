// The API over real HTTP: the server process (`npm start`'s main.ts) on a throwaway PostgreSQL cluster
// and on embedded PGlite, over an organization of 100,000 orders and 20,000 customers
// (generate-orders.ts), driven by autocannon at 1 and 16 connections. Prints req/s, p50, p99 and
// errors per route per database, and the server's RSS. A benchmark, not a test: nothing asserts a time.
// Run: npm run bench http            or: node --import tsx bench/src/http.ts [postgres|pglite ...]
//   BENCH_SECONDS (5) per scenario and connection count; BENCH_ORDERS, BENCH_CUSTOMERS the data size;
//   BENCH_SCENARIOS=list,detail picks scenarios by name; BENCH_CONNECTIONS=1,16;
//   BENCH_CPU_PROF=/tmp/dir runs the server with --cpu-prof into /tmp/dir/<database>/ (summarize the
//   largest file with bench/src/profile-summary.ts).
// Loopback only. On a shared machine the figures move with the other load: check `uptime` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { migrate, openDatabase } from '@oficina/db';
import { startCluster, type Cluster } from '../../apps/server/test/postgres-cluster.ts';
import { BENCH_PASSWORD, generateOrders } from './generate-orders.ts';
import { databaseKinds, freePort, waitForServer } from './setup.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? '1,16').split(',').map(Number);
const only = process.env.BENCH_SCENARIOS?.split(',');

const rssMb = (pid: number) =>
  Math.round(Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024);

interface Scenario {
  name: string;
  requests: autocannon.Request[];
}

interface Row {
  db: string;
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rss: number;
}

async function bench(kind: string): Promise<Row[]> {
  let cluster: Cluster | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), `oficina-bench-http-${kind}-`));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-http-secret',
    // Login is a scenario: the per-IP limit would turn it into 429s.
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
  };
  let child: ReturnType<typeof spawn> | undefined;
  try {
    // The data goes in before the server starts, through the same migrations.
    if (kind === 'postgres') {
      cluster = await startCluster();
      env.DATABASE_URL = cluster.url('postgres');
    }
    const database = await openDatabase(
      kind === 'postgres' ? { databaseUrl: env.DATABASE_URL } : { dataDir: join(dataDir, 'pgdata') },
    );
    await migrate(database);
    const g = await generateOrders(database, { orders, customers });
    await database.close();
    console.log(`\n### ${kind}: ${g.orders} orders, ${g.customers} customers generated in ${g.seconds} s`);

    const port = await freePort();
    const nodeArgs = ['--import', 'tsx'];
    if (process.env.BENCH_CPU_PROF) {
      // One directory per database; node writes one profile per thread (the main one is the largest).
      nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_CPU_PROF, kind)}`);
    }
    child = spawn('node', [...nodeArgs, 'apps/server/src/main.ts'], {
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForServer(`${base}/api/none`, (res) => res.status === 404, 600);
    const loginBody = JSON.stringify({ username: g.adminEmail, password: BENCH_PASSWORD });
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const org = `/api/organizations/${g.organizationId}`;
    const list = (await (await fetch(`${base}${org}/invoices/filter?q=4242`, { headers })).json()) as {
      data: Array<{ id: number }>;
    };
    const orderId = list.data[0]!.id;

    const get = (path: string): autocannon.Request => ({ method: 'GET', path, headers });
    const scenarios: Scenario[] = [
      { name: 'order list', requests: [get(`${org}/invoices/filter`)] },
      { name: 'order list, q=silva', requests: [get(`${org}/invoices/filter?q=silva`)] },
      { name: 'customers list', requests: [get(`${org}/customers`)] },
      { name: 'order detail', requests: [get(`${org}/invoices/${orderId}`)] },
      {
        name: 'login',
        requests: [
          {
            method: 'POST' as const,
            path: '/api/login',
            headers: { 'content-type': 'application/json' },
            body: loginBody,
          },
        ],
      },
      {
        // A screen's worth of reads: the list, a search, an order, the customers.
        name: 'mixed',
        requests: [
          get(`${org}/invoices/filter`),
          get(`${org}/invoices/${orderId}`),
          get(`${org}/invoices/filter?q=silva`),
          get(`${org}/customers?skip=20`),
          get(`${org}/invoices/${orderId}`),
        ],
      },
    ].filter((s) => !only || only.includes(s.name) || only.some((o) => s.name.startsWith(o)));

    const rows: Row[] = [];
    for (const s of scenarios) {
      for (const connections of connectionCounts) {
        // A short warm-up so the first figures do not include JIT and the pool's first connections.
        await autocannon({ url: base, connections, duration: 1, requests: s.requests });
        const r = await autocannon({ url: base, connections, duration: seconds, requests: s.requests });
        const row: Row = {
          db: kind,
          scenario: s.name,
          connections,
          rps: Math.round(r.requests.average),
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.timeouts + r.non2xx,
          rss: rssMb(child.pid!),
        };
        rows.push(row);
        console.log(
          `${kind.padEnd(8)} ${s.name.padEnd(20)} c=${String(connections).padEnd(3)} ${String(row.rps).padStart(6)} req/s  p50 ${String(row.p50).padStart(5)} ms  p99 ${String(row.p99).padStart(5)} ms  errors ${row.errors}  RSS ${row.rss} MB`,
        );
      }
    }
    return rows;
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const all: Row[] = [];
for (const kind of databaseKinds()) all.push(...(await bench(kind)));
console.log(
  `\n${seconds} s per line after 1 s of warm-up; load average now: ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
);
console.log(
  '\n| database | scenario | connections | req/s | p50 ms | p99 ms | errors | server RSS MB |\n|---|---|---|---|---|---|---|---|',
);
for (const r of all) {
  console.log(
    `| ${r.db} | ${r.scenario} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.rss} |`,
  );
}
