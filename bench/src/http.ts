// The API over real HTTP, measured against what this machine can do. The server process (the build
// `npm run serve` runs) runs on a throwaway PostgreSQL cluster and on embedded PGlite, over an organization of
// 100,000 orders, 20,000 customers and (on PostgreSQL) 100,000 estimates, driven by autocannon.
//
// The ceiling comes first: `/api/health/live`, a route that does no work, at 16 connections, measured by
// the same server in the same run. Every other figure is printed as req/s and as a share of that
// ceiling, next to its target, because absolute figures move 3× between machines while the share does not.
// A benchmark, not a test: nothing fails on a missed target; the table says 'yes' or 'NO'.
//
// Run: npm run bench http            or: node --import tsx bench/src/http.ts [postgres|pglite ...]
//   BENCH_SECONDS (5) per line; BENCH_ORDERS, BENCH_CUSTOMERS, BENCH_ESTIMATES the data size;
//   BENCH_SCENARIOS=order,mix picks scenarios whose name starts so; WEB_CONCURRENCY is passed to the server;
//   BENCH_CPU_PROF=/tmp/dir runs the server with --cpu-prof into /tmp/dir/<database>/ (summarize the
//   largest file with bench/src/profile-summary.ts).
// Loopback only; autocannon shares the machine with the server. Check `uptime` first on a shared machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { completeCpf, PersonType } from '@ordem-certa/contracts';
import { migrate, openDatabase } from '@ordem-certa/db';
import { startCluster, type Cluster } from '@ordem-certa/test-support/postgres-cluster';
import { BENCH_PASSWORD, generateOrders } from './generate-orders.ts';
import { generateEstimates } from './generate-estimates.ts';
import { databaseKinds, freePort, serverArgs, sleep, waitForServer } from './setup.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const estimates = Number(process.env.BENCH_ESTIMATES ?? 100_000);
const only = process.env.BENCH_SCENARIOS?.split(',');
const picked = (name: string) => !only || only.some((o) => name.startsWith(o));

