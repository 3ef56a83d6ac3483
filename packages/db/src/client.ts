import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataDir } from './lock.ts';
import { parseServerList, ServerChoice } from './servers.ts';

export type Schema = typeof schema;
/** The one database type every query function takes: the same for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a script of several statements (migrations). */
  exec(sqlText: string): Promise<void>;
  /** Runs fn in one transaction on one connection, with raw multi-statement access. */
  rawTransaction<R>(fn: (raw: RawClient) => Promise<R>): Promise<R>;
  close(): Promise<void>;
  /** The PGlite instance, when embedded (used to dump a migrated template in tests). */
  pglite?: PGlite;
  /**
   * Embedded only: runs fn with PGlite to itself, no statement of the app running meanwhile and none
   * half-way through a transaction (the backup copies the data files in there).
   */
  alone?<R>(fn: (pglite: PGlite) => Promise<R>): Promise<R>;
  /** The changes the database announces (to users and organizations' features), heard by this process. */
  announcements: Announcements;
}

/** The channel a change to a user or to an organization's features is announced on (see the migration). */
export const AUTH_CHANNEL = 'auth_changed';

/**
 * What the database announces on AUTH_CHANNEL, heard by every pooled connection: each one listens from the
 * moment it opens, before its first statement, so at any time when some connection is open, every
 * announcement reaches this process (a connection in a transaction hears it when the transaction ends).
 */
export interface Announcements {
  /** True while some connection listens: what was read since then and not announced since is current. */
  readonly listening: boolean;
  /**
   * fn hears each payload, and null when no connection listens any more (announcements may be missed).
   * Returns what stops it.
   */
  subscribe(fn: (payload: string | null) => void): () => void;
}

export interface RawClient {
  exec(sqlText: string): Promise<void>;
  query<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

export const pgliteExtensions = { btree_gin, pg_trgm, unaccent };

export interface OpenOptions {
  /** postgres://… switches to a PostgreSQL server. */
  databaseUrl?: string;
  /** Directory for the embedded database. */
  dataDir?: string;
  /** A tarball made by dumpDataDir(): starts an in-memory PGlite from it (tests). */
  loadDataDir?: Blob;
  poolMax?: number;
  /** The embedded database's page cache (PostgreSQL's shared_buffers, e.g. '32MB'); default PGLITE_SHARED_BUFFERS. */
  sharedBuffers?: string;
  /** Errors of idle pooled connections (PostgreSQL); default: a line on stderr. */
  onPoolError?: (err: Error) => void;
}

/**
 * The embedded database's page cache. PostgreSQL's own default (128 MB) is taken whole when the
 * database starts, so it was most of an idle server's memory; a shop on the embedded database has
 * its hot pages (recent orders, the indexes' upper levels) well inside 32 MB, and a page read again
 * comes from the operating system's file cache, which holds the data files anyway.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';
/** A size PostgreSQL accepts for shared_buffers, in kB, MB or GB. */
export const SHARED_BUFFERS_PATTERN = /^[1-9]\d*(kB|MB|GB)$/;

/**
 * PGlite's start options with a page cache of the given size. PGlite replaces its whole list of start
 * parameters when given one, so the setting goes after its own defaults; a release without that list
 * (none known) keeps PostgreSQL's default cache rather than start without them (a test checks the size).
 */
function pgliteStartParams(sharedBuffers: string): { startParams?: string[] } {
  if (!SHARED_BUFFERS_PATTERN.test(sharedBuffers)) throw new Error(`shared_buffers inválido: ${sharedBuffers}`);
  const defaults = (PGlite as unknown as { defaultStartParams?: unknown }).defaultStartParams;
  if (!Array.isArray(defaults)) return {};
  return { startParams: [...(defaults as string[]), '-c', `shared_buffers=${sharedBuffers}`] };
}

/** How long opening a connection to PostgreSQL may take before the request fails (and answers 503). */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * Connections that give up opening after CONNECT_TIMEOUT_MS. Set on the client, not on the pool: the
 * pool's own option would also limit how long a request waits for a free connection, and a busy
 * server must queue requests, not fail them.
 */
class TimedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === 'string' ? { connectionString: config } : config),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Notices a peer that vanished (failover, cable) on connections kept open.
      keepAlive: true,
    });
  }
}

