import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { openDatabase, type Database } from '@ordem-certa/db';
import { createLocalStorage, isFileKey, listLocalKeys, type FileStorage } from './storage.ts';
import { readTar, writeTar } from './tar.ts';
import { PRIVATE_DIR, PRIVATE_FILE } from './private-files.ts';

/**
 * Backups of the embedded installation: one .tar.gz holding `manifest.json`, `pgdata.tar.gz` (the
 * PGlite data dir) and `files/<key>` for every uploaded file.
 *
 * Consistency while the server runs: PGlite lives inside the server process and nothing else may
 * open its data dir, so the server itself makes the archive (the CLI asks it over a Unix socket in
 * the data dir, see maintenance.ts). The database copy is taken with every other transaction held
 * off, after a CHECKPOINT; it is what a crash at that instant would leave, and PostgreSQL recovers
 * that on the first start. Files are written before a row points at them and deleted only after
 * no row does; deletes wait while a backup runs, so every file the copied database names is still
 * there when the files are copied right after.
 */
export const BACKUP_FORMAT = 1;

/** Wraps the storage so deletes can be held back while a backup copies the files. */
export function holdableDeletes(storage: FileStorage) {
  let holds = 0;
  let queued: string[] = [];
  const wrapped: FileStorage = {
    kind: storage.kind,
    put: (key, data, type) => storage.put(key, data, type),
    get: (key) => storage.get(key),
    check: () => storage.check(),
    async delete(key) {
      if (holds > 0) queued.push(key);
      else await storage.delete(key);
    },
  };
  async function holdingDeletes<T>(fn: () => Promise<T>): Promise<T> {
    holds++;
    try {
      return await fn();
    } finally {
      if (--holds === 0) {
        const keys = queued;
        queued = [];
        await Promise.all(keys.map((k) => storage.delete(k).catch(() => undefined)));
      }
    }
  }
  return { storage: wrapped, holdingDeletes };
}

/** The archive of a running (or closed-over) embedded database and its files root. */
export async function createBackup(database: Database, filesRoot: string): Promise<Buffer> {
  // With the database to ourselves, so no other transaction is half-way when the files are read.
  const dump = await database.alone!(async (pglite) => {
    await pglite.exec('CHECKPOINT');
    return pglite.dumpDataDir('gzip');
  });
  const files = createLocalStorage(filesRoot);
  const entries = [];
  const keys = await listLocalKeys(filesRoot);
  for (const key of keys) {
    const data = await files.get(key);
    if (data) entries.push({ name: `files/${key}`, data });
  }
  const manifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), files: entries.length };
  return gzipSync(
    writeTar([
      { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) },
      { name: 'pgdata.tar.gz', data: Buffer.from(await dump.arrayBuffer()) },
      ...entries,
    ]),
  );
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Fills an empty data dir (`pgdata/` and `files/`) from an archive made by createBackup. */
export async function restoreBackup(archive: Buffer, dataDir: string): Promise<{ files: number }> {
  const pgdata = join(dataDir, 'pgdata');
  const filesRoot = join(dataDir, 'files');
  if (!isEmptyDir(pgdata) || !isEmptyDir(filesRoot)) {
    throw new Error(`${dataDir} já tem dados (pgdata/ ou files/): restaure em uma pasta vazia.`);
  }
  const entries = readTar(gunzipSync(archive));
  const manifest = entries.find((e) => e.name === 'manifest.json');
  const dump = entries.find((e) => e.name === 'pgdata.tar.gz');
  if (!manifest || !dump || JSON.parse(manifest.data.toString()).format !== BACKUP_FORMAT) {
    throw new Error('O arquivo não é um backup do Ordem Certa.');
  }
  let files = 0;
  for (const e of entries) {
    if (!e.name.startsWith('files/')) continue;
    const key = e.name.slice('files/'.length);
    if (!isFileKey(key)) throw new Error(`nome de arquivo inválido no backup: ${e.name}`);
    mkdirSync(dirname(join(filesRoot, key)), { recursive: true, mode: PRIVATE_DIR });
    writeFileSync(join(filesRoot, key), e.data, { mode: PRIVATE_FILE });
    files++;
  }
  // PGlite writes the dumped data dir into pgdata/ and recovers it once; closing leaves it clean.
  const database = await openDatabase({ dataDir: pgdata, loadDataDir: new Blob([new Uint8Array(dump.data)]) });
  await database.close();
  return { files };
}