/** The resident memory of a process and of its children (the cluster's workers), in MB. */
function rssMb(pid: number): number {
  const own = (p: number) => {
    try {
      return Number(readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // no children file: a single process
  }
  return Math.round(own(pid) + children.reduce((sum, c) => sum + own(c), 0));
}

interface Row {
  db: string;
  scenario: string;
  connections: number;
  rps: number;
  share: number | null;
  p50: number;
  p975: number;
  p99: number;
  errors: number;
  rss: number;
  target: string;
  met: boolean | null;
}

interface Ceiling {
  rps: number;
  p99: number;
}

/** A target on one measured line: its text, and whether the line meets it. */
type Target = [text: string, met: (r: autocannon.Result, c: Ceiling) => boolean];
const share = (min: number): Target => [`≥ ${min * 100}% of ceiling`, (r, c) => r.requests.average >= min * c.rps];
const both = (...targets: Target[]): Target => [
  targets.map((t) => t[0]).join(', '),
  (r, c) => targets.every((t) => t[1](r, c)),
];
const p99Within = (times: number): Target => [`p99 ≤ ${times}× ceiling's`, (r, c) => r.latency.p99 <= times * c.p99];
const p975Under = (ms: number): Target => [`p97.5 ≤ ${ms} ms`, (r) => r.latency.p97_5 <= ms];
const p50Under = (ms: number): Target => [`p50 ≤ ${ms} ms`, (r) => r.latency.p50 <= ms];
const p99Under = (ms: number): Target => [`p99 ≤ ${ms} ms`, (r) => r.latency.p99 <= ms];
const noErrors: Target = ['0 errors', (r) => r.errors + r.timeouts + r.non2xx === 0];

interface Scenario {
  name: string;
  connections: number;
  requests: autocannon.Request[];
  target?: Target;
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
    const e = kind === 'postgres' ? await generateEstimates(database, g.organizationId, estimates) : undefined;
    await database.close();
    console.log(
      `\n### ${kind}: ${g.orders} orders, ${g.customers} customers, ${e?.estimates ?? 0} estimates generated in ${g.seconds + (e?.seconds ?? 0)} s`,
    );

    const port = await freePort();
    const nodeArgs: string[] = [];
    if (process.env.BENCH_CPU_PROF) {
      // One directory per database; node writes one profile per thread (the main one is the largest).
      nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_CPU_PROF, kind)}`);
    }
    child = spawn('node', [...nodeArgs, ...serverArgs()], {
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForServer(`${base}/api/health/live`, (res) => res.ok, 600);
    await sleep(2000); // the start's own work (jobs' first runs) settles before the idle figure
    const idleRss = rssMb(child.pid!);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: g.adminEmail, password: BENCH_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const org = `/api/organizations/${g.organizationId}`;
    const json = async <T>(path: string) => (await (await fetch(`${base}${org}${path}`, { headers })).json()) as T;
    const orderId = (await json<{ data: Array<{ id: number }> }>('/invoices/filter?q=4242')).data[0]!.id;
    const customerId = (await json<{ data: Array<{ id: number }> }>('/customers?skip=1000')).data[0]!.id;
    const reports = (await json<{ data: Array<{ name: string }> }>('/reports')).data;

    const get = (path: string): autocannon.Request => ({ method: 'GET', path: `${org}${path}`, headers });
    let created = 0;
    const createCustomer: autocannon.Request = {
      method: 'POST',
      path: `${org}/customers`,
      headers: { ...headers, 'content-type': 'application/json' },
      // A new person each time: a CPF nobody has (the generator's start at 100,000,000).
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          type: PersonType.Natural,
          name: `Cliente Bench ${++created}`,
          identifier: completeCpf(String(900_000_000 + created)),
          email: null,
          phone: null,
        }),
      }),
    };
    const pg = kind === 'postgres';
    const scenarios: Scenario[] = [
      {
        name: 'ceiling /api/health/live',
        connections: 1,
        requests: [{ method: 'GET' as const, path: '/api/health/live' }],
      },
      {
        name: 'order list',
        connections: 16,
        requests: [get('/invoices/filter')],
        target: pg ? both(share(0.3), p99Within(4)) : share(0.1),
      },
      { name: 'order list', connections: 1, requests: [get('/invoices/filter')] },
      {
        name: 'order list, q=silva',
        connections: 1,
        requests: [get('/invoices/filter?q=silva')],
        target: pg ? p975Under(15) : undefined,
      },
      {
        name: 'order list, q=silva',
        connections: 16,
        requests: [get('/invoices/filter?q=silva')],
        target: pg ? share(0.15) : undefined,
      },
      { name: 'customer list', connections: 16, requests: [get('/customers')], target: pg ? share(0.5) : undefined },
      {
        name: 'order detail',
        connections: 16,
        requests: [get(`/invoices/${orderId}`)],
        target: pg ? share(0.5) : undefined,
      },
      {
        name: 'order detail',
        connections: 1,
        requests: [get(`/invoices/${orderId}`)],
        target: p50Under(pg ? 1 : 2),
      },
      // The owner's dashboard: its figures read the two months' rows through indexes.
      { name: 'dashboard', connections: 1, requests: [get('/dashboard')], target: p975Under(100) },
      ...(pg
        ? [
            {
              name: 'estimate list, status + q',
              connections: 1,
              requests: [get('/estimates?statuses=10&q=silva')],
              target: p975Under(15),
            },
          ]
        : []),
      {
        // The office at work: lists, an order, a customer search and a customer, and now and then a new customer.
        name: 'mix of 50 clients',
        connections: 50,
        requests: [
          get('/invoices/filter'),
          get(`/invoices/${orderId}`),
          get('/customers?q=silva'),
          get(`/customers/${customerId}`),
          get('/invoices/filter?skip=20'),
          get(`/invoices/${orderId}`),
          get('/customers?q=costa'),
          get(`/customers/${customerId}`),
          get('/invoices/filter?q=silva'),
          createCustomer,
        ],
        target: pg ? both(share(0.25), p99Under(100), noErrors) : undefined,
      },
    ].filter((s) => s.name.startsWith('ceiling') || picked(s.name));

    const rows: Row[] = [];
    const print = (row: Row) => {
      rows.push(row);
      console.log(
        `${kind.padEnd(8)} ${row.scenario.padEnd(26)} c=${String(row.connections).padEnd(3)} ${String(row.rps).padStart(6)} req/s ${row.share === null ? '     ' : `${String(row.share).padStart(3)}%`}  p50 ${String(row.p50).padStart(4)}  p97.5 ${String(row.p975).padStart(4)}  p99 ${String(row.p99).padStart(4)} ms  errors ${row.errors}  RSS ${row.rss} MB  ${row.target}${row.met === null ? '' : row.met ? ' yes' : ' NO'}`,
      );
    };
    print({
      db: kind,
      scenario: 'idle, after start',
      connections: 0,
      rps: 0,
      share: null,
      p50: 0,
      p975: 0,
      p99: 0,
      errors: 0,
      rss: idleRss,
      target: kind === 'pglite' ? 'RSS ≤ 250 MB' : '',
      met: kind === 'pglite' ? idleRss <= 250 : null,
    });
    const run = async (s: Scenario) => {
      // A short warm-up so the figures do not include JIT and the pool's first connections.
      await autocannon({ url: base, connections: s.connections, duration: 1, requests: s.requests });
      let peakRss = 0;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(child!.pid!))), 250);
      const r = await autocannon({ url: base, connections: s.connections, duration: seconds, requests: s.requests });
      clearInterval(sampler);
      return { r, peakRss: Math.max(peakRss, rssMb(child!.pid!)) };
    };
    // The ceiling at 16 connections first: the reference of every share.
    const ceilingRun = await run({ ...scenarios[0]!, connections: 16 });
    const ceiling: Ceiling = { rps: ceilingRun.r.requests.average, p99: ceilingRun.r.latency.p99 };
    const rowOf = (s: Scenario, r: autocannon.Result, rss: number, extra?: Target): Row => {
      const target = extra && s.target ? both(s.target, extra) : (s.target ?? extra);
      return {
        db: kind,
        scenario: s.name,
        connections: s.connections,
        rps: Math.round(r.requests.average),
        share: Math.round((100 * r.requests.average) / ceiling.rps),
        p50: r.latency.p50,
        p975: r.latency.p97_5,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
        rss,
        target: target?.[0] ?? '',
        met: target ? target[1](r, ceiling) : null,
      };
    };
    print(rowOf({ ...scenarios[0]!, connections: 16 }, ceilingRun.r, ceilingRun.peakRss));
    for (const s of scenarios) {
      const { r, peakRss } = await run(s);
      const rssTarget: Target | undefined = s.name.startsWith('mix')
        ? ['RSS ≤ 400 MB', () => peakRss <= 400]
        : undefined;
      print(rowOf(s, r, peakRss, rssTarget));
    }

    // Reports: one request at a time, the widest period each accepts (the whole data set), median of 11.
    if (pg && picked('report')) {
      for (const report of reports) {
        const def = await json<{ filters: Array<{ name: string; default?: string }> }>(
          `/reports/${report.name}/filters`,
        );
        const body = JSON.stringify(Object.fromEntries(def.filters.map((f) => [f.name, f.default ?? ''])));
        const times: number[] = [];
        for (let i = 0; i < 12; i++) {
          const t0 = performance.now();
          const res = await fetch(`${base}${org}/reports/${report.name}/data`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body,
          });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`report ${report.name}: ${res.status}`);
          if (i > 0) times.push(performance.now() - t0); // the first one warms up
        }
        times.sort((a, b) => a - b);
        const median = Math.round(times[Math.floor(times.length / 2)]!);
        print({
          db: kind,
          scenario: `report ${report.name}`,
          connections: 1,
          rps: 0,
          share: null,
          p50: median,
          p975: Math.round(times.at(-1)!),
          p99: Math.round(times.at(-1)!),
          errors: 0,
          rss: rssMb(child.pid!),
          target: 'median ≤ 100 ms',
          met: median <= 100,
        });
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
  `\n${seconds} s per line after 1 s of warm-up; WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? '(default)'}; load average now: ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
);
console.log(
  '\n| database | scenario | conn. | req/s | share of ceiling | p50 ms | p97.5 ms | p99 ms | errors | RSS MB | target | met |\n|---|---|---|---|---|---|---|---|---|---|---|---|',
);
for (const r of all) {
  console.log(
    `| ${r.db} | ${r.scenario} | ${r.connections || ''} | ${r.rps || ''} | ${r.share === null ? '' : `${r.share}%`} | ${r.p50} | ${r.p975} | ${r.p99} | ${r.errors} | ${r.rss} | ${r.target} | ${r.met === null ? '' : r.met ? 'yes' : 'NO'} |`,
  );
}