const defaultPoolError = (err: Error) => console.error(`erro de conexão com o PostgreSQL: ${err.message}`);
/** See the pool's 'connect' listener: the request that holds the connection reports the failure. */
const ignoreInUseError = () => {};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // When the server goes away (restart, failover) requests fail fast, broken connections leave the
    // pool (pg-pool drops a client released with an error or no longer queryable) and new ones are
    // opened when it is back: no restart of the app is needed.
    const heard = announcer();
    // Several servers (a primary and its standbys): each connection goes to the one taking writes.
    const servers = parseServerList(opts.databaseUrl);
    const choice = servers && new ServerChoice(servers, { connectionString: servers.connectionString }, TimedClient);
    const pool = new pg.Pool({
      onConnect: heard.onConnect,
      connectionString: servers?.connectionString ?? opts.databaseUrl,
      max: opts.poolMax ?? 10,
      Client: choice ? choice.connectionClass() : TimedClient,
      // No JIT compilation: the reports' queries are short, and their row estimates (a month series
      // joined to the orders) cross JIT's cost threshold, which then spent 200 ms compiling a
      // 50 ms query. A DATABASE_URL that sets options itself keeps its own.
      options: '-c jit=off',
    });
    // numeric and bigint arrive as strings by default; counts are safe as numbers here.
    // An idle connection that breaks (server restart, network) is replaced by the pool; say so.
    pool.on('error', (err) => (opts.onPoolError ?? defaultPoolError)(err));
    // A connection in use by a request, between two of its statements (waiting on a file, a hash),
    // when the server goes away: pg emits 'error' on it, and pg-pool listens only on idle ones, so that
    // error, unheard, ended the whole process (every request then refused). Heard here, it changes
    // nothing else: the request's next statement fails ('not queryable', a 503) and the broken
    // connection leaves the pool when released.
    pool.on('connect', (client) => client.on('error', ignoreInUseError));
    pool.on('remove', heard.removed);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      exec: async (text) => {
        await pool.query(text);
      },
      rawTransaction: (fn) => rawTransaction(pool, fn),
      announcements: heard.announcements,
      close: () => {
        choice?.close();
        return pool.end();
      },
    };
  }
  // Owner-only: the database's files are nobody else's business on a shared machine.
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(opts.dataDir ?? 'memory://', {
      extensions: pgliteExtensions,
      ...pgliteStartParams(opts.sharedBuffers ?? PGLITE_SHARED_BUFFERS),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
  } catch (err) {
    unlock();
    throw err;
  }
  if (opts.dataDir) ownerOnly(opts.dataDir);
  const heard = announcer();
  const pool = pglitePool(client, heard.onConnect);
  pool.on('remove', heard.removed);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    exec: async (text) => {
      await pool.query(text);
    },
    rawTransaction: (fn) => rawTransaction(pool, fn),
    announcements: heard.announcements,
    alone: (fn) => holding(pool, () => fn(client)),
    close: async () => {
      await pool.end();
      await client.close();
      if (opts.dataDir) ownerOnly(opts.dataDir);
      unlock();
    },
  };
}

/**
 * The app reaches PGlite through node-postgres, as it reaches a PostgreSQL server, over PGlite's own
 * bridge (`createPgConfig`: node-postgres' protocol messages handed to the embedded database), so named
 * prepared statements are kept and not planned again. Against drizzle's PGlite driver, on 100,000 orders
 * over HTTP: the order list 247 → 547 requests/s at 16 connections, an order's detail 203 → 1,039 (and
 * 5 → 1 ms at one connection). PGlite is one session, so the pool holds one connection: a transaction
 * has it to itself and every other statement waits for it, and all the app's statements go through this
 * pool (never straight to PGlite, which would land inside another caller's transaction). The connection
 * stays open while idle.
 */
