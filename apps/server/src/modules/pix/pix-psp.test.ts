import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixPspMessages, type PixPsp } from '@ordem-certa/contracts';
import { createOrg, createTestApp, addCompany, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { multipartForm } from '../../../test/factories.ts';
import { startPixStandIn, type PixStandIn } from '@ordem-certa/test-support/pix-psp-stand-in';
import { mutualTlsCertificates } from '@ordem-certa/test-support/pix-psp-stand-in/certificates';

// A company's PSP connection: saved by an admin, the webhook registered on the company's PIX key at
// APP_URL/api/pix/webhook/{token}, tested step by step, the client certificate kept sealed; the secrets
// in no answer and no log line.
const APP_URL = 'https://oficina.example.com.br';
const CERT_PASSWORD = 'senha-do-certificado-psp-77';
let psp: PixStandIn;
let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let companyId: number;
const answers: string[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  psp = await startPixStandIn({ clientSecret: 'segredo-do-psp-0123456789' });
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp({ config: { appUrl: APP_URL }, logger: { level: 'debug', stream } });
  org = await createOrg(ctx);
  other = await createOrg(ctx);
  companyId = (await addCompany(ctx, org.organization.id, 'Refrigeração Boa Vista')).id;
});
afterAll(async () => {
  await ctx?.close();
  expect(psp.violations()).toEqual([]);
  await psp.close();
});

const url = (o: TestOrg, id = companyId, tail = '') =>
  `/api/organizations/${o.organization.id}/companies/${id}/pix-psp${tail}`;
async function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  payload?: unknown,
  token = org.admin.token,
  headers: Record<string, string> = {},
) {
  const res = await ctx.app.inject({
    method,
    url: path,
    payload: payload as never,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  answers.push(res.body);
  return res;
}
const connection = (over: Record<string, unknown> = {}) => ({
  baseUrl: psp.baseUrl,
  tokenUrl: psp.tokenUrl,
  clientId: psp.clientId,
  clientSecret: psp.clientSecret,
  scopes: 'cob.write cob.read cobv.write cobv.read pix.read pix.write webhook.read webhook.write',
  ...over,
});
const setPixKey = (pixKey: string | null) =>
  call('PUT', `/api/organizations/${org.organization.id}/companies/${companyId}/pix`, { pixKey });

describe('access', () => {
  it('401 without a token, 403 for a collaborator or another organization, 404 for another organization’s company', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url(org) })).statusCode).toBe(401);
    expect((await call('GET', url(org), undefined, org.worker.token)).statusCode).toBe(403);
    expect((await call('GET', url(org), undefined, other.admin.token)).statusCode).toBe(403);
    expect((await call('GET', url(other))).statusCode).toBe(403);
    const theirs = await addCompany(ctx, other.organization.id);
    expect((await call('GET', url(org, theirs.id))).statusCode).toBe(404);
    expect((await call('PUT', url(org, theirs.id), connection())).statusCode).toBe(404);
  });
});

