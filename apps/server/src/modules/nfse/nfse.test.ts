import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { allFeatures, nfseMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { invoiceWorld, type InvoiceWorld } from '../../../test/invoice-fixtures.ts';
import { multipart, newCnpj } from '../../../test/factories.ts';
import { makeTestA1 } from '@ordem-certa/nfse-xml/testing';
import { startSefinStandIn } from '@ordem-certa/test-support/sefin-stand-in';
import { openA1 } from '@ordem-certa/nfse-xml';
import { sendDueNfse, warnExpiringCertificates } from './nfse-job.ts';
import { companyCertificate, type NfseContext } from './nfse.service.ts';
import { postDps } from './sefin-client.ts';
import {
  certificateForm as nfseCertificateForm,
  NFSE_PASSWORD,
  nfseAddresses,
  simplesSettings,
} from '../../../test/nfse-fixtures.ts';

// NFS-e Nacional end to end against the local stand-in of the national system: fiscal settings, the A1
// certificate (kept encrypted, never answered or logged), issuing through the job, rejection and retry,
// cancellation and the month's ZIP.

const PASSWORD = NFSE_PASSWORD;
const CERT_KEY = 'chave-dos-certificados-teste-9f8e7d';

let standIn: { url: string; close(): Promise<void> };
let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let lite: TestOrg;
let world: InvoiceWorld;
const logLines: string[] = [];
const answers: string[] = [];

/** Every answer's body is kept, to show that no password or key ever left the server. */
async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = {}) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload !== undefined ? { payload: payload as string } : {}),
  });
  answers.push(res.body);
  return res;
}

const fiscalUrl = (o: TestOrg, companyId: number) =>
  `/api/organizations/${o.organization.id}/companies/${companyId}/fiscal`;
const certUrl = (o: TestOrg, companyId: number) =>
  `/api/organizations/${o.organization.id}/companies/${companyId}/certificate`;
const nfseUrl = (o: TestOrg, invoiceId: number, rest = '') =>
  `/api/organizations/${o.organization.id}/invoices/${invoiceId}/nfse${rest}`;

/** A multipart body with the certificate file and its password; every file sent is kept. */
const uploaded: Buffer[] = [];
function certificateForm(pfx: Buffer, password: string | null, fileName?: string) {
  uploaded.push(pfx);
  return nfseCertificateForm(pfx, password, fileName);
}

const nfseCtx = (overrides: Partial<NfseContext['config']> = {}): NfseContext => ({
  db: ctx.database.db,
  config: { nfseApiUrl: standIn.url, nfseProductionApiUrl: 'http://127.0.0.1:9', secretsKey: CERT_KEY, ...overrides },
  log: ctx.app.log,
});

