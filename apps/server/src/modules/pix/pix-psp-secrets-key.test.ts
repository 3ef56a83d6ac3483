import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixPspMessages, type PixPsp } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { mutualTlsCertificates } from '@ordem-certa/test-support/pix-psp-stand-in/certificates';
import { addCompany, createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { multipartForm } from '../../../test/factories.ts';

// The PSP's client secret and client certificate are secrets like the A1: in production (NODE_ENV=
// production) without a key outside the database none is stored, so a backup of the database alone
// never holds a secret and its key. Nothing here reaches a PSP: the refusal comes before any call.
const CERT_PASSWORD = 'senha-do-certificado-psp-91';
let ctx: TestContext;
let org: TestOrg;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestApp({ config: { appUrl: 'https://oficina.example.com.br', secretsKeyRequired: true } });
  org = await createOrg(ctx);
  companyId = (await addCompany(ctx, org.organization.id, 'Refrigeração Sem Chave')).id;
  const pix = await ctx.app.inject({
    method: 'PUT',
    url: `/api/organizations/${org.organization.id}/companies/${companyId}/pix`,
    headers: org.as(org.admin.token),
    payload: { pixKey: 'financeiro@semchave.com.br' },
  });
  expect(pix.statusCode, pix.body).toBe(200);
});
afterAll(() => ctx?.close());

const url = (tail = '') => `/api/organizations/${org.organization.id}/companies/${companyId}/pix-psp${tail}`;
const storedRows = () =>
  ctx.database.db.select().from(schema.companyPixPsp).where(eq(schema.companyPixPsp.companyId, companyId));
const keptKeys = () =>
  ctx.database.db.select().from(schema.appSecrets).where(eq(schema.appSecrets.name, 'nfse-cert-key'));

describe('in production without a key outside the database', () => {
  it('the connection says it cannot store secrets; saving one is refused on the Client Secret, nothing stored', async () => {
    const before = (await ctx.app.inject({ url: url(), headers: org.as(org.admin.token) })).json() as PixPsp;
    expect(before.canStoreSecrets).toBe(false);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: url(),
      headers: org.as(org.admin.token),
      payload: {
        baseUrl: 'http://127.0.0.1:9/api/v2',
        tokenUrl: 'http://127.0.0.1:9/oauth/token',
        clientId: 'cliente-sem-chave',
        clientSecret: 'segredo-que-nao-fica',
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ errors: { clientSecret: [pixPspMessages.secretsKeyMissing] } });
    expect(res.body).not.toContain('segredo-que-nao-fica');
    expect(await storedRows()).toEqual([]);
    expect(await keptKeys()).toEqual([]);
  });

  it('the client certificate is refused on the file, nothing stored', async () => {
    const { clientPfx } = mutualTlsCertificates(CERT_PASSWORD);
    const form = multipartForm(
      { password: CERT_PASSWORD },
      { field: 'file', data: clientPfx, filename: 'psp.p12', contentType: 'application/x-pkcs12' },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: url('/certificate'),
      headers: { ...org.as(org.admin.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ errors: { file: [pixPspMessages.secretsKeyMissing] } });
    expect(await storedRows()).toEqual([]);
    expect(await keptKeys()).toEqual([]);
  });
});
