import { eq } from 'drizzle-orm';
import { PersonType } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { makeTestA1 } from '@ordem-certa/nfse-xml/testing';
import { startSefinStandIn } from '@ordem-certa/test-support/sefin-stand-in';
import { createOrg, createTestApp, type TestContext, type TestOrg } from './helpers.ts';
import { newCnpj } from './factories.ts';
import { invoiceWorld, type InvoiceWorld } from './invoice-fixtures.ts';

// A company ready to issue NFS-e against the SEFIN stand-in, for the NFS-e API tests: its address,
// fiscal settings and A1 certificate, a company customer with an address, and helpers that complete
// an order, issue its NFS-e and wait for the job's answer.

export const NFSE_PASSWORD = 'senha-do-pfx-Xy7#q';

/** A multipart body with the certificate file and its password. */
export function certificateForm(pfx: Buffer, password: string | null, fileName = 'empresa.pfx') {
  const boundary = `----nfse${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  if (password !== null)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
    ),
    pfx,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Fiscal settings of an ME/EPP in São Paulo paying everything in the Simples Nacional. */
export const simplesSettings = {
  municipalityCode: '3550308',
  municipalRegistration: '12345678',
  simplesNacional: 3,
  specialRegime: 0,
  serviceCode: '140101',
  issRate: 2.5,
  environment: 'homologation',
  dpsSeries: '1',
  nextDpsNumber: 1,
};

/** The world's company and customer, both in São Paulo (the settings' default municipality). */
export async function nfseAddresses(ctx: TestContext, org: TestOrg, world: InvoiceWorld) {
  await ctx.database.db.insert(schema.addresses).values({
    organizationId: org.organization.id,
    companyId: world.company.id,
    address: 'Rua da Empresa',
    number: 100,
    neighborhood: 'Centro',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '01001000',
    ibgeCode: '3550308',
  });
  await world.addAddress({
    address: 'Rua do Cliente',
    number: 42,
    neighborhood: 'Pinheiros',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '05422000',
    ibgeCode: '3550308',
  });
}

/** A company outside the Simples Nacional: São Paulo sets its ISS rate (the stand-in's 2 %). */
export const normalRegime = { ...simplesSettings, simplesNacional: 1, issRate: null };

/** The key the tests' app seals certificates with. */
export const NFSE_SECRETS_KEY = 'chave-dos-certificados-teste-9f8e7d';

/**
 * An NFS-e test file's world: the SEFIN stand-in, an app speaking to it (the municipal parameters
 * too; `config` adds to its settings), an organization with its invoice world, and the company ready to issue with `settings`.
 */
export async function startNfseWorld(settings?: Record<string, unknown>, config: Record<string, unknown> = {}) {
  const standIn = await startSefinStandIn();
  const ctx = await createTestApp({
    config: {
      nfseApiUrl: standIn.url,
      nfseProductionApiUrl: 'http://127.0.0.1:9',
      nfseParametersUrl: `${standIn.url}/parametrizacao`,
      secretsKey: NFSE_SECRETS_KEY,
      ...config,
    },
  });
  const org = await createOrg(ctx);
  const world = await invoiceWorld(ctx, org);
  const n = await nfseCompany(ctx, org, world, settings);
  return { standIn, ctx, org, world, n };
}

/**
 * Readies the world's company to issue (address in São Paulo, `settings`, a certificate) and gives the
 * world's customer an address; `takerCompany` is a second customer, a company (CNPJ) with an address.
 */
export async function nfseCompany(
  ctx: TestContext,
  org: TestOrg,
  world: InvoiceWorld,
  settings: Record<string, unknown> = simplesSettings,
) {
  const db = ctx.database.db;
  const organizationId = org.organization.id;
  const api = `/api/organizations/${organizationId}`;
  await nfseAddresses(ctx, org, world);
  const [takerCompany] = await db
    .insert(schema.customers)
    .values({ organizationId, type: PersonType.Juridical, identifier: newCnpj(), name: 'Condomínio Aurora' })
    .returning();
  await world.addAddress(
    {
      address: 'Avenida Brigadeiro Faria Lima',
      number: 3477,
      neighborhood: 'Itaim Bibi',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '04538132',
      ibgeCode: '3550308',
    },
    takerCompany!.id,
  );
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `${api}/companies/${world.company.id}/fiscal`,
    headers: org.as(org.admin.token),
    payload: settings,
  });
  if (put.statusCode !== 200) throw new Error(`fiscal settings: ${put.statusCode} ${put.body}`);
  const pfx = makeTestA1({ cnpj: world.company.identifier, password: NFSE_PASSWORD, name: 'OFICINA TESTE' });
  const form = certificateForm(pfx, NFSE_PASSWORD);
  const upload = await ctx.app.inject({
    method: 'POST',
    url: `${api}/companies/${world.company.id}/certificate`,
    headers: { ...org.as(org.admin.token), ...form.headers },
    payload: form.payload,
  });
  if (upload.statusCode !== 200) throw new Error(`certificate: ${upload.statusCode} ${upload.body}`);

  const nfseUrl = (invoiceId: number, rest = '') => `${api}/invoices/${invoiceId}/nfse${rest}`;
  const nfseCall = (method: 'GET' | 'POST' | 'PUT', invoiceId: number, rest = '', payload?: object) =>
    ctx.app.inject({ method, url: nfseUrl(invoiceId, rest), headers: org.as(org.admin.token), payload });

  /** A completed order of `customerId` (the world's customer unless said) with two of the world's service. */
  async function completedOrder(description = 'Limpeza completa', customerId = world.customer.id) {
    const order = await world.createInvoice(customerId);
    const line = await world.admin('POST', `/${order.id}/services`, {
      service: world.service.id,
      quantity: 2,
      description,
    });
    if (line.statusCode !== 201) throw new Error(`line: ${line.statusCode} ${line.body}`);
    await world.moveTo(order.id, 20);
    return order;
  }

  /** Waits until the order's NFS-e has left 'processing' (the POST's own attempt runs beside the request). */
  async function settled(invoiceId: number) {
    for (let i = 0; i < 200; i++) {
      const res = await nfseCall('GET', invoiceId);
      if (res.json().status !== 'processing') return res.json();
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('NFS-e still processing');
  }

  /** Issues the order's NFS-e and waits for it to be issued. */
  async function issued(invoiceId: number) {
    const res = await nfseCall('POST', invoiceId);
    if (res.statusCode !== 202) throw new Error(`issue: ${res.statusCode} ${res.body}`);
    const nfse = await settled(invoiceId);
    if (nfse.status !== 'issued') throw new Error(`not issued: ${JSON.stringify(nfse)}`);
    return nfse;
  }

  /** The order's NFS-e documents, oldest first. */
  const documents = (invoiceId: number) =>
    db
      .select()
      .from(schema.nfseDocuments)
      .where(eq(schema.nfseDocuments.invoiceId, invoiceId))
      .orderBy(schema.nfseDocuments.id);

  return { takerCompany: takerCompany!, pfx, nfseUrl, nfseCall, completedOrder, settled, issued, documents };
}
