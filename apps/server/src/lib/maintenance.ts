import { existsSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';

/**
 * A private channel between the CLI and the server running on the same embedded data dir: HTTP on
 * a Unix socket in the data dir (mode 0600), so only the system user who owns the data can use it.
 * The server answers `POST /backup` with the backup archive.
 */
export function maintenanceSocketPath(dataDir: string): string {
  const path = join(resolvePath(dataDir), 'maintenance.sock');
  // Unix socket paths are limited to ~107 bytes: a deep data dir gets one in the temp dir instead,
  // named after the data dir so the CLI finds the same one.
  if (Buffer.byteLength(path) <= 100) return path;
  return join(tmpdir(), `oficina-${createHash('sha256').update(resolvePath(dataDir)).digest('hex').slice(0, 16)}.sock`);
}

export async function startMaintenanceSocket(dataDir: string, backup: () => Promise<Buffer>): Promise<Server> {
  const path = maintenanceSocketPath(dataDir);
  // A socket file left by a server that died is removed; a live one means another server owns
  // this data dir, which PGlite cannot share.
  if (existsSync(path)) {
    if (await pingSocket(path)) throw new Error(`outro servidor já usa ${dataDir}`);
    rmSync(path, { force: true });
  }
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
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
