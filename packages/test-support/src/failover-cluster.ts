import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from './postgres-cluster.ts';

/**
 * A PostgreSQL primary and its synchronous standby run by pg_auto_failover (its monitor and a keeper
 * per node), in a temp dir on loopback ports, for the failover test. Durable like production: fsync and
 * synchronous_commit stay on; only the caches are small and the monitor's timings short (below).
 */
export interface FailoverCluster {
  nodes: [FailoverNode, FailoverNode];
  /** The manager's connection string (`pg_autoctl show uri --formation default`), as the superuser. */
  url(database: string): string;
  /** The nodes as the monitor sees them. */
  states(): Promise<NodeState[]>;
  /** Waits until the monitor has node as the primary and the node takes writes; fails after timeoutMs. */
  waitForPrimary(node: FailoverNode, timeoutMs: number): Promise<void>;
  /** The node's machine dies: its keeper and its PostgreSQL are killed at once (SIGKILL), nothing shuts down. */
  fail(node: FailoverNode): void;
  /** What the monitor and the keepers printed, for a failure's message. */
  output(): string;
  stop(): void;
}

export interface FailoverNode {
  name: string;
  port: number;
  /** This node alone, as the superuser. */
  url(database: string): string;
}

export interface NodeState {
  name: string;
  reported: string;
  goal: string;
}

const PG_AUTOCTL = '/usr/bin/pg_autoctl';

/**
 * The monitor checks each node every second and takes a primary that refuses connections for dead after
 * two more tries (a killed one refuses at once, so the generous timeout of a check costs nothing there
 * and keeps a standby slowed by a busy machine from counting as unhealthy), then promotes its standby
 * 5 s after asking the primary to step down: about 8 s in all.
 */
const MONITOR_SETTINGS = {
  'pgautofailover.health_check_period': '1000',
  'pgautofailover.health_check_timeout': '5000',
  'pgautofailover.health_check_max_retries': '2',
  'pgautofailover.health_check_retry_delay': '500',
  'pgautofailover.node_considered_unhealthy_timeout': '2000',
  // Above the keepers' network_partition_timeout: a primary cut off from the monitor stops itself before
  // its standby is promoted (the same order as the defaults, 20 s and 30 s).
  'pgautofailover.primary_demote_timeout': '5000',
  'pgautofailover.startup_grace_period': '1000',
};
const NETWORK_PARTITION_TIMEOUT_S = '3';
const NODE_SETTINGS = { shared_buffers: '16MB', max_connections: '60', max_wal_size: '256MB' };

/**
 * pg_ctl of the PostgreSQL version pg_auto_failover's extension was built for (Debian's package is per
 * version, postgresql-15-auto-failover), or undefined when it is not installed.
 */
export function failoverPgCtl(): string | undefined {
  if (!existsSync(PG_AUTOCTL)) return undefined;
  const root = '/usr/lib/postgresql';
  const version = existsSync(root)
    ? readdirSync(root).find((v) => existsSync(join(root, v, 'lib', 'pgautofailover.so')))
    : undefined;
  return version ? join(root, version, 'bin', 'pg_ctl') : undefined;
}