describe('the connection', () => {
  it('needs the company’s PIX key first, and valid addresses (http only on this machine)', async () => {
    const empty = (await call('GET', url(org))).json() as PixPsp;
    expect(empty).toEqual({ connection: null, certificate: null, pixKey: null, canStoreSecrets: true });
    expect((await call('PUT', url(org), connection())).json()).toEqual({
      errors: { pixKey: [pixPspMessages.noPixKey] },
    });
    await setPixKey('financeiro@boavista.com.br');
    for (const [field, value] of [
      ['baseUrl', 'http://psp.example.com/api/v2'],
      ['baseUrl', 'ftp://127.0.0.1/api'],
      ['tokenUrl', 'não é um endereço'],
      ['tokenUrl', 'https://user:pass@psp.example.com/token'],
    ] as const) {
      const res = await call('PUT', url(org), connection({ [field]: value }));
      expect(res.statusCode, value).toBe(422);
      expect(res.json().errors[field]).toEqual([
        field === 'baseUrl' ? pixPspMessages.baseUrl : pixPspMessages.tokenUrl,
      ]);
    }
    const res = await call('PUT', url(org), connection({ clientSecret: '' }));
    expect(res.json()).toEqual({ errors: { clientSecret: [pixPspMessages.clientSecret] } });
    expect((await call('PUT', url(org), connection({ expiryDays: 0 }))).json().errors.expiryDays).toEqual([
      pixPspMessages.expiryDays,
    ]);
  });

  it('saving registers the webhook with APP_URL/api/pix/webhook/{token} on the key; the secret is never shown', async () => {
    const res = await call('PUT', url(org), connection({ expiryDays: 5, finePercent: 2, interestPercentPerMonth: 1 }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as PixPsp;
    expect(saved.connection).toMatchObject({
      baseUrl: psp.baseUrl,
      clientId: psp.clientId,
      hasClientSecret: true,
      webhookStatus: 'registered',
      webhookError: null,
      expiryDays: 5,
      finePercent: 2,
      interestPercentPerMonth: 1,
      discountPercent: 0,
    });
    expect(saved.connection!.webhookUrl).toMatch(new RegExp(`^${APP_URL}/api/pix/webhook/[A-Za-z0-9_-]{43}$`));
    expect(psp.state.webhooks.get('financeiro@boavista.com.br')?.webhookUrl).toBe(saved.connection!.webhookUrl);
    expect(res.body).not.toContain(psp.clientSecret);
    // Saved again without a secret: the stored one stays (the test still gets a token), the token too.
    const again = (await call('PUT', url(org), connection({ clientSecret: null }))).json() as PixPsp;
    expect(again.connection!.webhookUrl).toBe(saved.connection!.webhookUrl);
    const test = (await call('POST', url(org, companyId, '/test'))).json();
    expect(test.ok).toBe(true);
    expect(test.steps.map((s: { name: string }) => s.name)).toEqual(['Token OAuth 2', 'Consulta (GET /pix)']);
  });

  it('the test says in pt-BR what failed: credentials refused, PSP down', async () => {
    await call('PUT', url(org), connection({ clientSecret: 'segredo-errado-999' }));
    const wrong = (await call('POST', url(org, companyId, '/test'))).json();
    expect(wrong).toEqual({
      ok: false,
      steps: [{ name: 'Token OAuth 2', ok: false, message: expect.stringContaining('recusou as credenciais') }],
    });
    // A PSP that is not there: the connection is still saved; the webhook failure is kept and shown.
    const down = await call(
      'PUT',
      url(org),
      connection({ baseUrl: 'http://127.0.0.1:9/api/v2', tokenUrl: 'http://127.0.0.1:9/oauth/token' }),
    );
    expect(down.statusCode).toBe(200);
    expect(down.json().connection).toMatchObject({
      webhookStatus: 'failed',
      webhookError: 'Não foi possível conectar ao PSP em 127.0.0.1:9',
    });
    expect((await call('POST', url(org, companyId, '/test'))).json().steps[0].message).toBe(
      'Não foi possível conectar ao PSP em 127.0.0.1:9',
    );
    await call('PUT', url(org), connection());
  });

  it('on https the client certificate is required; it is kept sealed with its subject and validity', async () => {
    const certs = mutualTlsCertificates(CERT_PASSWORD);
    const form = (password: string, data = certs.clientPfx) =>
      multipartForm({ password }, { field: 'file', data, filename: 'psp.p12', contentType: 'application/x-pkcs12' });
    let f = form('senha-errada');
    expect((await call('POST', url(org, companyId, '/certificate'), f.payload, undefined, f.headers)).json()).toEqual({
      errors: { password: [pixPspMessages.certificateWrongPassword] },
    });
    f = form(CERT_PASSWORD, Buffer.from('não sou um certificado'));
    expect((await call('POST', url(org, companyId, '/certificate'), f.payload, undefined, f.headers)).json()).toEqual({
      errors: { file: [pixPspMessages.certificateInvalid] },
    });

    const secure = await startPixStandIn({
      tls: { ...certs.server, ca: certs.caPem },
      clientSecret: 'segredo-https-42',
    });
    try {
      await call(
        'PUT',
        url(org),
        connection({
          baseUrl: secure.baseUrl,
          tokenUrl: secure.tokenUrl,
          clientId: secure.clientId,
          clientSecret: secure.clientSecret,
        }),
      );
      const test = (await call('POST', url(org, companyId, '/test'))).json();
      expect(test.steps[0]).toEqual({ name: 'Certificado', ok: false, message: pixPspMessages.certificateNeeded });
      f = form(CERT_PASSWORD);
      const uploaded = await call('POST', url(org, companyId, '/certificate'), f.payload, undefined, f.headers);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      expect(uploaded.json().certificate).toMatchObject({ subject: expect.stringContaining('EMPRESA CLIENTE LTDA') });
      // The stand-in's authority is not one Node trusts: the failure is the server's certificate, in pt-BR.
      const untrusted = (await call('POST', url(org, companyId, '/test'))).json();
      expect(untrusted.steps[1]).toMatchObject({
        name: 'Token OAuth 2',
        ok: false,
        message: expect.stringContaining('Falha na conexão segura (mTLS)'),
      });
    } finally {
      await secure.close();
    }
    await call('PUT', url(org), connection());
  });

  it('removing the connection forgets it', async () => {
    expect((await call('DELETE', url(org))).statusCode).toBe(204);
    expect((await call('GET', url(org))).json().connection).toBeNull();
    expect((await call('POST', url(org, companyId, '/test'))).json()).toEqual({
      ok: false,
      steps: [{ name: 'Conexão', ok: false, message: pixPspMessages.notConnected }],
    });
  });
});

describe('secrets', () => {
  it('the client secret and the certificate password appear in no answer and no log line', () => {
    expect(answers.length).toBeGreaterThan(15);
    expect(logLines.length).toBeGreaterThan(15);
    for (const text of [...answers, ...logLines]) {
      for (const secret of [psp.clientSecret, 'segredo-errado-999', 'segredo-https-42', CERT_PASSWORD])
        expect(text).not.toContain(secret);
    }
  });
});
