import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { allFeatures, nfseMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { startSefinStandIn, type SefinStandIn } from '@ordem-certa/test-support/sefin-stand-in';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { invoiceWorld, type InvoiceWorld } from '../../../test/invoice-fixtures.ts';
import { nfseCompany, simplesSettings } from '../../../test/nfse-fixtures.ts';
import { createMailer } from '../../lib/mailer.ts';
import { queueAccountantEmails, sendAccountantEmails } from './accountant.service.ts';
import type { NfseContext } from './nfse.service.ts';

// The finance side of the NFS-e: the 'Notas fiscais' list (filters, totals, CSV), what customers and
// orders withhold (and the net they leave to receive), and the month's files e-mailed to the
// accountant by the job (a real SMTP server on loopback receives them).

const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;
const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, outboxDir: '/tmp' });

let standIn: SefinStandIn;
let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let lite: TestOrg;
let world: InvoiceWorld;
let n: Awaited<ReturnType<typeof nfseCompany>>;
const api = (o: TestOrg, rest: string) => `/api/organizations/${o.organization.id}${rest}`;
const get = (o: TestOrg, rest: string, token = o.admin.token) =>
  ctx.app.inject({ url: api(o, rest), headers: o.as(token) });
const put = (o: TestOrg, rest: string, payload: object, token = o.admin.token) =>
  ctx.app.inject({ method: 'PUT', url: api(o, rest), headers: o.as(token), payload });
const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);

