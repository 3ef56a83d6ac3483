import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded files live, by key. The local-disk implementation is the default; an
 * S3-compatible one can implement the same three calls. Keys start with the organization id
 * (`<orgId>/companies/<id>/logo-<uuid>.png`) and are never built from user input.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^\d+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/** A fresh key for a file of an organization; a new name each time, so replacing never races a reader. */
export function newFileKey(organizationId: number, folder: string, name: string, extension: string): string {
  const key = `${organizationId}/${folder}/${name}-${randomUUID()}.${extension}`;
  if (!KEY.test(key)) throw new Error(`invalid file key ${key}`);
  return key;
}

/** Files under `<root>/<key>` (root is `${dataDir}/files`). */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    // Keys come from newFileKey, but a key read back from the database is still checked.
    if (!KEY.test(key) || !path.startsWith(base + sep)) throw new Error(`invalid file key ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const tmp = join(dirname(path), `.${randomUUID()}.tmp`);
      await writeFile(tmp, data);
      await rename(tmp, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
