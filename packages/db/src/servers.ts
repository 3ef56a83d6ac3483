import pg from 'pg';

/** One PostgreSQL server of a DATABASE_URL's list. */
export interface ServerAddress {
  host: string;
  port: number;
}

/**
 * What a server must be for the app to use it (libpq's target_session_attrs of the same names):
 * `read-write` takes writes now (not a standby, not set read-only: a failover manager sets a node it is
 * promoting or demoting read-only for a while), `primary` is not a standby, `any` answers.
 */
export type SessionAttrs = 'any' | 'read-write' | 'primary';

export interface ServerList {
  servers: ServerAddress[];
  attrs: SessionAttrs;
  /** The URL with the first server only and no target_session_attrs: everything but where to connect. */
  connectionString: string;
}

/** node-postgres' error when no server of the list can be used now; SQLSTATE 08001 (unable to connect). */
export class NoServerError extends Error {
  readonly code = '08001';
  constructor(
    list: Pick<ServerList, 'servers' | 'attrs'>,
    readonly errors: unknown[],
  ) {
    const what = list.attrs === 'any' ? 'atende' : 'aceita escritas';
    super(`nenhum servidor PostgreSQL da lista ${what} agora (${list.servers.map(addressText).join(', ')})`);
  }
}

const addressText = (s: ServerAddress) => (s.host.includes(':') ? `[${s.host}]:${s.port}` : `${s.host}:${s.port}`);
const sameServer = (a: ServerAddress, b: ServerAddress) => a.host === b.host && a.port === b.port;

const URL_PARTS = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)([^?#]*)(?:\?([^#]*))?$/;

/**
 * The servers of a DATABASE_URL in libpq's several-host form, `postgres://user:password@db1:5432,db2:5432/
 * ordem?target_session_attrs=read-write` (also what pg_auto_failover's `pg_autoctl show uri` prints).
 * node-postgres connects to one host only, so the list is read here. Undefined when the URL names one
 * server and asks nothing of it: the pool then connects as it always did.
 *
 * Several servers without target_session_attrs mean read-write (libpq would take any that answers; the
 * app writes, so a standby is of no use to it). read-only, standby and prefer-standby are refused.
 */
export function parseServerList(url: string): ServerList | undefined {
  const parts = URL_PARTS.exec(url);
  if (!parts) return undefined;
  const [, scheme, userinfo, hostList, path = '', query = ''] = parts;
  const params = new URLSearchParams(query);
  const asked = params.get('target_session_attrs');
  const hosts = hostList!.split(',');
  if (hosts.length < 2 && asked === null) return undefined;
  if (hosts.some((h) => h === ''))
    throw new Error('DATABASE_URL: cada servidor da lista precisa de um endereço (host ou host:porta)');
  const attrs = asked ?? 'read-write';
  if (attrs !== 'any' && attrs !== 'read-write' && attrs !== 'primary')
    throw new Error(
      `DATABASE_URL: target_session_attrs=${attrs} não serve, o app grava; use read-write (ou primary, any)`,
    );
  params.delete('target_session_attrs');
  const servers = hosts.map(parseHost);
  const rest = params.size ? `?${params}` : '';
  const user = userinfo === undefined ? '' : `${userinfo}@`;
  return {
    servers,
    attrs,
    connectionString: `${scheme}${user}${addressText(servers[0]!)}${path}${rest}`,
  };
}

function parseHost(text: string): ServerAddress {
  const m = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d+))?$/.exec(text);
  const port = Number(m?.[3] ?? pg.defaults.port ?? 5432);
  if (!m || !(port > 0 && port < 65536)) throw new Error(`DATABASE_URL: servidor inválido na lista: "${text}"`);
  return { host: decodeURIComponent(m[1] ?? m[2]!), port };
}

/** Asks a server what it is; the same question each connection of the pool answers before its first use. */
const WHAT_ARE_YOU = `SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only`;

const suits = (attrs: SessionAttrs, row: { recovery: boolean; read_only: string } | undefined) =>
  attrs === 'any' || (!!row && !row.recovery && (attrs === 'primary' || row.read_only === 'off'));

/** How often the server connections go to is asked again whether it is still there and as asked. */
export const WATCH_INTERVAL_MS = 2000;
/** How long that question may go unanswered before the server is taken for gone (a machine that stopped). */
export const WATCH_TIMEOUT_MS = 5000;

type ClientClass = new (config?: string | pg.ClientConfig) => pg.Client;

/**
 * A new connection to server. pg reads host and port when it opens the socket (and for the TLS server
 * name); given in the config they would lose to the connection string's.
 */
function clientFor(Client: ClientClass, config: pg.ClientConfig, server: ServerAddress): pg.Client {
  const client = new Client(config);
  client.host = server.host;
  client.port = server.port;
  // A connection lost while nobody runs a statement on it: told by the next statement, if any.
  client.on('error', () => {});
  return client;
}

/** A connection's socket, to end it at once even when the peer no longer answers. */
const destroy = (client: pg.Client) =>
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();

