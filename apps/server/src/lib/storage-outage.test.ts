import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../test/helpers.ts';
import { invoiceWorld } from '../../test/invoice-fixtures.ts';
import { multipart, multipartFiles } from '../../test/factories.ts';
import { freePort } from '@ordem-certa/test-support/postgres-cluster';
import { startS3Server, type S3Server } from '@ordem-certa/test-support/s3-server';
import { createLocalStorage, createS3Storage, type FileStorage } from './storage.ts';
import { canMount, mountTmpfs } from '@ordem-certa/test-support/tmpfs';

// The file storage goes away (a bucket that does not answer, a disk that is full or read-only):
// uploads answer 503 (507 for a full disk) with a pt-BR message and leave neither a row without its
// file nor a file without its row; downloads answer 503; the app itself keeps running.
const STORAGE_DOWN = 'Armazenamento de arquivos temporariamente indisponível; tente novamente em instantes.';
const DISK_FULL = 'Sem espaço no servidor para guardar o arquivo. Avise o administrador do sistema.';

/** Forwards to whichever storage the test points it at: the real bucket, a dead one, a full disk. */
function switchable() {
  let current!: FileStorage;
  const storage: FileStorage = {
    get kind() {
      return current.kind;
    },
    put: (key, data, type) => current.put(key, data, type),
    get: (key) => current.get(key),
    delete: (key) => current.delete(key),
    check: () => current.check(),
  };
  return { storage, use: (s: FileStorage) => (current = s) };
}

const photo = (color: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

let s3: S3Server;
let up: FileStorage;
const sw = switchable();
// The bucket is up before the app starts on it, and stops after the app has closed.
beforeAll(async () => {
  s3 = await startS3Server();
  up = createS3Storage(s3.settings);
  sw.use(up);
}, 180_000);
afterAll(() => s3?.stop());
const t = perFile({ app: { storage: sw.storage }, world: invoiceWorld });

const uploadPhotos = async (invoiceId: number, n = 2) => {
  const files = await Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      data: await photo(i ? '#884422' : '#224488'),
      filename: `f${i}.jpg`,
      contentType: 'image/jpeg',
    })),
  );
  const mp = multipartFiles('attachment', files);
  return t.ctx.app.inject({
    method: 'POST',
    url: t.world.url(`/${invoiceId}/attachments/pictures`),
    headers: { ...t.org.as(t.org.admin.token), ...mp.headers },
    payload: mp.payload,
  });
};
const photoRows = (invoiceId: number) =>
  t.ctx.database.db.select().from(schema.invoicePictures).where(eq(schema.invoicePictures.invoiceId, invoiceId));
const uploadLogo = async () => {
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const mp = multipart('logo', png, 'logo.png', 'image/png');
  return t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${t.org.organization.id}/companies/${t.world.company.id}/logo`,
    headers: { ...t.org.as(t.org.admin.token), ...mp.headers },
    payload: mp.payload,
  });
};
const companyLogoKey = async () =>
  (
    await t.ctx.database.db
      .select({ key: schema.companies.logoKey })
      .from(schema.companies)
      .where(eq(schema.companies.id, t.world.company.id))
  )[0]!.key;

/** A new order with one photo, uploaded while the storage works: the order's and the photo's ids. */
async function orderWithPhoto() {
  const { id } = await t.world.createInvoice();
  const ok = await uploadPhotos(id, 1);
  expect(ok.statusCode).toBe(201);
  const [kept] = (ok.json() as { data: Array<{ id: number }> }).data;
  return { id, photoId: kept!.id };
}
/** Expects more photos on the order to be refused with 503 (storage down), the order keeping the one it had. */
async function expectUploadRefused(id: number) {
  const res = await uploadPhotos(id);
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ errors: [STORAGE_DOWN] });
  expect(await photoRows(id)).toHaveLength(1);
}
const downloadPhoto = (id: number, photoId: number) =>
  t.ctx.app.inject({
    method: 'GET',
    url: t.world.url(`/${id}/attachments/pictures/${photoId}`),
    headers: t.org.as(t.org.admin.token),
  });

describe('S3 bucket unreachable', () => {
  it('a closed port: uploads 503 leaving no row and no object, downloads 503, health 503; back once it answers', async () => {
    const { id, photoId } = await orderWithPhoto();
    const keysBefore = await s3.keys();

    sw.use(createS3Storage({ ...s3.settings, endpoint: `http://127.0.0.1:${await freePort()}` }));
    const started = Date.now();
    const res = await uploadPhotos(id);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ errors: [STORAGE_DOWN] });
    expect(res.headers['retry-after']).toBe('5');
    expect(await photoRows(id)).toHaveLength(1);

    const logo = await uploadLogo();
    expect(logo.statusCode).toBe(503);
    expect(logo.json()).toEqual({ errors: [STORAGE_DOWN] });
    expect(await companyLogoKey()).toBeNull();

    const download = await downloadPhoto(id, photoId);
    expect(download.statusCode).toBe(503);
    expect(download.json()).toEqual({ errors: [STORAGE_DOWN] });
    const health = await t.ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().checks).toEqual({ database: 'ok', storage: 'error' });

    sw.use(up);
    expect(await s3.keys()).toEqual(keysBefore);
    expect((await uploadPhotos(id)).statusCode).toBe(201);
    expect(await photoRows(id)).toHaveLength(3);
    expect((await t.ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('the S3 server stopped: the same answers', async () => {
    const other = await startS3Server('outra');
    try {
      const storage = createS3Storage(other.settings);
      sw.use(storage);
      const { id, photoId } = await orderWithPhoto();
      await other.stop();
      await expectUploadRefused(id);
      expect((await downloadPhoto(id, photoId)).statusCode).toBe(503);
    } finally {
      sw.use(up);
      await other.stop().catch(() => undefined);
    }
  });
});

