import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { PRIVATE_DIR, PRIVATE_FILE } from './private-files.ts';

/**
 * Where uploaded files live, by key: local disk (the default) or an S3-compatible bucket. Keys
 * start with the organization id (`<orgId>/companies/<id>/logo-<uuid>.png`) and are never built
 * from user input. Files are never handed out by the storage itself: the API's authorized routes
 * read them here and stream them to the browser, so a bucket stays private.
 */
export interface FileStorage {
  /** 'local' or 's3', for the health check and logs. */
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Throws when the storage cannot be reached (readiness). */
  check(): Promise<void>;
}

/**
 * The storage could not be reached or refused to write (bucket down, read-only or failing disk): the
 * request answers 503 and may be retried. `cause` keeps the driver's error for the log.
 */
export class StorageUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`file storage unavailable (${operation}): ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** The disk holding the files is full (or over quota): the request answers 507. */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super(`file storage full: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'StorageFullError';
  }
}

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** A file-system error of the disk rather than of the key: full, read-only, failing. */
function diskError(operation: string, err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code && FULL_CODES.has(code)) return new StorageFullError(err);
  if (code === 'EROFS' || code === 'EIO' || code === 'EACCES' || code === 'EPERM' || code === 'ENOTCONN')
    return new StorageUnavailableError(operation, err);
  return err;
}

const KEY = /^\d+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export const isFileKey = (key: string) => KEY.test(key);

/** A fresh key for a file of an organization; a new name each time, so replacing never races a reader. */
export function newFileKey(organizationId: number, folder: string, name: string, extension: string): string {
  const key = `${organizationId}/${folder}/${name}-${randomUUID()}.${extension}`;
  if (!KEY.test(key)) throw new Error(`invalid file key ${key}`);
  return key;
}

function checkedKey(key: string): string {
  // Keys come from newFileKey, but a key read back from the database is still checked.
  if (!KEY.test(key)) throw new Error(`invalid file key ${key}`);
  return key;
}

/** Files under `<root>/<key>` (root is `${dataDir}/files`). */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, checkedKey(key));
    if (!path.startsWith(base + sep)) throw new Error(`invalid file key ${key}`);
    return path;
  };
  return {
    kind: 'local',
    async put(key, data) {
      const path = pathOf(key);
      // Write then rename: a reader never sees half a file, and a write that fails (disk full,
      // read-only) leaves no part of it behind.
      const tmp = join(dirname(path), `.${randomUUID()}.tmp`);
      try {
        await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR });
        await writeFile(tmp, data, { mode: PRIVATE_FILE });
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => undefined);
        throw diskError('put', err);
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        return await readFile(path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw diskError('get', err);
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true }).catch((err: unknown) => {
        throw diskError('delete', err);
      });
    },
    async check() {
      await mkdir(base, { recursive: true, mode: PRIVATE_DIR });
      await stat(base);
    },
  };
}

/** The keys of the files under a local storage root (temporary files of unfinished writes left out). */
export async function listLocalKeys(root: string): Promise<string[]> {
  const base = resolve(root);
  let entries: string[];
  try {
    entries = await readdir(base, { recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const keys: string[] = [];
  for (const entry of entries) {
    const key = relative(base, join(base, entry)).split(sep).join('/');
    if (KEY.test(key) && (await stat(join(base, entry))).isFile()) keys.push(key);
  }
  return keys.sort();
}

export interface S3Settings {
  bucket: string;
  /** http(s)://host:port of an S3-compatible server; the AWS endpoint of the region when absent. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (`host/bucket/key`), as MinIO and most self-hosted servers want. */
  forcePathStyle: boolean;
}

type S3Library = typeof import('@aws-sdk/client-s3');
let s3Library: Promise<S3Library> | undefined;
/**
 * The S3 library, loaded when a bucket is first used: it is a large part of a server's memory and
 * start, and a server that keeps its files on its own disk never needs it.
 */
const loadS3 = () => (s3Library ??= import('@aws-sdk/client-s3'));

/** Objects `<key>` in a private bucket; the app reads them and streams them to authorized requests. */
export function createS3Storage(settings: S3Settings): FileStorage {
  let opened: Promise<{ s3: S3Library; client: S3Client }> | undefined;
  const open = () => (opened ??= loadS3().then((s3) => ({ s3, client: newClient(s3) })));
  const newClient = (s3: S3Library) =>
    new s3.S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 demands them: the newer default (CRC32 trailers on every upload)
      // is not understood by many S3-compatible servers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A bucket that does not answer fails the request in seconds (503) instead of holding it: a
      // connection gets 3 s, a request 30 s (a large photo on a slow link), two attempts in all.
      requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
      maxAttempts: 2,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  const Bucket = settings.bucket;
  // Any failure of the bucket itself (refused or timed-out connection, 5xx, wrong credentials) is an
  // outage for the request; a missing key is not.
  const unavailable = (operation: string) => (err: unknown) => {
    throw new StorageUnavailableError(operation, err);
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      const Key = checkedKey(key);
      const { s3, client } = await open();
      await client
        .send(new s3.PutObjectCommand({ Bucket, Key, Body: data, ContentType: contentType }))
        .catch(unavailable('put'));
    },
    async get(key) {
      const Key = checkedKey(key);
      const { s3, client } = await open();
      try {
        const res = await client.send(new s3.GetObjectCommand({ Bucket, Key }));
        if (!res.Body) return undefined;
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (err instanceof s3.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw new StorageUnavailableError('get', err);
      }
    },
    async delete(key) {
      const Key = checkedKey(key);
      const { s3, client } = await open();
      // S3 answers 204 for a missing key too.
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key })).catch(unavailable('delete'));
    },
    async check() {
      const { s3, client } = await open();
      // A GET of a key that is never written: NoSuchKey proves the server answers, the bucket
      // exists and the credentials are good (a wrong secret, a missing bucket or no read/list
      // permission answer otherwise).
      try {
        await client.send(new s3.GetObjectCommand({ Bucket, Key: '.ready-check' }));
      } catch (err) {
        if (!(err instanceof s3.NoSuchKey)) throw err;
      }
    },
  };
}

/** S3 settings from S3_BUCKET and friends; undefined when S3_BUCKET is not set (local disk). */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET;
  if (!bucket) return undefined;
  return {
    bucket,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** The configured storage: the bucket when S3 settings are given, else `${dataDir}/files`. */
export function createStorage(config: { dataDir: string; s3?: S3Settings }): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(join(config.dataDir, 'files'));
}

/**
 * Copies every file of a local storage root to another storage (the move from one machine's disk
 * to a bucket). Copies are idempotent: running it again rewrites the same keys.
 */
export async function copyLocalFiles(
  root: string,
  target: FileStorage,
  onFile?: (key: string) => void,
): Promise<number> {
  const source = createLocalStorage(root);
  const keys = await listLocalKeys(root);
  for (const key of keys) {
    const data = await source.get(key);
    if (!data) continue;
    await target.put(key, data, contentTypeOf(key));
    onFile?.(key);
  }
  return keys.length;
}

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };
const contentTypeOf = (key: string) => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