/** Waits until the order's NFS-e has left 'processing' (the POST's own attempt runs beside the request). */
async function settled(invoiceId: number) {
  for (let i = 0; i < 100; i++) {
    const res = await call(org.admin.token, 'GET', nfseUrl(org, invoiceId));
    if (res.json().status !== 'processing') return res.json();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('NFS-e still processing');
}

/** A completed order of the world's customer with one service line (its description as given). */
async function completedOrder(description = 'Limpeza completa') {
  const order = await world.createInvoice();
  const line = await world.admin('POST', `/${order.id}/services`, {
    service: world.service.id,
    quantity: 2,
    description,
  });
  expect(line.statusCode, line.body).toBe(201);
  await world.moveTo(order.id, 20);
  return order;
}

beforeAll(async () => {
  standIn = await startSefinStandIn();
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp({
    config: { nfseApiUrl: standIn.url, nfseProductionApiUrl: 'http://127.0.0.1:9', secretsKey: CERT_KEY },
    logger: { level: 'debug', stream },
  });
  org = await createOrg(ctx);
  other = await createOrg(ctx);
  lite = await createOrg(ctx, { features: { ...allFeatures, nfse: false } });
  world = await invoiceWorld(ctx, org);
  await nfseAddresses(ctx, org, world);
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});

describe('fiscal settings', () => {
  it('401 without a token; another organization gets 404; a collaborator 403; without the feature 403', async () => {
    expect((await ctx.app.inject({ url: fiscalUrl(org, world.company.id) })).statusCode).toBe(401);
    expect((await call(other.admin.token, 'GET', fiscalUrl(other, world.company.id))).statusCode).toBe(404);
    expect((await call(org.worker.token, 'GET', fiscalUrl(org, world.company.id))).statusCode).toBe(403);
    const liteCompany = await ctx.database.db
      .insert(schema.companies)
      .values({ organizationId: lite.organization.id, type: 1, identifier: newCnpj(), name: 'Lite' })
      .returning();
    const res = await call(lite.admin.token, 'GET', fiscalUrl(lite, liteCompany[0]!.id));
    expect(res.statusCode).toBe(403);
  });

  it('starts empty, with the municipality of the company address as default', async () => {
    const res = await call(org.admin.token, 'GET', fiscalUrl(org, world.company.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      settings: null,
      defaultMunicipalityCode: '3550308',
      municipality: { name: 'São Paulo', state: 'SP' },
      certificate: null,
    });
  });

  it('refuses each wrong field with its pt-BR message', async () => {
    const res = await call(org.admin.token, 'PUT', fiscalUrl(org, world.company.id), {
      municipalityCode: '355030',
      municipalRegistration: 'IM com espaço',
      simplesNacional: 4,
      specialRegime: 9,
      serviceCode: '14.01',
      issRate: 7,
      environment: 'teste',
      dpsSeries: '123456',
      nextDpsNumber: 0,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      municipalityCode: [nfseMessages.municipalityCode],
      municipalRegistration: [nfseMessages.municipalRegistration],
      simplesNacional: [nfseMessages.simplesNacional],
      specialRegime: [nfseMessages.specialRegime],
      serviceCode: [nfseMessages.serviceCode],
      issRate: [nfseMessages.issRate],
      environment: [nfseMessages.environment],
      dpsSeries: [nfseMessages.dpsSeries],
      nextDpsNumber: [nfseMessages.nextDpsNumber],
    });
    const unknown = await call(org.admin.token, 'PUT', fiscalUrl(org, world.company.id), {
      ...simplesSettings,
      municipalityCode: '9999999',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ municipalityCode: [nfseMessages.municipalityUnknown] });
  });

  it('saves them; an ME/EPP gets regApTribSN 1 when not said, the others none', async () => {
    const res = await call(org.admin.token, 'PUT', fiscalUrl(org, world.company.id), simplesSettings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toEqual({
      ...simplesSettings,
      regApTribSN: 1,
      ibsCbs: false,
      ibsCbsOperation: null,
      ibsCbsCst: null,
      ibsCbsClass: null,
      materialsIncluded: true,
    });
    const mei = await call(org.admin.token, 'PUT', fiscalUrl(org, world.company.id), {
      ...simplesSettings,
      simplesNacional: 2,
      regApTribSN: 2,
    });
    expect(mei.json().settings.regApTribSN).toBeNull();
    // The municipal registration as the city hall prints it: its points, dashes and slashes are dropped.
    const punctuated = await call(org.admin.token, 'PUT', fiscalUrl(org, world.company.id), {
      ...simplesSettings,
      municipalRegistration: '12.345/001-2',
    });
    expect(punctuated.json().settings.municipalRegistration).toBe('123450012');
    await call(org.admin.token, 'PUT', fiscalUrl(org, world.company.id), simplesSettings);
  });

  it('a service may carry its own national service code', async () => {
    const withCode = (serviceCode: string) =>
      call(org.admin.token, 'PUT', `/api/organizations/${org.organization.id}/services/${world.service.id}`, {
        name: world.service.name,
        price: 180,
        serviceCode,
      });
    const res = await withCode('14.01.02');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().serviceCode).toBe('140102');
    const bad = await withCode('1401');
    expect(bad.json().errors).toEqual({ serviceCode: [nfseMessages.serviceCode] });
  });
});

describe('the A1 certificate', () => {
  it('refuses a wrong password, a file that is not a pfx, and a missing file or password', async () => {
    const pfx = makeTestA1({ cnpj: world.company.identifier, password: PASSWORD, name: 'OFICINA TESTE' });
    const wrong = certificateForm(pfx, 'outra-senha');
    let res = await call(org.admin.token, 'POST', certUrl(org, world.company.id), wrong.payload, wrong.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: [nfseMessages.certificateWrongPassword] });

    const notPfx = certificateForm(Buffer.from('isto não é um certificado'), PASSWORD);
    res = await call(org.admin.token, 'POST', certUrl(org, world.company.id), notPfx.payload, notPfx.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [nfseMessages.certificateNotA1] });

    const noPassword = certificateForm(pfx, null);
    res = await call(org.admin.token, 'POST', certUrl(org, world.company.id), noPassword.payload, noPassword.headers);
    expect(res.json().errors).toEqual({ password: [nfseMessages.certificatePassword] });

    const onlyImage = multipart('logo', Buffer.from('x'), 'a.png', 'image/png');
    res = await call(org.admin.token, 'POST', certUrl(org, world.company.id), onlyImage.payload, onlyImage.headers);
    expect(res.statusCode).toBe(422);
  });

  it('warns when the certificate is of another CNPJ (and keeps it)', async () => {
    const otherCnpj = newCnpj();
    const form = certificateForm(makeTestA1({ cnpj: otherCnpj, password: PASSWORD }), PASSWORD);
    const res = await call(org.admin.token, 'POST', certUrl(org, world.company.id), form.payload, form.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().certificate.cnpj).toBe(otherCnpj);
    expect(res.json().warnings).toHaveLength(1);
    expect(res.json().warnings[0]).toContain('diferente do CNPJ da empresa');
  });

  it("keeps the company's certificate encrypted; GET fiscal shows its subject and validity", async () => {
    const notAfter = new Date(Date.now() + 400 * 86_400_000);
    const pfx = makeTestA1({ cnpj: world.company.identifier, password: PASSWORD, name: 'OFICINA TESTE', notAfter });
    const form = certificateForm(pfx, PASSWORD);
    const res = await call(org.admin.token, 'POST', certUrl(org, world.company.id), form.payload, form.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().warnings).toEqual([]);
    const fiscal = (await call(org.admin.token, 'GET', fiscalUrl(org, world.company.id))).json();
    expect(fiscal.certificate.subject).toContain('OFICINA TESTE');
    expect(fiscal.certificate.cnpj).toBe(world.company.identifier);
    expect(Math.abs(new Date(fiscal.certificate.notAfter).getTime() - notAfter.getTime())).toBeLessThan(2000);

    const f = schema.companyFiscalSettings;
    const [row] = await ctx.database.db.select().from(f).where(eq(f.companyId, world.company.id));
    expect(row!.certificatePfx).toMatch(/^v1:/);
    expect(row!.certificatePfx).not.toContain(pfx.toString('base64').slice(0, 40));
    expect(row!.certificatePassword).not.toContain(PASSWORD);
    expect(Buffer.from(row!.certificatePassword!.slice(3), 'base64').toString('latin1')).not.toContain(PASSWORD);
  });
});