export async function startFailoverCluster(): Promise<FailoverCluster> {
  const pgCtl = failoverPgCtl();
  if (!pgCtl) throw new Error('pg_auto_failover not found: apt-get install postgresql-15-auto-failover');
  const dir = mkdtempSync(join(tmpdir(), 'oficina-failover-'));
  chmodSync(dir, 0o777);
  // pg_autoctl keeps its configuration and state under XDG directories: this cluster's own.
  const env = [`XDG_CONFIG_HOME=${dir}/config`, `XDG_DATA_HOME=${dir}/share`, `XDG_RUNTIME_DIR=${dir}/run`];
  // PostgreSQL and pg_autoctl refuse to run as root: as the postgres user then (its superuser's name).
  const superuser = process.getuid?.() === 0 ? 'postgres' : userInfo().username;
  const command = (args: string[]) =>
    process.getuid?.() === 0
      ? ['runuser', ['-u', 'postgres', '--', 'env', ...env, PG_AUTOCTL, ...args]]
      : ['env', [...env, PG_AUTOCTL, ...args]];
  const autoctl = (args: string[]) => {
    const [cmd, argv] = command(args) as [string, string[]];
    return execFileSync(cmd, argv, { stdio: 'pipe', encoding: 'utf8', timeout: 120_000 });
  };
  let out = '';
  const running: ChildProcess[] = [];
  const run = (name: string, args: string[]) => {
    const [cmd, argv] = command(args) as [string, string[]];
    // Its own process group: the keeper, its PostgreSQL and the backends die together (see fail).
    const child = spawn(cmd, argv, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (d: Buffer) => (out = (out + String(d).replace(/^(?=.)/gm, `[${name}] `)).slice(-200_000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    running.push(child);
    return child;
  };
  const killGroup = (child: ChildProcess) => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const common = ['--hostname', '127.0.0.1', '--listen', '127.0.0.1', '--auth', 'trust', '--no-ssl'];
  const ssl = ['--ssl-mode', 'disable', '--pgctl', pgCtl];
  const settle = (pgdata: string, settings: Record<string, string>) =>
    appendFileSync(
      join(pgdata, 'postgresql.auto.conf'),
      Object.entries(settings)
        .map(([k, v]) => `${k} = '${v}'\n`)
        .join(''),
    );

  const stop = () => {
    running.forEach(killGroup);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [monitorPort, ...nodePorts] = await Promise.all([listenPort(), listenPort(), listenPort()]);
    const monitorData = join(dir, 'monitor');
    autoctl(['create', 'monitor', '--pgdata', monitorData, '--pgport', String(monitorPort), ...common, ...ssl]);
    settle(monitorData, { ...MONITOR_SETTINGS, shared_buffers: '16MB' });
    run('monitor', ['run', '--pgdata', monitorData]);
    const monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
    const monitorAdmin = `postgres://${superuser}@127.0.0.1:${monitorPort}/pg_auto_failover`;
    await waitUntil(120_000, 'the monitor answers', async () => (await ask(monitorAdmin, 'SELECT 1')) !== undefined);

    const nodes = nodePorts.map((port, i) => ({
      name: `node${i + 1}`,
      port: port!,
      pgdata: join(dir, `node${i + 1}`),
      url: (database: string) => `postgres://${superuser}@127.0.0.1:${port}/${database}`,
    })) as [FailoverNode & { pgdata: string }, FailoverNode & { pgdata: string }];
    const keepers = new Map<string, ChildProcess>();
    const nodeArgs = (n: (typeof nodes)[number]) => [
      'create',
      'postgres',
      '--pgdata',
      n.pgdata,
      '--pgport',
      String(n.port),
      '--name',
      n.name,
      '--monitor',
      monitorUrl,
      ...common,
      ...ssl,
    ];
    const states = async (): Promise<NodeState[]> =>
      (await ask<NodeState>(
        monitorAdmin,
        'SELECT nodename AS name, reportedstate::text AS reported, goalstate::text AS goal FROM pgautofailover.node ORDER BY nodeid',
      )) ?? [];
    const inState = async (wanted: Record<string, string>) => {
      const now = await states();
      return Object.entries(wanted).every(([name, state]) =>
        now.some((s) => s.name === name && s.reported === state && s.goal === state),
      );
    };

    // The first node initializes the data and becomes the primary; the second is copied from it.
    autoctl(nodeArgs(nodes[0]));
    settle(nodes[0].pgdata, NODE_SETTINGS);
    autoctl([
      'config',
      'set',
      '--pgdata',
      nodes[0].pgdata,
      'timeout.network_partition_timeout',
      NETWORK_PARTITION_TIMEOUT_S,
    ]);
    keepers.set(nodes[0].name, run(nodes[0].name, ['run', '--pgdata', nodes[0].pgdata]));
    await waitUntil(60_000, 'node1 single', () => inState({ node1: 'single' }));
    autoctl(nodeArgs(nodes[1]));
    autoctl([
      'config',
      'set',
      '--pgdata',
      nodes[1].pgdata,
      'timeout.network_partition_timeout',
      NETWORK_PARTITION_TIMEOUT_S,
    ]);
    keepers.set(nodes[1].name, run(nodes[1].name, ['run', '--pgdata', nodes[1].pgdata]));
    await waitUntil(120_000, 'node1 primary and node2 its secondary', () =>
      inState({ node1: 'primary', node2: 'secondary' }),
    );

    const uri = autoctl(['show', 'uri', '--pgdata', monitorData, '--formation', 'default']).trim();
    return {
      nodes: nodes.map(({ name, port, url }) => ({ name, port, url })) as [FailoverNode, FailoverNode],
      url: (database) => uri.replace('postgres://', `postgres://${superuser}@`).replace('/postgres?', `/${database}?`),
      states,
      waitForPrimary: (node, timeoutMs) =>
        waitUntil(timeoutMs, `${node.name} primary`, async () => {
          const now = (await states()).find((s) => s.name === node.name);
          if (!now || !['wait_primary', 'primary'].includes(now.reported)) return false;
          const [row] =
            (await ask<{ ro: string }>(
              node.url('postgres'),
              "SELECT current_setting('transaction_read_only') AS ro",
            )) ?? [];
          return row?.ro === 'off';
        }),
      fail: (node) => killGroup(keepers.get(node.name)!),
      output: () => out,
      stop,
    };
  } catch (err) {
    const message = `${err instanceof Error ? err.message : String(err)}\n${out.slice(-20_000)}`;
    stop();
    throw new Error(`pg_auto_failover cluster did not start: ${message}`, { cause: err });
  }
}

/** The rows of one statement on a new connection, or undefined when the server does not answer. */
async function ask<T>(url: string, text: string): Promise<T[] | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query(text);
    return rows as T[];
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Waits until ok() holds, asking every 100 ms; fails after timeoutMs naming what it waited for. */
export async function waitUntil(timeoutMs: number, what: string, ok: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * A free loopback port below the ephemeral range. The kernel takes source ports of outgoing connections
 * from that range, and a keeper's short connections to the monitor once took the port picked for the
 * standby between the pick and its start (it then failed to listen, 'Address already in use').
 */
async function listenPort(): Promise<number> {
  const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  if (!(low > 12_000)) return freePort();
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (low - 10_000));
    if (await canListen(port)) return port;
  }
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