beforeAll(async () => {
  standIn = await startSefinStandIn();
  ctx = await createTestApp({
    mailer,
    config: {
      nfseApiUrl: standIn.url,
      nfseParametersUrl: `${standIn.url}/parametrizacao`,
      secretsKey: 'chave-dos-certificados-teste-9f8e7d',
    },
  });
  org = await createOrg(ctx);
  other = await createOrg(ctx);
  lite = await createOrg(ctx, { features: { ...allFeatures, nfse: false } });
  world = await invoiceWorld(ctx, org);
  n = await nfseCompany(ctx, org, world, { ...simplesSettings, simplesNacional: 1, issRate: null });
  await ctx.database.db
    .update(schema.companies)
    .set({ email: 'fiscal@oficina.com.br' })
    .where(eq(schema.companies.id, world.company.id));
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('withholdings of customers and orders', () => {
  it('401, another organization 404, a collaborator 403, without the feature 403', async () => {
    const url = `/customers/${n.takerCompany.id}/nfse-withholdings`;
    expect((await ctx.app.inject({ url: api(org, url) })).statusCode).toBe(401);
    expect((await get(other, url)).statusCode).toBe(404);
    expect((await get(org, url, org.worker.token)).statusCode).toBe(403);
    expect((await get(lite, url)).statusCode).toBe(403);
  });

  it("a customer's default: refused rates name their field; saved, the order shows them and its net", async () => {
    const url = `/customers/${n.takerCompany.id}/nfse-withholdings`;
    const bad = await put(org, url, { withholdings: { iss: true, pis: 0.655, cofins: -1, irrf: 120 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'withholdings.pis': [nfseMessages.withholdingRate],
      'withholdings.cofins': [nfseMessages.withholdingRate],
      'withholdings.irrf': [nfseMessages.withholdingRate],
    });
    const ok = await put(org, url, { withholdings: { iss: true, pis: 0.65, cofins: 3, csll: 1, irrf: 1.5 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().withholdings).toEqual({ iss: true, pis: 0.65, cofins: 3, csll: 1, irrf: 1.5, cp: null });

    const order = await n.completedOrder('Manutenção do chiller', n.takerCompany.id);
    const w = await get(org, `/invoices/${order.id}/nfse/withholdings`);
    expect(w.statusCode).toBe(200);
    // Before the NFS-e: reckoned from the rates; the ISS part waits for a known rate (none cached yet).
    expect(w.json()).toMatchObject({ order: null, customer: { iss: true }, effective: { pis: 0.65 } });
    expect(w.json().amounts).toEqual({
      total: 360,
      issRate: null,
      iss: 0,
      federal: 22.14,
      withheld: 22.14,
      net: 337.86,
      source: 'estimate',
    });
    // Issued: the NFS-e's own amounts.
    await n.issued(order.id);
    const after = (await get(org, `/invoices/${order.id}/nfse/withholdings`)).json().amounts;
    expect(after).toEqual({
      total: 360,
      issRate: 2,
      iss: 7.2,
      federal: 22.14,
      withheld: 29.34,
      net: 330.66,
      source: 'nfse',
    });
  });

  it("an order's own withholdings override the customer's, not while its NFS-e is being sent", async () => {
    const order = await n.completedOrder('Troca de filtro', n.takerCompany.id);
    const url = `/invoices/${order.id}/nfse/withholdings`;
    const none = await put(org, url, { withholdings: { iss: false } });
    expect(none.json()).toMatchObject({ order: { iss: false, pis: null }, amounts: { withheld: 0, net: 360 } });
    const back = await put(org, url, { withholdings: null });
    expect(back.json()).toMatchObject({ order: null, effective: { iss: true } });
    await ctx.database.db.insert(schema.nfseDocuments).values({
      organizationId: org.organization.id,
      invoiceId: order.id,
      companyId: world.company.id,
      environment: 'homologation',
      dpsSeries: '9',
      dpsNumber: 1,
      dpsId: 'DPS',
      dpsXml: '<DPS/>',
      nextAttemptAt: new Date(Date.now() + 3600_000),
    });
    const busy = await put(org, url, { withholdings: null });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errors).toEqual([nfseMessages.withholdingsWhileProcessing]);
    await ctx.database.db.delete(schema.nfseDocuments).where(eq(schema.nfseDocuments.invoiceId, order.id));
  });
});

describe("'Notas fiscais'", () => {
  it('lists every NFS-e with filters, the totals of the standing ones, and the CSV', async () => {
    const person = await n.completedOrder('Limpeza');
    const issued = await n.issued(person.id);
    const canceled = await n.completedOrder('Instalação');
    const gone = await n.issued(canceled.id);
    standIn.cancelElsewhere(gone.accessKey);
    await ctx.app.inject({ method: 'POST', url: n.nfseUrl(canceled.id, '/refresh'), headers: org.as(org.admin.token) });

    expect((await get(org, '/nfse', org.worker.token)).statusCode).toBe(403);
    const all = (await get(org, `/nfse?month=${thisMonth()}&take=100`)).json();
    expect(all.meta.total).toBeGreaterThanOrEqual(3);
    const numbers = all.data.map((r: { number: string }) => r.number);
    expect(numbers).toContain(issued.number);
    expect(numbers).toContain(gone.number);
    const standing = all.data.filter((r: { status: string }) => r.status === 'issued');
    const sum = (k: string) =>
      Math.round(standing.reduce((s: number, r: Record<string, number>) => s + r[k]!, 0) * 100) / 100;
    expect(all.meta.totals).toEqual({
      issued: standing.length,
      service: sum('service'),
      iss: sum('iss'),
      withheld: sum('withheld'),
      net: sum('net'),
    });

    const byNumber = (await get(org, `/nfse?number=${issued.number}`)).json();
    expect(byNumber.data.map((r: { id: number; number: string }) => r.number)).toContain(issued.number);
    const canceledOnly = (await get(org, '/nfse?status=canceled')).json();
    expect(canceledOnly.data.every((r: { status: string }) => r.status === 'canceled')).toBe(true);
    expect(canceledOnly.meta.totals.issued).toBe(0);
    const byCustomer = (await get(org, `/nfse?customer=${encodeURIComponent('Condomínio')}`)).json();
    expect(byCustomer.data.every((r: { customerName: string }) => r.customerName === 'Condomínio Aurora')).toBe(true);
    expect((await get(org, '/nfse?month=2026-13')).statusCode).toBe(422);
    expect((await get(other, '/nfse')).json().meta.total).toBe(0);

    const csv = await get(org, `/nfse/csv?month=${thisMonth()}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Chave de acesso');
    // The 50-digit key as the formula Excel opens as text, never as a number that loses its digits.
    // (quoted as CSV quotes a cell with a double quote: the cell Excel reads is ="<key>").
    expect(csv.body).toContain(`;"=""${issued.accessKey}"""`);
    expect(csv.body).toContain('Cancelada');
  });
});

describe("the accountant's e-mail", () => {
  it('saves the address and day; refuses a bad one', async () => {
    const bad = await put(org, '/nfse/accountant', { email: 'não é e-mail', day: 31 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['day', 'email']);
    const ok = await put(org, '/nfse/accountant', { email: 'Contador@Escritorio.com.br', day: 1 });
    expect(ok.json()).toEqual({ email: 'contador@escritorio.com.br', day: 1, last: null });
  });

  it("the job queues last month's e-mail on the day, once, and sends it with the ZIP", async () => {
    const ctxJob: NfseContext & { mailer: typeof mailer } = {
      db: ctx.database.db,
      config: {},
      log: ctx.app.log,
      mailer,
    };
    // An NFS-e issued last month (São Paulo time).
    const order = await n.completedOrder('Serviço do mês passado');
    const nfse = await n.issued(order.id);
    const d = schema.nfseDocuments;
    const [y, m] = thisMonth().split('-').map(Number) as [number, number];
    const last = `${m === 1 ? y - 1 : y}-${String(m === 1 ? 12 : m - 1).padStart(2, '0')}`;
    await ctx.database.db
      .update(d)
      .set({ issuedAt: new Date(`${last}-15T15:00:00Z`) })
      .where(eq(d.invoiceId, order.id));

    expect(await queueAccountantEmails(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await queueAccountantEmails(ctx.database.db)).toBe(0);
    expect(await sendAccountantEmails(ctxJob)).toBeGreaterThanOrEqual(1);
    const mail = received.find((x) => x.subject?.includes(`${last.slice(5)}/${last.slice(0, 4)}`))!;
    expect(mail).toBeDefined();
    expect((mail.to as { text: string }).text).toBe('contador@escritorio.com.br');
    expect(mail.text).toContain('NFS-e válidas: 1');
    const zip = mail.attachments.find((x) => x.filename === `NFSe-${last}.zip`)!;
    expect(Object.keys(unzipSync(new Uint8Array(zip.content)))).toContain(`NFSe-${nfse.number}.xml`);
    const state = (await get(org, '/nfse/accountant')).json();
    expect(state.last).toMatchObject({ month: last, status: 'sent', error: null });
    // Sent once: nothing left to send.
    expect(await sendAccountantEmails(ctxJob)).toBe(0);
  });

  it('an organization without the feature or an accountant gets nothing', async () => {
    await ctx.database.db
      .insert(schema.nfseAccountant)
      .values({ organizationId: lite.organization.id, email: 'x@y.com.br', day: 1 });
    await queueAccountantEmails(ctx.database.db);
    const rows = await ctx.database.db
      .select()
      .from(schema.nfseAccountantEmails)
      .where(eq(schema.nfseAccountantEmails.organizationId, lite.organization.id));
    expect(rows).toEqual([]);
  });
});
