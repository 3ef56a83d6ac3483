import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { nfseMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { loadConfig } from '../../config.ts';
import { addCompany, createOrg, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { newCnpj } from '../../../test/factories.ts';
import { makeTestA1 } from '@ordem-certa/nfse-xml/testing';
import { companyCertificate } from './nfse.service.ts';

// The key that encrypts stored secrets (A1 certificates and their passwords) lives outside the
// database in production: without NFSE_CERT_KEY or SECRETS_KEY_FILE such a secret is not stored.
const PASSWORD = 'senha-do-pfx-7Kq!';

function certificateForm(pfx: Buffer) {
  const boundary = `----chave${Date.now().toString(16)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${PASSWORD}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a1.pfx"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
    ),
    pfx,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// Each case builds an app of its own settings on a database of its own: tens of seconds on a loaded machine.
const SHOP_TIMEOUT = 120_000;
const apps: TestContext[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function shop(config: { secretsKey?: string; secretsKeyRequired?: boolean }) {
  const ctx = await createTestApp({ config });
  apps.push(ctx);
  const org = await createOrg(ctx);
  const cnpj = newCnpj();
  const company = await addCompany(ctx, org.organization.id);
  await ctx.database.db.update(schema.companies).set({ identifier: cnpj }).where(eq(schema.companies.id, company.id));
  const url = (rest: string) => `/api/organizations/${org.organization.id}/companies/${company.id}${rest}`;
  const upload = () => {
    const form = certificateForm(makeTestA1({ cnpj, password: PASSWORD }));
    return ctx.app.inject({
      method: 'POST',
      url: url('/certificate'),
      headers: { ...org.as(org.admin.token), ...form.headers },
      payload: form.payload,
    });
  };
  const fiscal = async () =>
    (await ctx.app.inject({ url: url('/fiscal'), headers: org.as(org.admin.token) })).json() as {
      canStoreCertificate: boolean;
      certificate: unknown;
    };
  const stored = async () =>
    (
      await ctx.database.db
        .select({ pfx: schema.companyFiscalSettings.certificatePfx })
        .from(schema.companyFiscalSettings)
        .where(eq(schema.companyFiscalSettings.companyId, company.id))
    )[0]?.pfx ?? null;
  const keptKey = async () =>
    (await ctx.database.db.select().from(schema.appSecrets).where(eq(schema.appSecrets.name, 'nfse-cert-key'))).length;
  return { ctx, org, company, upload, fiscal, stored, keptKey };
}

describe('in production (NODE_ENV=production) without a key outside the database', () => {
  it(
    'a certificate is refused (422 on the file, saying why) and nothing is stored, no key made',
    { timeout: SHOP_TIMEOUT },
    async () => {
      const s = await shop({ secretsKeyRequired: true });
      expect((await s.fiscal()).canStoreCertificate).toBe(false);
      const res = await s.upload();
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ file: [nfseMessages.secretsKeyMissing] });
      expect(await s.stored()).toBeNull();
      expect((await s.fiscal()).certificate).toBeNull();
      expect(await s.keptKey()).toBe(0);
    },
  );

  it(
    'with the key given (NFSE_CERT_KEY or the file), it is stored and opens with it',
    { timeout: SHOP_TIMEOUT },
    async () => {
      const s = await shop({ secretsKeyRequired: true, secretsKey: 'chave-de-fora-do-banco-123' });
      expect((await s.fiscal()).canStoreCertificate).toBe(true);
      const res = await s.upload();
      expect(res.statusCode, res.body).toBe(200);
      expect(await s.stored()).toMatch(/^v1:/);
      expect(await s.keptKey()).toBe(0);
      const ctx = { db: s.ctx.database.db, config: { secretsKey: 'chave-de-fora-do-banco-123' }, log: s.ctx.app.log };
      const opened = await companyCertificate(ctx, s.org.organization.id, s.company.id);
      expect(opened.password).toBe(PASSWORD);
      await expect(
        companyCertificate({ ...ctx, config: { secretsKey: 'outra-chave' } }, s.org.organization.id, s.company.id),
      ).rejects.toThrow();
    },
  );
});

describe('outside production', () => {
  it('without a key one is kept in the database, as before', { timeout: SHOP_TIMEOUT }, async () => {
    const s = await shop({});
    expect((await s.fiscal()).canStoreCertificate).toBe(true);
    expect((await s.upload()).statusCode).toBe(200);
    expect(await s.keptKey()).toBe(1);
  });

  it(
    'a certificate stored under the kept key opens once an outside key is set, and is sealed again under it',
    { timeout: SHOP_TIMEOUT },
    async () => {
      const s = await shop({});
      expect((await s.upload()).statusCode).toBe(200);
      const before = await s.stored();
      const outside = { db: s.ctx.database.db, config: { secretsKey: 'chave-nova-de-fora' }, log: s.ctx.app.log };
      expect((await companyCertificate(outside, s.org.organization.id, s.company.id)).password).toBe(PASSWORD);
      const after = await s.stored();
      expect(after).not.toBe(before);
      // Now only the outside key opens it: the kept one no longer does.
      await s.ctx.database.db.delete(schema.appSecrets).where(eq(schema.appSecrets.name, 'nfse-cert-key'));
      expect((await companyCertificate(outside, s.org.organization.id, s.company.id)).password).toBe(PASSWORD);
    },
  );
});

describe('configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'secrets-key-'));
  it('SECRETS_KEY_FILE is read (trimmed); NFSE_CERT_KEY still works; NODE_ENV=production requires one', () => {
    const file = join(dir, 'segredos.key');
    writeFileSync(file, 'conteudo-da-chave-no-arquivo\n', { mode: 0o600 });
    expect(loadConfig({ SECRETS_KEY_FILE: file })).toMatchObject({
      secretsKey: 'conteudo-da-chave-no-arquivo',
      secretsKeyRequired: false,
    });
    expect(loadConfig({ NFSE_CERT_KEY: 'da-variavel' }).secretsKey).toBe('da-variavel');
    expect(loadConfig({ NODE_ENV: 'production' }).secretsKeyRequired).toBe(true);
    expect(() => loadConfig({ SECRETS_KEY_FILE: join(dir, 'nao-existe.key') })).toThrow(/SECRETS_KEY_FILE/);
    writeFileSync(join(dir, 'vazio.key'), '  \n');
    expect(() => loadConfig({ SECRETS_KEY_FILE: join(dir, 'vazio.key') })).toThrow(/SECRETS_KEY_FILE/);
    expect(() => loadConfig({ SECRETS_KEY_FILE: file, NFSE_CERT_KEY: 'outra' })).toThrow(/NFSE_CERT_KEY/);
  });
});
