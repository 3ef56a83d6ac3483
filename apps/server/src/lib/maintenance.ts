import { existsSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';

/**
 * A private channel between the CLI and the server running on the same embedded data dir: HTTP on
 * a Unix socket in the data dir (mode 0600), so only the system user who owns the data can use it.
 * The server answers `POST /backup` with the backup archive, and `POST /command/<name>` (a JSON object
 * of strings) by running that CLI command on its own database: the embedded database takes one
 * process, so while the server runs the CLI asks it rather than open the data dir.
 */
export function maintenanceSocketPath(dataDir: string): string {
  const path = join(resolvePath(dataDir), 'maintenance.sock');
  // Unix socket paths are limited to ~107 bytes: a deep data dir gets one in the temp dir instead,
  // named after the data dir so the CLI finds the same one.
  if (Buffer.byteLength(path) <= 100) return path;
  return join(tmpdir(), `oficina-${createHash('sha256').update(resolvePath(dataDir)).digest('hex').slice(0, 16)}.sock`);
}

/** A CLI command the server runs for the CLI: its arguments in, the line to print out. */
export type MaintenanceCommand = (args: Record<string, string>) => Promise<string>;
/** A command's refusal in the words the CLI prints (a taken e-mail, an unknown user). */
export class CommandRefused extends Error {}

const MAX_COMMAND_BYTES = 64 * 1024;

function readJson(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_COMMAND_BYTES) req.destroy(new Error('comando grande demais'));
      else chunks.push(c);
    });
    req.on('end', () => {
      try {
        const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (typeof value !== 'object' || value === null || Object.values(value).some((v) => typeof v !== 'string'))
          throw new Error('argumentos inválidos');
        resolve(value as Record<string, string>);
      } catch (err) {
        reject(err as Error);
      }
    });
    req.on('error', reject);
  });
}

export async function startMaintenanceSocket(
  dataDir: string,
  backup: (() => Promise<Buffer>) | undefined,
  commands: Record<string, MaintenanceCommand> = {},
): Promise<Server> {
  const path = maintenanceSocketPath(dataDir);
  // A socket file left by a server that died is removed; a live one means another server owns
  // this data dir, which PGlite cannot share.
  if (existsSync(path)) {
    if (await pingSocket(path)) throw new Error(`outro servidor já usa ${dataDir}`);
    rmSync(path, { force: true });
  }
  const server = createServer((req, res) => {
    const text = { 'content-type': 'text/plain; charset=utf-8' };
    const command = req.method === 'POST' && req.url?.startsWith('/command/') ? commands[req.url.slice(9)] : undefined;
    if (command) {
      readJson(req)
        .then(command)
        .then(
          (message) => res.writeHead(200, text).end(message),
          (err: Error) => res.writeHead(err instanceof CommandRefused ? 422 : 500, text).end(err.message),
        );
      return;
    }
    if (req.method !== 'POST' || req.url !== '/backup' || !backup) {
      res.writeHead(404).end();
      return;
    }
    backup().then(
      (archive) => res.writeHead(200, { 'content-type': 'application/gzip' }).end(archive),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message),
    );
  });
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
  } finally {
    process.umask(previousMask);
  }
  return server;
}

function pingSocket(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath: path, method: 'GET', path: '/' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** Asks a running server for a backup; undefined when no server listens on this data dir. */
export function requestBackup(dataDir: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: maintenanceSocketPath(dataDir), method: 'POST', path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`o servidor não fez o backup: ${body.toString()}`));
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? resolve(undefined) : reject(err),
    );
    req.end();
  });
}

/**
 * Asks a running server to run a CLI command on its database: its printed line, or a refusal's;
 * undefined when no server listens on this data dir (the CLI then opens the database itself).
 */
export function requestCommand(
  dataDir: string,
  name: string,
  args: Record<string, string>,
): Promise<{ ok: boolean; message: string } | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: maintenanceSocketPath(dataDir),
        method: 'POST',
        path: `/command/${name}`,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const message = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode === 200 || res.statusCode === 422) resolve({ ok: res.statusCode === 200, message });
          // A server from before this command: it cannot run it, and holds the data dir.
          else if (res.statusCode === 404)
            resolve({ ok: false, message: 'o servidor em execução não conhece este comando; pare-o e rode de novo' });
          else reject(new Error(`o servidor não executou o comando: ${message}`));
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? resolve(undefined) : reject(err),
    );
    req.end(JSON.stringify(args));
  });
}