describe('issuing', () => {
  it('401, 403 for a collaborator, 404 for another organization, 403 without the feature', async () => {
    const order = await completedOrder();
    expect((await ctx.app.inject({ method: 'POST', url: nfseUrl(org, order.id) })).statusCode).toBe(401);
    expect((await call(org.worker.token, 'POST', nfseUrl(org, order.id))).statusCode).toBe(403);
    expect((await call(other.admin.token, 'POST', nfseUrl(other, order.id))).statusCode).toBe(404);
    expect((await call(other.admin.token, 'GET', nfseUrl(other, order.id))).statusCode).toBe(404);
    expect((await call(lite.admin.token, 'POST', nfseUrl(lite, order.id))).statusCode).toBe(403);
    expect((await call(org.admin.token, 'GET', nfseUrl(org, order.id))).statusCode).toBe(404);
  });

  it('refuses an order that is not completed (409)', async () => {
    const order = await world.createInvoice();
    await world.admin('POST', `/${order.id}/services`, { service: world.service.id, quantity: 1 });
    await world.moveTo(order.id, 10);
    const res = await call(org.admin.token, 'POST', nfseUrl(org, order.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([nfseMessages.notCompleted]);
  });

  it('issues: processing, then issued with number and access key; the order NF becomes the number', async () => {
    const order = await completedOrder();
    const res = await call(org.admin.token, 'POST', nfseUrl(org, order.id));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      status: 'processing',
      dpsSeries: '1',
      dpsNumber: 1,
      environment: 'homologation',
    });
    const nfse = await settled(order.id);
    expect(nfse).toMatchObject({ status: 'issued', errors: [], hasNfseXml: true });
    expect(nfse.number).toMatch(/^\d+$/);
    expect(nfse.accessKey).toMatch(/^\d{50}$/);
    const detail = (await world.admin('GET', `/${order.id}`)).json();
    expect(detail.invoiceInfo2).toBe(nfse.number);

    const dps = await call(org.admin.token, 'GET', nfseUrl(org, order.id, '/dps.xml'));
    expect(dps.statusCode).toBe(200);
    expect(dps.headers['content-type']).toContain('application/xml');
    expect(dps.body).toContain('<DPS');
    expect(dps.body).toContain('<Signature');
    expect(dps.body).toContain('<cTribNac>140102</cTribNac>');
    expect(dps.body).toContain('Limpeza de split');
    const xml = await call(org.admin.token, 'GET', nfseUrl(org, order.id, '/nfse.xml'));
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(`<nNFSe>${nfse.number}</nNFSe>`);
    expect((await call(org.admin.token, 'GET', nfseUrl(org, order.id, '/cancel.xml'))).statusCode).toBe(404);

    // The order keeps the values its NFS-e declared: no reopening while it stands.
    const reopen = await world.admin('POST', `/${order.id}/start`);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().errors).toEqual([nfseMessages.reopenWithNfse]);
    expect((await world.admin('GET', `/${order.id}/allowed-changes`)).json().data).toEqual([]);

    // A second POST while one is issued: 409, and no second DPS number taken.
    const again = await call(org.admin.token, 'POST', nfseUrl(org, order.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([nfseMessages.alreadyIssued]);
    const f = schema.companyFiscalSettings;
    const [settings] = await ctx.database.db.select().from(f).where(eq(f.companyId, world.company.id));
    expect(settings!.nextDpsNumber).toBe(2);
  });

  it('a DPS the layout cannot carry is a 422 saying why; nothing is sent and the number is kept', async () => {
    // An order whose end was recorded as tomorrow: the competence would come after the issue (E0015).
    const order = await completedOrder();
    await ctx.database.db
      .update(schema.invoices)
      .set({ finishedAt: new Date(Date.now() + 2 * 86_400_000) })
      .where(eq(schema.invoices.id, order.id));
    const f = schema.companyFiscalSettings;
    const before = (await ctx.database.db.select().from(f).where(eq(f.companyId, world.company.id)))[0]!.nextDpsNumber;
    const res = await call(org.admin.token, 'POST', nfseUrl(org, order.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.dps[0]).toBe(nfseMessages.invalidDps);
    expect(res.json().errors.dps[1]).toContain('data de competência');
    const after = (await ctx.database.db.select().from(f).where(eq(f.companyId, world.company.id)))[0]!.nextDpsNumber;
    expect(after).toBe(before);
    const d = schema.nfseDocuments;
    expect(await ctx.database.db.select().from(d).where(eq(d.invoiceId, order.id))).toEqual([]);
  });

  it('a customer without a valid CPF/CNPJ is a 422 on the customer', async () => {
    const [noId] = await ctx.database.db
      .insert(schema.customers)
      .values({ organizationId: org.organization.id, type: 2, identifier: '123', name: 'Sem CPF' })
      .returning();
    const order = await world.createInvoice(noId!.id);
    await world.admin('POST', `/${order.id}/services`, { service: world.service.id, quantity: 1 });
    await world.moveTo(order.id, 20);
    const res = await call(org.admin.token, 'POST', nfseUrl(org, order.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ customer: [nfseMessages.takerIdentifier] });
  });

  it('a rejection keeps the codes; after the data is fixed a new POST issues it', async () => {
    const order = await completedOrder('REJEITAR este serviço');
    expect((await call(org.admin.token, 'POST', nfseUrl(org, order.id))).statusCode).toBe(202);
    const rejected = await settled(order.id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.errors).toEqual([expect.objectContaining({ code: 'E0999' })]);
    expect((await world.admin('GET', `/${order.id}`)).json().invoiceInfo2).toBeNull();

    // Reopened, the line fixed, completed again.
    const lines = (await world.admin('GET', `/${order.id}`)).json().invoiceServices as Array<{ id: number }>;
    await world.admin('POST', `/${order.id}/start`);
    const edit = await world.admin('PATCH', `/${order.id}/services/${lines[0]!.id}`, {
      description: 'Limpeza completa',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await world.admin('POST', `/${order.id}/complete`);
    expect((await call(org.admin.token, 'POST', nfseUrl(org, order.id))).statusCode).toBe(202);
    const issued = await settled(order.id);
    expect(issued.status).toBe('issued');
    expect((await world.admin('GET', `/${order.id}`)).json().invoiceInfo2).toBe(issued.number);
  });

  it('a national system that does not answer: processing, retried with back-off; a lost answer is found, not sent twice', async () => {
    await call(org.admin.token, 'PUT', fiscalUrl(org, world.company.id), {
      ...simplesSettings,
      environment: 'production',
      nextDpsNumber: 500,
    });
    const order = await completedOrder();
    expect((await call(org.admin.token, 'POST', nfseUrl(org, order.id))).statusCode).toBe(202);
    const d = schema.nfseDocuments;
    const waitFailed = async () => {
      for (let i = 0; i < 100; i++) {
        const [row] = await ctx.database.db.select().from(d).where(eq(d.invoiceId, order.id));
        if (row?.lastError) return row;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('no attempt recorded');
    };
    const failed = await waitFailed();
    expect(failed.status).toBe('processing');
    expect(failed.attempts).toBe(1);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await call(org.admin.token, 'GET', nfseUrl(org, order.id))).json()).toMatchObject({
      status: 'processing',
      attempts: 1,
    });
    // Not due yet: the job leaves it alone.
    expect(await sendDueNfse(nfseCtx({ nfseProductionApiUrl: standIn.url }))).toBe(0);
    // Say the first attempt did reach the national system and only its answer was lost: the retry must
    // find that NFS-e instead of making a second one.
    const { pfx } = await companyCertificate(nfseCtx(), org.organization.id, world.company.id);
    const lost = await postDps({ baseUrl: standIn.url, pfx, password: PASSWORD, signedXml: failed.dpsXml });
    expect(lost.ok).toBe(true);
    await ctx.database.db
      .update(d)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(d.id, failed.id));
    expect(await sendDueNfse(nfseCtx({ nfseProductionApiUrl: standIn.url }))).toBe(1);
    const nfse = await settled(order.id);
    expect(nfse).toMatchObject({ status: 'issued', environment: 'production', dpsNumber: 500, attempts: 2 });
    expect(nfse.accessKey).toBe(lost.ok && lost.accessKey);
    await call(org.admin.token, 'PUT', fiscalUrl(org, world.company.id), { ...simplesSettings, nextDpsNumber: 10 });
  });
});

describe('cancelling', () => {
  let orderId: number;
  let number: string;
  beforeAll(async () => {
    const order = await completedOrder();
    orderId = order.id;
    await call(org.admin.token, 'POST', nfseUrl(org, order.id));
    number = (await settled(order.id)).number;
  });

  it('asks for a reason of at least 15 characters; a collaborator gets 403', async () => {
    const res = await call(org.admin.token, 'POST', nfseUrl(org, orderId, '/cancel'), { reason: 'curto demais' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ reason: [nfseMessages.cancelReason] });
    const worker = await call(org.worker.token, 'POST', nfseUrl(org, orderId, '/cancel'), {
      reason: 'Serviço lançado em duplicidade',
    });
    expect(worker.statusCode).toBe(403);
  });

  it('sends the signed cancellation event; the NFS-e is canceled and the order NF emptied', async () => {
    const res = await call(org.admin.token, 'POST', nfseUrl(org, orderId, '/cancel'), {
      reason: 'Serviço lançado em duplicidade',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'canceled',
      number,
      cancelReason: 'Serviço lançado em duplicidade',
      hasCancelXml: true,
    });
    expect((await world.admin('GET', `/${orderId}`)).json().invoiceInfo2).toBeNull();
    const xml = await call(org.admin.token, 'GET', nfseUrl(org, orderId, '/cancel.xml'));
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('101101');
    const d = schema.nfseDocuments;
    const [row] = await ctx.database.db.select().from(d).where(eq(d.invoiceId, orderId));
    expect(row!.cancelRequestXml).toContain('<Signature');
    const again = await call(org.admin.token, 'POST', nfseUrl(org, orderId, '/cancel'), {
      reason: 'Serviço lançado em duplicidade',
    });
    expect(again.statusCode).toBe(409);
  });
});

describe("the month's XML for the accountant", () => {
  it('a ZIP of the NFS-e issued in the month (cancellations too); a wrong month is a 422', async () => {
    const base = `/api/organizations/${org.organization.id}/nfse/export`;
    expect((await call(org.worker.token, 'GET', `${base}?month=2026-01`)).statusCode).toBe(403);
    const bad = await call(org.admin.token, 'GET', `${base}?month=2026-13`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ month: [nfseMessages.month] });

    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
    const res = await ctx.app.inject({ url: `${base}?month=${month}`, headers: org.as(org.admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    const issued = await ctx.database.db
      .select({ number: schema.nfseDocuments.nfseNumber, status: schema.nfseDocuments.status })
      .from(schema.nfseDocuments)
      .where(and(eq(schema.nfseDocuments.organizationId, org.organization.id), sql`nfse_xml IS NOT NULL`));
    expect(issued.length).toBeGreaterThanOrEqual(3);
    for (const n of issued) expect(names).toContain(`NFSe-${n.number}.xml`);
    const canceled = issued.find((n) => n.status === 'canceled')!;
    expect(names).toContain(`NFSe-${canceled.number}-cancelamento.xml`);
    expect(Buffer.from(files[`NFSe-${canceled.number}.xml`]!).toString()).toContain('<NFSe');

    const empty = await ctx.app.inject({ url: `${base}?month=2020-01`, headers: org.as(org.admin.token) });
    expect(Object.keys(unzipSync(new Uint8Array(empty.rawPayload)))).toEqual([]);
  });

  it("'NFS-e emitidas' is in the reports, with CSV", async () => {
    const list = (await call(org.admin.token, 'GET', `/api/organizations/${org.organization.id}/reports`)).json();
    expect(list.data.map((r: { name: string }) => r.name)).toContain('nfse-issued');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const data = await call(
      org.admin.token,
      'POST',
      `/api/organizations/${org.organization.id}/reports/nfse-issued/data`,
      {
        from: today,
        to: today,
      },
    );
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().body.length).toBeGreaterThanOrEqual(3);
    const csv = await call(
      org.admin.token,
      'POST',
      `/api/organizations/${org.organization.id}/reports/nfse-issued/csv`,
      {
        from: today,
        to: today,
      },
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Chave de acesso');
    expect(csv.body).toContain('Cancelada');
  });
});

describe("the customer's data (LGPD)", () => {
  it('lists each order NFS-e (number, key, status) in the export', async () => {
    const res = await ctx.app.inject({
      url: `/api/organizations/${org.organization.id}/customers/${world.customer.id}/export`,
      headers: org.as(org.admin.token),
    });
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(Buffer.from(unzipSync(new Uint8Array(res.rawPayload))['data.json']!).toString());
    const listed = (data.ordensDeServico as Array<{ nfse: Array<{ numero: string; situacao: string }> }>).flatMap(
      (o) => o.nfse,
    );
    const d = schema.nfseDocuments;
    const issued = await ctx.database.db
      .select({ number: d.nfseNumber })
      .from(d)
      .where(and(eq(d.organizationId, org.organization.id), sql`issued_at IS NOT NULL`));
    expect(listed.map((x) => x.numero).sort()).toEqual(issued.map((x) => x.number).sort());
    expect(listed.map((x) => x.situacao)).toContain('Cancelada');
  });
});

describe('the certificate expiring', () => {
  it('tells the admins once, 30 days before', async () => {
    const company = await ctx.database.db
      .insert(schema.companies)
      .values({ organizationId: org.organization.id, type: 1, identifier: newCnpj(), name: 'Vence Logo Ltda' })
      .returning();
    const id = company[0]!.id;
    const pfx = makeTestA1({
      cnpj: company[0]!.identifier,
      password: PASSWORD,
      notAfter: new Date(Date.now() + 10 * 86_400_000),
    });
    const form = certificateForm(pfx, PASSWORD);
    expect((await call(org.admin.token, 'POST', certUrl(org, id), form.payload, form.headers)).statusCode).toBe(200);
    expect(await warnExpiringCertificates(nfseCtx())).toBeGreaterThanOrEqual(1);
    expect(await warnExpiringCertificates(nfseCtx())).toBe(0);
    const n = schema.notifications;
    const mine = await ctx.database.db
      .select()
      .from(n)
      .where(and(eq(n.userId, org.admin.id), eq(n.title, nfseMessages.certificateExpiringTitle)));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.description).toContain('Vence Logo Ltda');
    expect(mine[0]!.url).toBe(`/companies/${id}/edit?tab=fiscal`);
  });
});

describe('secrets', () => {
  it('the certificate password and the encryption key appear in no answer and no log line', () => {
    expect(answers.length).toBeGreaterThan(20);
    expect(logLines.length).toBeGreaterThan(20);
    // Nor the certificate file nor its private key (the certificate inside it is public: the DPS and
    // GET fiscal show it, so only the whole file and the key are looked for).
    const pfxTraces = uploaded.flatMap((pfx) => {
      const traces = [pfx.toString('base64'), pfx.toString('hex').slice(0, 200)];
      try {
        const key = openA1(pfx, PASSWORD).privateKeyPem.replace(/-----[^-]+-----|\s/g, '');
        traces.push(key.slice(64, 128), key.slice(-128, -64));
      } catch {
        // a file that was not an A1
      }
      return traces;
    });
    for (const text of [...answers, ...logLines]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(CERT_KEY);
      for (const trace of pfxTraces) expect(text.includes(trace)).toBe(false);
    }
  });
});
