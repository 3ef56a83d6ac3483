import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../test/helpers.ts';
import { multipart, newCnpj, PNG_1x1 } from '../../test/factories.ts';
import { startS3Server, type S3Server } from '@ordem-certa/test-support/s3-server';
import { createS3Storage, newFileKey, type FileStorage } from './storage.ts';
import { formatCnpj, PersonType } from '@ordem-certa/contracts';

let s3: S3Server;
let storage: FileStorage;
let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;

const bucketKeys = () => s3.keys();

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createS3Storage(s3.settings);
  ctx = await createTestApp({ storage });
  org = await createOrg(ctx);
  other = await createOrg(ctx);
});
afterAll(async () => {
  await ctx.close();
  await s3.stop();
});

describe('S3 storage on a real S3-compatible server', () => {
  it('puts, gets and deletes by key; a missing key is undefined and deleting it is fine', async () => {
    const key = newFileKey(7, 'tests', 'file', 'bin');
    await storage.put(key, Buffer.from('conteúdo'), 'application/octet-stream');
    expect((await storage.get(key))?.toString()).toBe('conteúdo');
    expect(await bucketKeys()).toContain(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await storage.delete(key);
  });

  it('refuses keys that newFileKey would not make', async () => {
    await expect(storage.put('../x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/invalid file key/);
    await expect(storage.get('1/../../etc/passwd')).rejects.toThrow(/invalid file key/);
  });

  it('check() passes on the bucket and fails on a missing bucket or wrong secret', async () => {
    await storage.check();
    await expect(createS3Storage({ ...s3.settings, bucket: 'nao-existe' }).check()).rejects.toThrow();
    await expect(createS3Storage({ ...s3.settings, secretAccessKey: 'errado' }).check()).rejects.toThrow();
  });
});

describe('the API on S3 storage', () => {
  const base = (o: TestOrg) => `/api/organizations/${o.organization.id}/companies`;
  let companyId: number;
  beforeAll(async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: base(org),
      headers: org.as(org.admin.token),
      payload: { type: PersonType.Juridical, identifier: formatCnpj(newCnpj()), name: 'Polar Ltda', alias: 'Polar' },
    });
    companyId = res.json().id;
  });

  it('401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${base(org)}/${companyId}/logo` });
    expect(res.statusCode).toBe(401);
  });

  it("another organization's id → 404", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base(other)}/${companyId}/logo`,
      headers: other.as(other.admin.token),
    });
    expect(res.statusCode).toBe(404);
  });

  it("an upload lands in the bucket under the organization's id and is streamed back through the API", async () => {
    const up = multipart('logo', PNG_1x1, 'logo.png', 'image/png');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${base(org)}/${companyId}/logo`,
      payload: up.payload,
      headers: { ...up.headers, ...org.as(org.admin.token) },
    });
    expect(res.statusCode).toBe(200);
    const keys = (await bucketKeys()).filter((k) => k.includes(`companies/${companyId}/`));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${org.organization.id}/companies/${companyId}/logo-[0-9a-f-]+\\.png$`));
    const got = await ctx.app.inject({
      method: 'GET',
      url: `${base(org)}/${companyId}/logo`,
      headers: org.as(org.admin.token),
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG_1x1)).toBe(true);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `${base(org)}/${companyId}/logo`,
      headers: org.as(org.admin.token),
    });
    expect(del.statusCode).toBe(204);
    expect(await bucketKeys()).not.toContain(keys[0]);
  });
});

describe('npm run cli -- copy-files-to-s3', () => {
  // A child process: slow to start on a busy machine, hence the long guard.
  it("copies every file of a data dir's files/ to the bucket under the same keys", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oficina-copy-'));
    const files: Record<string, string> = {
      '3/companies/9/logo-a.png': 'logo',
      '3/invoices/12/photo-b.jpg': 'foto',
      '44/invoices/1/print-c.jpg': 'impressão',
    };
    for (const [key, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dataDir, 'files', key)), { recursive: true });
      writeFileSync(join(dataDir, 'files', key), text);
    }
    // A half-written temp file is not a stored file.
    writeFileSync(join(dataDir, 'files', '3', '.tmp-x.tmp'), 'meio');
    try {
      // Not spawnSync: the S3 server runs in this process and must keep answering.
      const cli = await promisify(execFile)('node', ['--import', 'tsx', 'apps/server/src/cli.ts', 'copy-files-to-s3'], {
        env: { ...process.env, ...s3.env, DATA_DIR: dataDir },
      });
      expect(cli.stdout).toContain('3 arquivo(s) copiados');
      for (const [key, text] of Object.entries(files)) expect((await storage.get(key))?.toString()).toBe(text);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