/** work, or a rejection after ms (the work itself goes on: the caller ends its connection). */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: sem resposta em ${ms} ms (connection timeout)`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Which server of the list the pool's connections go to: the one found last while it stays as asked,
 * else the first server to answer as asked (all are asked at once). Every connection is checked when
 * it opens, and the server is asked again every WATCH_INTERVAL_MS on a connection of its own. When the
 * server is gone or no longer as asked (a failover: it died, stopped answering, was demoted or set
 * read-only), every connection to it is ended at once: the requests on them fail as 'database
 * unavailable' (503, their transactions not committed) and the next connections go to the server the
 * list names now. A server that refuses a connection is asked about again on the next one.
 */
export class ServerChoice {
  private current?: ServerAddress;
  private finding?: Promise<ServerAddress>;
  private readonly open = new Map<pg.Client, ServerAddress>();
  private watcher?: { server: ServerAddress; client: pg.Client };
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly list: ServerList,
    private readonly config: pg.ClientConfig,
    private readonly Client: ClientClass,
  ) {}

  /** The pool's connection class: each goes to the server chosen and is kept only if that server is as asked. */
  connectionClass(): ClientClass {
    return chosenServerClass(this, this.Client);
  }

  get attrs(): SessionAttrs {
    return this.list.attrs;
  }

  /** A connection now open to server: ended with the others to it if the server is lost. */
  opened(client: pg.Client, server: ServerAddress) {
    this.open.set(client, server);
    client.once('end', () => this.open.delete(client));
  }

  /** The server to connect to: the current one, or the first of the list found as asked. */
  pick(): Promise<ServerAddress> {
    if (this.current) return Promise.resolve(this.current);
    this.finding ??= this.find().finally(() => (this.finding = undefined));
    return this.finding;
  }

  /** The server refused a connection: the next one asks the whole list again. */
  forget(server: ServerAddress) {
    if (this.current && sameServer(this.current, server)) this.current = undefined;
  }

  /** The server is gone or no longer as asked: forgotten, and every connection to it ended now. */
  lost(server: ServerAddress) {
    this.forget(server);
    for (const [client, to] of this.open) if (sameServer(to, server)) destroy(client);
    if (this.watcher && sameServer(this.watcher.server, server)) this.dropWatcher();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.dropWatcher();
  }

  private async find(): Promise<ServerAddress> {
    const errors: unknown[] = [];
    const asked = this.list.servers.map(async (server) => {
      const client = clientFor(this.Client, this.config, server);
      try {
        await client.connect();
        const { rows } = await within(WATCH_TIMEOUT_MS, addressText(server), client.query(WHAT_ARE_YOU));
        client.end().catch(() => {});
        if (suits(this.list.attrs, rows[0])) return server;
        throw new Error(`${addressText(server)}: ${rows[0]?.recovery ? 'standby' : 'somente leitura'}`);
      } catch (err) {
        destroy(client);
        errors.push(err);
        throw err;
      }
    });
    let server: ServerAddress;
    try {
      server = await Promise.any(asked);
    } catch {
      throw new NoServerError(this.list, errors);
    }
    this.current = server;
    this.watch();
    return server;
  }

  private watch() {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      void this.check().finally(() => {
        this.timer = undefined;
        if (this.current) this.watch();
      });
    }, WATCH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Asks the current server on the watching connection (opened on first use, again after a failure). */
  private async check() {
    const server = this.current;
    if (!server || this.closed) return;
    if (this.watcher && !sameServer(this.watcher.server, server)) this.dropWatcher();
    try {
      if (!this.watcher) {
        const client = clientFor(this.Client, this.config, server);
        this.watcher = { server, client };
        await within(WATCH_TIMEOUT_MS, addressText(server), client.connect());
      }
      const { rows } = await within(WATCH_TIMEOUT_MS, addressText(server), this.watcher.client.query(WHAT_ARE_YOU));
      if (!suits(this.list.attrs, rows[0])) this.lost(server);
    } catch {
      // Another server may have been chosen meanwhile; only the one asked is left.
      this.lost(server);
    }
  }

  private dropWatcher() {
    if (!this.watcher) return;
    destroy(this.watcher.client);
    this.watcher = undefined;
  }
}

/** The connection class of a ServerChoice's pool (see ServerChoice.connectionClass). */
function chosenServerClass(choice: ServerChoice, Base: ClientClass): ClientClass {
  return class ChosenServerClient extends Base {
    private server?: ServerAddress;
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error | null) => void): void;
    override connect(callback?: (err: Error | null) => void): Promise<pg.Client> | void {
      const done = this.openOnChosen();
      if (!callback) return done.then(() => this);
      done.then(() => callback(null), callback);
    }
    private async openOnChosen() {
      const server = await choice.pick();
      this.server = server;
      // Read by pg when it opens the socket (see clientFor).
      this.host = server.host;
      this.port = server.port;
      try {
        await super.connect();
      } catch (err) {
        choice.forget(server);
        throw err;
      }
      choice.opened(this, server);
      let rows;
      try {
        ({ rows } = await super.query(WHAT_ARE_YOU));
      } catch (err) {
        destroy(this);
        throw err;
      }
      if (!suits(choice.attrs, rows[0])) {
        // Chosen a moment ago and no longer as asked: a switch under way.
        choice.lost(server);
        throw new NoServerError({ servers: [server], attrs: choice.attrs }, [
          new Error(`${addressText(server)} deixou de ser o servidor de escrita`),
        ]);
      }
    }
    // A statement refused because the server is read-only (25006) means the server changed: it is
    // left, as when it stops answering.
    override query(...args: unknown[]): never {
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (err: unknown, ...rest: unknown[]) => void;
        args[last] = (err: unknown, ...rest: unknown[]) => {
          this.noticeFailure(err);
          callback(err, ...rest);
        };
      }
      const result = (super.query as (...a: unknown[]) => unknown)(...args);
      if (result instanceof Promise) result.catch((err: unknown) => this.noticeFailure(err));
      return result as never;
    }
    private noticeFailure(err: unknown) {
      if ((err as { code?: string } | null)?.code === '25006' && this.server) choice.lost(this.server);
    }
  };
}