function pglitePool(client: PGlite, onConnect: (client: pg.ClientBase) => Promise<void>): pg.Pool {
  const config = createPgConfig(client);
  const connection = config.connection;
  // node-postgres hands the bridge its query's type parsers (an object) where the protocol's parameter
  // types (an array of type ids) go; the bridge then fails before sending. Only an array is passed on.
  const parse = connection.parse.bind(connection);
  connection.parse = (query: { types?: unknown }) =>
    parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined });
  const pool = new pg.Pool({ ...(config as unknown as pg.PoolConfig), max: 1, idleTimeoutMillis: 0, onConnect });
  pool.on('error', (err) => console.error(`erro do banco embutido: ${err.message}`));
  // node-postgres' pool closes a connection whose statement failed (a unique violation too) and opens
  // another; the bridge has only the one, and the old one's closing would reach the new one. A failed
  // statement leaves the session ready for the next (its error answer ends with ReadyForQuery), so the
  // connection is kept.
  pool.query = ((text: string | pg.QueryConfig, values?: unknown[]) =>
    holding(pool, (conn) => conn.query(text, values))) as typeof pool.query;
  return pool;
}

/** fn with one of the pool's connections to itself; the connection goes back to the pool as it was. */
async function holding<R>(pool: pg.Pool, fn: (conn: pg.PoolClient) => Promise<R>): Promise<R> {
  const conn = await pool.connect();
  try {
    return await fn(conn);
  } finally {
    conn.release();
  }
}

/**
 * Announcements heard on a pool's connections: the pool runs `onConnect` on each new connection before
 * handing it out (so it listens before its first statement) and `pool.on('remove', removed)`. A
 * connection stops counting as listening when it ends, whether or not the pool has let it go yet (a
 * request may hold a dead one a while).
 */
function announcer() {
  const subscribers = new Set<(payload: string | null) => void>();
  const tell = (payload: string | null) => subscribers.forEach((fn) => fn(payload));
  const listening = new Set<pg.ClientBase>();
  const removed = new WeakSet<pg.ClientBase>();
  /** When the server the connections listen on started: another start is another server (restart, failover). */
  let listenedOn: string | undefined;
  const announcements: Announcements = {
    get listening() {
      return listening.size > 0;
    },
    subscribe: (fn) => {
      subscribers.add(fn);
      return () => void subscribers.delete(fn);
    },
  };
  const removedClient = (client: pg.ClientBase) => {
    removed.add(client);
    if (listening.delete(client) && listening.size === 0) tell(null);
  };
  return {
    announcements,
    onConnect: async (client: pg.ClientBase) => {
      client.on('notification', (message) => {
        if (message.channel === AUTH_CHANNEL) tell(message.payload ?? '');
      });
      client.once('end', () => removedClient(client));
      try {
        await client.query(`LISTEN ${AUTH_CHANNEL}`);
        const { rows } = await client.query<{ started: string }>('SELECT pg_postmaster_start_time()::text AS started');
        if (removed.has(client)) return;
        const server = rows[0]!.started;
        if (listenedOn !== undefined && server !== listenedOn) {
          // Another server than the one listened on: what that one announced last may never arrive, and
          // what this one announced before now was not heard. Connections still counted on the other
          // one (ended without the pool noticing yet) hear nothing from this one.
          listening.clear();
          tell(null);
        }
        listenedOn = server;
        listening.add(client);
      } catch {
        // Not listening: what this connection is handed out for fails the same way (it is broken).
      }
    },
    removed: removedClient,
  };
}

/** BEGIN, fn with raw access to the transaction's connection, COMMIT (ROLLBACK when fn throws). */
async function rawTransaction<R>(pool: pg.Pool, fn: (raw: RawClient) => Promise<R>): Promise<R> {
  const conn = await pool.connect();
  try {
    await conn.query('BEGIN');
    const result = await fn({
      exec: async (text) => {
        await conn.query(text);
      },
      query: async <T>(text: string, params?: unknown[]) => (await conn.query(text, params)).rows as T[],
    });
    await conn.query('COMMIT');
    return result;
  } catch (err) {
    await conn.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    conn.release();
  }
}

/**
 * PGlite writes its files readable and writable by everyone (0666) whatever the umask; its directories
 * do follow the umask (0700 under the server's), so others cannot reach them, and this takes the
 * group and other bits off the files as well, on open and on close.
 */
function ownerOnly(path: string) {
  const st = lstatSync(path);
  if (st.isSymbolicLink()) return;
  if (st.mode & 0o077) chmodSync(path, st.mode & 0o700);
  if (st.isDirectory()) for (const name of readdirSync(path)) ownerOnly(join(path, name));
}