describe.skipIf(!canMount)('local disk full or read-only', () => {
  let root: string;
  let files: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'oficina-disk-'));
    files = join(root, 'files');
  });
  afterAll(() => {
    try {
      execFileSync('umount', [files], { stdio: 'pipe' });
    } catch {
      // not mounted
    }
    rmSync(root, { recursive: true, force: true });
    sw.use(up);
  });
  /** Every file under the storage root, temporary ones included. */
  const allFiles = () => (readdirSync(files, { recursive: true }) as string[]).sort();

  it('a full disk: 507 with a pt-BR message, no half-written file, no row', async () => {
    expect(mountTmpfs(files, 'size=256k')).toBe(true);
    try {
      sw.use(createLocalStorage(files));
      const { id } = await t.world.createInvoice();
      // Fill the disk to the last page.
      const filler = join(files, 'filler');
      try {
        for (;;) appendFileSync(filler, Buffer.alloc(4096));
      } catch (err) {
        expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      const res = await uploadPhotos(id);
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ errors: [DISK_FULL] });
      expect(await photoRows(id)).toHaveLength(0);
      const logo = await uploadLogo();
      expect(logo.statusCode).toBe(507);
      expect(logo.json()).toEqual({ errors: [DISK_FULL] });
      expect(await companyLogoKey()).toBeNull();
      // Folders may have been made; no file (finished or temporary) is left of the refused uploads.
      expect(allFiles().filter((f) => /\.(tmp|jpg|png)$/.test(f))).toEqual([]);
      rmSync(filler);
      expect((await uploadPhotos(id)).statusCode).toBe(201);
      expect(await photoRows(id)).toHaveLength(2);
    } finally {
      execFileSync('umount', [files]);
    }
  });

  it('a read-only disk: uploads 503, no row; reads still work', async () => {
    const local = createLocalStorage(files);
    sw.use(local);
    const { id, photoId } = await orderWithPhoto();
    // The same files, now on a read-only mount.
    execFileSync('mount', ['--bind', '-o', 'ro', files, files]);
    try {
      await expectUploadRefused(id);
      expect((await downloadPhoto(id, photoId)).statusCode).toBe(200);
    } finally {
      execFileSync('umount', [files]);
    }
  });

  it.skipIf(process.env.TEST_DB === 'postgres')(
    'an embedded data dir on a read-only disk: the server says why and exits 1 at start',
    { timeout: 180_000 },
    async () => {
      const dataDir = join(root, 'readonly');
      mkdirSync(join(dataDir, 'pgdata'), { recursive: true });
      execFileSync('mount', ['--bind', '-o', 'ro', dataDir, dataDir]);
      try {
        const res = spawnSync('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
          env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1' },
          encoding: 'utf8',
          timeout: 150_000,
        });
        expect(res.status).toBe(1);
        expect(res.stderr).toContain(`não foi possível abrir o banco embutido em ${join(dataDir, 'pgdata')}`);
        expect(res.stderr).toContain('could not open the embedded database');
        expect(res.stderr).toContain('EROFS');
      } finally {
        execFileSync('umount', [dataDir]);
      }
    },
  );
});
