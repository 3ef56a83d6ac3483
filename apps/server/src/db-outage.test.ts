import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '@ordem-certa/test-support/postgres-cluster';
import { startServerProcess, type ServerProcess } from '@ordem-certa/test-support/server-process';
import { startCustomerWriters } from '../test/customer-writers.ts';

// A PostgreSQL server that stops (restart, failover) and comes back, under writers: while it is down
// every request answers 503 within 5 s with the pt-BR message, /api/health says 503, and once it is
// back the same server process answers again; every write acknowledged with a 2xx is in the database.
// Its own cluster: stopping the shared one would fail every other test file.
const onPostgres = process.env.TEST_DB === 'postgres';
const UNAVAILABLE = 'Serviço temporariamente indisponível; tente novamente em instantes';

let cluster: Cluster;
let server: ServerProcess;
let dataDir: string;
let token: string;

beforeAll(async () => {
  if (!onPostgres) return;
  cluster = await startCluster();
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE oficina');
  await admin.end();
  dataDir = mkdtempSync(join(tmpdir(), 'oficina-outage-'));
  server = await startServerProcess({
    DATABASE_URL: cluster.url('oficina'),
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    DATABASE_POOL_MAX: '4',
    REMINDER_JOB_INTERVAL_MS: '500',
  });
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.com.br', password: 'demo1234' }),
  });
  token = ((await login.json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  if (!onPostgres) return;
  await server?.stop();
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('PostgreSQL stops and starts again under 4 writers', () => {
  it(
    '503 within 5 s while down, health 503, recovery without restart, no acknowledged write lost',
    {
      timeout: 180_000,
    },
    async ({ onTestFailed }) => {
      // What the server said (and whether it exited) explains a failure here better than the fetch does.
      onTestFailed(() =>
        console.error(
          `server exit code ${server.process.exitCode}; its last output:\n${server.output().slice(-10_000)}`,
        ),
      );
      const writers = startCustomerWriters(server.url, token, { writers: 4, timeoutMs: 15_000 });
      const { attempts } = writers;
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

      await sleep(1500);
      cluster.halt();
      const downFrom = Date.now();
      await sleep(5000);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      const otherRead = await fetch(`${server.url}/api/organizations/1/customers`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(otherRead.status).toBe(503);
      expect(((await otherRead.json()) as { errors: string[] }).errors).toEqual([UNAVAILABLE]);
      const loginWhileDown = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin@demo.com.br', password: 'demo1234' }),
      });
      expect(loginWhileDown.status).toBe(503);
      const downUntil = Date.now();
      cluster.resume();
      const upAt = Date.now();

      // The same process answers again on its own.
      let recovered = false;
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
        if (attempts.some((a) => a.startedAt > upAt && a.status === 201)) {
          recovered = true;
          break;
        }
      }
      expect(recovered).toBe(true);
      await sleep(1500);
      await writers.stop();
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(server.process.exitCode).toBeNull();

      const whileDown = attempts.filter((a) => a.startedAt >= downFrom && a.startedAt + a.ms <= downUntil);
      expect(whileDown.length).toBeGreaterThan(10);
      for (const a of whileDown) {
        expect(a.status, JSON.stringify(a)).toBe(503);
        expect(a.errors).toEqual([UNAVAILABLE]);
        expect(a.ms).toBeLessThan(5000);
      }
      // Around the stop and the start a request may fail (503) but never otherwise.
      for (const a of attempts) expect([201, 503], JSON.stringify(a)).toContain(a.status);
      for (const a of attempts.filter((x) => x.status === 503)) expect(a.ms, JSON.stringify(a)).toBeLessThan(5000);

      const acknowledged = attempts.filter((a) => a.status === 201).map((a) => a.name);
      expect(acknowledged.length).toBeGreaterThan(4);
      const client = new pg.Client({ connectionString: cluster.url('oficina') });
      await client.connect();
      const { rows } = await client.query<{ name: string }>(
        "SELECT name FROM customers WHERE organization_id = 1 AND name LIKE 'Cliente %-%'",
      );
      await client.end();
      const stored = new Set(rows.map((r) => r.name));
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    },
  );
});
