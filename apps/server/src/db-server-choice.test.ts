import { connect, createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@ordem-certa/db';
import { startCluster, type Cluster } from '@ordem-certa/test-support/postgres-cluster';
import { isDatabaseUnavailable } from './lib/errors.ts';

// DATABASE_URL naming two servers, each one made read-only or writable at will (as a failover manager
// does to the node it demotes and the one it promotes), without a manager: which server the connections
// go to, what a request sees while they change, and what the announcements tell the caches.
const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * A loopback relay to a server that can stop relaying: the app's connections through it stay open and
 * nothing comes back, as from a machine that stopped (no reset, no end of connection).
 */
async function relay(port: number) {
  const pairs = new Set<[Socket, Socket]>();
  let frozen = false;
  const server = createServer((inbound) => {
    inbound.on('error', () => {});
    if (frozen) return void pairs.add([inbound, inbound]);
    const outbound = connect(port, '127.0.0.1');
    outbound.on('error', () => inbound.destroy());
    const pair: [Socket, Socket] = [inbound, outbound];
    pairs.add(pair);
    inbound.pipe(outbound).pipe(inbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
      pairs.delete(pair);
    };
    inbound.on('close', end);
    outbound.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    freeze() {
      frozen = true;
      for (const [inbound, outbound] of pairs) {
        inbound.unpipe();
        outbound.unpipe();
        inbound.pause();
        outbound.pause();
      }
    },
    close() {
      for (const [inbound, outbound] of pairs) {
        inbound.destroy();
        outbound.destroy();
      }
      server.close();
    },
  };
}

const portOf = (cluster: Cluster) => Number(new URL(cluster.url('postgres')).port);
const listUrl = (...ports: number[]) =>
  `postgres://postgres@${ports.map((p) => `127.0.0.1:${p}`).join(',')}/postgres?target_session_attrs=read-write`;

/** Sets the server read-only (or writable) for every session, and waits until a new session sees it. */
async function setReadOnly(cluster: Cluster, on: boolean) {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query('SET default_transaction_read_only = off');
  await admin.query(`ALTER SYSTEM SET default_transaction_read_only = ${on ? 'on' : 'off'}`);
  await admin.query('SELECT pg_reload_conf()');
  await admin.end();
  for (let i = 0; i < 100; i++) {
    const probe = new pg.Client({ connectionString: cluster.url('postgres') });
    await probe.connect();
    const { rows } = await probe.query<{ ro: string }>("SELECT current_setting('transaction_read_only') AS ro");
    await probe.end();
    if (rows[0]!.ro === (on ? 'on' : 'off')) return;
    await sleep(50);
  }
  throw new Error('the setting did not apply');
}

/** Writes one row; which server took it, or the error. */
async function write(database: Database): Promise<{ port: number } | { error: unknown }> {
  try {
    const [row] = await database.rawTransaction((raw) =>
      raw.query<{ port: number }>('INSERT INTO t VALUES (1) RETURNING inet_server_port() AS port'),
    );
    return { port: row!.port };
  } catch (error) {
    return { error };
  }
}

describe.runIf(onPostgres)('DATABASE_URL with two servers', () => {
  const clusters: Cluster[] = [];
  let a: Cluster;
  let b: Cluster;
  const opened: Database[] = [];
  const open = async (url: string) => {
    const database = await openDatabase({ databaseUrl: url, poolMax: 2, onPoolError: () => {} });
    opened.push(database);
    return database;
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([startCluster(), startCluster()]);
    clusters.push(a!, b!);
    for (const c of clusters) {
      const admin = new pg.Client({ connectionString: c.url('postgres') });
      await admin.connect();
      await admin.query('CREATE TABLE t (n int)');
      await admin.end();
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close().catch(() => {})));
    clusters.forEach((c) => c.stop());
  });

  it('connects to the one taking writes, wherever it is in the list; none taking writes is an outage', async () => {
    await setReadOnly(a, true);
    await setReadOnly(b, false);
    expect(await write(await open(listUrl(portOf(a), portOf(b))))).toEqual({ port: portOf(b) });
    expect(await write(await open(listUrl(portOf(b), portOf(a))))).toEqual({ port: portOf(b) });

    await setReadOnly(b, true);
    const none = await write(await open(listUrl(portOf(a), portOf(b))));
    expect('error' in none && isDatabaseUnavailable(none.error)).toBe(true);
    expect(String((none as { error: unknown }).error)).toContain('nenhum servidor PostgreSQL da lista aceita escritas');
  });

  it('a server that stops taking writes is left for the other; the caches are told, then hear the new one', async () => {
    await setReadOnly(a, false);
    await setReadOnly(b, true);
    const database = await open(listUrl(portOf(a), portOf(b)));
    const heard: (string | null)[] = [];
    database.announcements.subscribe((payload) => heard.push(payload));
    // A request holding a connection to a through the switch (it would hear nothing from b), and an
    // idle one to a in the pool.
    let letGo!: () => void;
    const held = database
      .rawTransaction(() => new Promise<void>((resolve) => (letGo = resolve)))
      .catch((err: unknown) => err);
    expect(await write(database)).toEqual({ port: portOf(a) });
    expect(database.announcements.listening).toBe(true);

    // The switch: a demoted, the other promoted. The pooled connections to a are still open.
    await setReadOnly(b, false);
    await setReadOnly(a, true);
    const outcomes: ({ port: number } | { error: unknown })[] = [];
    for (let i = 0; i < 200 && !outcomes.some((o) => 'port' in o && o.port === portOf(b)); i++) {
      outcomes.push(await write(database));
      await sleep(20);
    }
    // Each write was taken by a server taking writes, or failed as an outage (a 503), nothing else.
    for (const o of outcomes) if ('error' in o) expect(isDatabaseUnavailable(o.error), String(o.error)).toBe(true);
    // The first write refused as read-only (25006) leaves a: the next goes to b.
    expect(outcomes.filter((o) => 'error' in o).length).toBeLessThanOrEqual(1);
    expect(outcomes.at(-1)).toEqual({ port: portOf(b) });
    expect(await write(database)).toEqual({ port: portOf(b) });

    // What was kept while listening on a may be older than what b announced before the app listened
    // there: told, while that request still holds its connection to a.
    expect(heard).toContain(null);
    expect(database.announcements.listening).toBe(true);
    letGo();
    expect(isDatabaseUnavailable(await held)).toBe(true);
    const admin = new pg.Client({ connectionString: b.url('postgres') });
    await admin.connect();
    await admin.query("NOTIFY auth_changed, 'u42'");
    await admin.end();
    for (let i = 0; i < 100 && !heard.includes('u42'); i++) await sleep(50);
    expect(heard).toContain('u42');
  });

  it('a server that stops answering: the requests waiting on it fail as an outage and the next go to the other', async () => {
    await setReadOnly(a, false);
    await setReadOnly(b, true);
    const toA = await relay(portOf(a));
    try {
      const database = await open(listUrl(toA.port, portOf(b)));
      expect(await write(database)).toEqual({ port: portOf(a) });

      toA.freeze();
      await setReadOnly(b, false);
      // Sent on a pooled connection to a, whose machine no longer answers: without the watch it waits
      // for TCP to give up (minutes).
      const waiting = write(database);
      const outcome = await Promise.race([waiting, sleep(30_000).then(() => 'still waiting' as const)]);
      expect(outcome !== 'still waiting' && 'error' in outcome && isDatabaseUnavailable(outcome.error)).toBe(true);
      expect(await write(database)).toEqual({ port: portOf(b) });
    } finally {
      toA.close();
    }
  }, 60_000);
});
