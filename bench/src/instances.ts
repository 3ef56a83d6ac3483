// Order-list throughput with one and with two app instances on one PostgreSQL (loopback).
// Run: node --import tsx bench/src/instances.ts [seconds]   (npm run bench instances)
//
// A throwaway PostgreSQL cluster gets an organization of 20,000 orders; the real server process
// (apps/server/src/main.ts) serves GET /api/organizations/:id/invoices/filter (first page, total
// counted) to autocannon with 10 connections: first all to instance A, then 5 to A and 5 to B at
// once. Everything shares the machine's cores, autocannon included, so the two-instance figure
// says what a second process buys on this machine, not what a second machine would.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { startCluster } from '@ordem-certa/test-support/postgres-cluster';
import { startServerProcess, type ServerProcess } from '@ordem-certa/test-support/server-process';
import { BENCH_PASSWORD, generateOrders } from './generate-orders.ts';
import { migratedDatabase } from './lib.ts';

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: object) => Promise<Result>;

const seconds = Number(process.argv[2] ?? 8);
const cluster = await startCluster();
const dataDir = mkdtempSync(join(tmpdir(), 'oficina-bench-instances-'));
const servers: ServerProcess[] = [];
try {
  const { url, database } = await migratedDatabase(cluster, 'bench');
  const g = await generateOrders(database, { orders: 20_000, customers: 4_000, technicians: 10 });
  await database.close();
  console.log(`${g.orders} orders, ${g.customers} customers generated in ${g.seconds.toFixed(1)} s`);

  const env = { DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: '' };
  servers.push(await startServerProcess(env, 120_000));
  const login = await fetch(`${servers[0]!.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: g.adminEmail, password: BENCH_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const path = `/api/organizations/${g.organizationId}/invoices/filter`;
  const run = (server: ServerProcess, connections: number) =>
    autocannon({
      url: server.url + path,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${token}` },
    });
  // Warm-up (JIT, plans, pool).
  await run(servers[0]!, 4);

  const one = await run(servers[0]!, 10);
  servers.push(await startServerProcess(env, 120_000));
  await run(servers[1]!, 4);
  const both = await Promise.all([run(servers[0]!, 5), run(servers[1]!, 5)]);

  const row = (label: string, rs: Result[]) => {
    const rps = rs.reduce((s, r) => s + r.requests.average, 0);
    const bad = rs.reduce((s, r) => s + r.non2xx + r.errors, 0);
    const p99 = Math.max(...rs.map((r) => r.latency.p99));
    const p50 = rs.reduce((s, r) => s + r.latency.p50, 0) / rs.length;
    return `| ${label} | ${rps.toFixed(0)} | ${p50.toFixed(0)} | ${p99.toFixed(0)} | ${bad} |`;
  };
  console.log(`\n${availableParallelism()} cores, ${seconds} s per run, 10 connections, first page of ${path}`);
  console.log('| instances | req/s | p50 ms | p99 ms | non-2xx + errors |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(row('1', [one]));
  console.log(row('2', both));
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
