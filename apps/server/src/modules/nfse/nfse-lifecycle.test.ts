import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { nfseMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { readNfse } from '@ordem-certa/nfse-xml';
import type { SefinStandIn } from '@ordem-certa/test-support/sefin-stand-in';
import type { TestContext, TestOrg } from '../../../test/helpers.ts';
import type { InvoiceWorld } from '../../../test/invoice-fixtures.ts';
import {
  NFSE_PASSWORD,
  NFSE_SECRETS_KEY,
  normalRegime,
  type nfseCompany,
  startNfseWorld,
} from '../../../test/nfse-fixtures.ts';
import { refreshIssuedStatuses, sendDueNfse } from './nfse-job.ts';
import { findEvent } from './sefin-client.ts';
import type { NfseContext } from './nfse.service.ts';

// An NFS-e's life at the national system (layout 1.01), against the stand-in: what the taker withholds
// and the net, the substitution of an issued NFS-e, an answer lost on the way back (one NFS-e, not two),
// a cancellation made elsewhere, and the municipal parameters read once and kept.

let standIn: SefinStandIn;
let ctx: TestContext;
let org: TestOrg;
let world: InvoiceWorld;
let n: Awaited<ReturnType<typeof nfseCompany>>;

const nfseCtx = (): NfseContext => ({
  db: ctx.database.db,
  config: {
    nfseApiUrl: standIn.url,
    nfseParametersUrl: `${standIn.url}/parametrizacao`,
    secretsKey: NFSE_SECRETS_KEY,
  },
  log: ctx.app.log,
});
const setWithholdings = (table: typeof schema.customers | typeof schema.invoices, id: number, w: object | null) =>
  ctx.database.db
    .update(table)
    .set({ nfseWithholdings: w as never })
    .where(eq(table.id, id));

beforeAll(async () => {
  ({ standIn, ctx, org, world, n } = await startNfseWorld(normalRegime));
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});

describe('withholdings', () => {
  it("a company customer's default withholdings: the DPS carries them and the net is right to the cent", async () => {
    await setWithholdings(schema.customers, n.takerCompany.id, {
      iss: true,
      pis: 0.65,
      cofins: 3,
      csll: 1,
      irrf: 1.5,
      cp: null,
    });
    // Two lines of R$ 180,00 less R$ 0,01 of discount: R$ 359,99.
    const order = await n.completedOrder('Manutenção preventiva', n.takerCompany.id);
    await ctx.database.db.update(schema.invoices).set({ discountCents: 1 }).where(eq(schema.invoices.id, order.id));
    const nfse = await n.issued(order.id);
    // ISS 2 % (the municipality's): 7.1998 → 7.20; PIS 2.339935 → 2.34; COFINS 10.7997 → 10.80;
    // CSLL 3.5999 → 3.60; IRRF 5.39985 → 5.40. Withheld 29.34; net 359.99 - 29.34 = 330.65.
    expect(nfse.values).toEqual({
      service: 360,
      discount: 0.01,
      issRate: 2,
      iss: 7.2,
      issWithheld: true,
      pis: 2.34,
      cofins: 10.8,
      csll: 3.6,
      irrf: 5.4,
      cp: 0,
      withheld: 29.34,
      net: 330.65,
    });
    const dps = (await n.nfseCall('GET', order.id, '/dps.xml')).body;
    expect(dps).toContain('<tpRetISSQN>2</tpRetISSQN></tribMun>');
    expect(dps).not.toContain('<pAliq>');
    expect(dps).toContain('<tpRetPisCofins>3</tpRetPisCofins>');
    expect(dps).toContain('<vRetIRRF>5.40</vRetIRRF><vRetCSLL>3.60</vRetCSLL>');
    // The national system's own reckoning agrees.
    const xml = (await n.nfseCall('GET', order.id, '/nfse.xml')).body;
    expect(readNfse(xml).values).toMatchObject({ issCents: 720, withheldCents: 2934, netCents: 33_065 });
  });

  it("an order's own withholdings override the customer's", async () => {
    const order = await n.completedOrder('Troca de compressor', n.takerCompany.id);
    await setWithholdings(schema.invoices, order.id, {
      iss: false,
      pis: null,
      cofins: null,
      csll: null,
      irrf: 1.5,
      cp: null,
    });
    const nfse = await n.issued(order.id);
    expect(nfse.values).toMatchObject({ issWithheld: false, irrf: 5.4, pis: 0, withheld: 5.4, net: 354.6 });
  });

  it('nothing withheld from a person: the net is the value', async () => {
    const order = await n.completedOrder();
    const nfse = await n.issued(order.id);
    expect(nfse.values).toMatchObject({ service: 360, iss: 7.2, issWithheld: false, withheld: 0, net: 360 });
  });
});

describe('substitution', () => {
  it('replaces an issued NFS-e: the old one substituída, the new one the order’s; the ZIP has both', async () => {
    const order = await n.completedOrder('Instalação de split');
    const first = await n.issued(order.id);
    const bad = await n.nfseCall('POST', order.id, '/substitute', { code: '99', reason: 'curto' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ reason: [nfseMessages.substitutionReason] });

    const res = await n.nfseCall('POST', order.id, '/substitute', {
      code: '99',
      reason: 'Descrição do serviço corrigida',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'processing', replaces: { number: first.number, code: '99' } });
    const second = await n.settled(order.id);
    expect(second).toMatchObject({ status: 'issued', replaces: { number: first.number, accessKey: first.accessKey } });
    expect(second.number).not.toBe(first.number);
    expect((await world.admin('GET', `/${order.id}`)).json().invoiceInfo2).toBe(second.number);

    const docs = await n.documents(order.id);
    expect(docs.map((d) => d.status)).toEqual(['substituted', 'issued']);
    expect(docs[1]!.dpsXml).toContain(`<subst><chSubstda>${first.accessKey}</chSubstda><cMotivo>99</cMotivo>`);
    // The national system registered the cancellation by substitution on the old one.
    const event = await findEvent({
      baseUrl: standIn.url,
      pfx: n.pfx,
      password: NFSE_PASSWORD,
      accessKey: first.accessKey,
      eventCode: '105102',
    });
    expect(event.ok && event.eventXml).toContain(`<chSubstituta>${second.accessKey}</chSubstituta>`);

    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
    const zip = await ctx.app.inject({
      url: `/api/organizations/${org.organization.id}/nfse/export?month=${month}`,
      headers: org.as(org.admin.token),
    });
    const names = Object.keys(unzipSync(new Uint8Array(zip.rawPayload)));
    expect(names).toContain(`NFSe-${first.number}.xml`);
    expect(names).toContain(`NFSe-${second.number}.xml`);
  });

  it('a refused substitution leaves the NFS-e standing, with the refusal shown', async () => {
    const order = await n.completedOrder('Reparo de placa');
    const first = await n.issued(order.id);
    // The stand-in refuses a DPS whose description asks for it.
    await ctx.database.db
      .update(schema.invoiceServices)
      .set({ description: 'REJEITAR' })
      .where(eq(schema.invoiceServices.invoiceId, order.id));
    expect(
      (await n.nfseCall('POST', order.id, '/substitute', { code: '05', reason: 'Tomador rejeitou a nota' })).statusCode,
    ).toBe(202);
    const after = await n.settled(order.id);
    expect(after).toMatchObject({ status: 'issued', number: first.number });
    expect(after.substitutionErrors).toEqual([expect.objectContaining({ code: 'E0999' })]);
  });

  it('one substitution at a time; its lost answer is found like any other', async () => {
    const order = await n.completedOrder('Ajuste de dreno');
    const first = await n.issued(order.id);
    await ctx.database.db
      .update(schema.invoiceServices)
      .set({ description: 'PERDER-RESPOSTA' })
      .where(eq(schema.invoiceServices.invoiceId, order.id));
    expect(
      (await n.nfseCall('POST', order.id, '/substitute', { code: '99', reason: 'Descrição corrigida aqui' }))
        .statusCode,
    ).toBe(202);
    const d = schema.nfseDocuments;
    let row;
    for (let i = 0; i < 200 && !row?.lastError; i++) {
      [row] = await ctx.database.db
        .select()
        .from(d)
        .where(and(eq(d.invoiceId, order.id), eq(d.status, 'processing')));
      if (!row?.lastError) await new Promise((r) => setTimeout(r, 50));
    }
    const again = await n.nfseCall('POST', order.id, '/substitute', { code: '99', reason: 'Outra correção qualquer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([nfseMessages.substitutionPending]);
    // Still the old NFS-e on the order meanwhile.
    expect((await world.admin('GET', `/${order.id}`)).json().invoiceInfo2).toBe(first.number);
    await ctx.database.db
      .update(d)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(d.id, row!.id));
    expect(await sendDueNfse(nfseCtx())).toBe(1);
    const second = await n.settled(order.id);
    expect(second).toMatchObject({ status: 'issued', replaces: { number: first.number } });
    expect((await n.documents(order.id)).map((x) => x.status)).toEqual(['substituted', 'issued']);
  });

  it('only an issued NFS-e is substituted', async () => {
    const order = await n.completedOrder();
    const res = await n.nfseCall('POST', order.id, '/substitute', { code: '99', reason: 'Corrigir a descrição' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([nfseMessages.notSubstitutable]);
  });
});

describe('an answer lost on the way back', () => {
  it('the retry asks the national system first and finds the NFS-e: one NFS-e, not two', async () => {
    const order = await n.completedOrder('PERDER-RESPOSTA do sistema');
    const before = standIn.requests.length;
    expect((await n.nfseCall('POST', order.id)).statusCode).toBe(202);
    const d = schema.nfseDocuments;
    let row;
    for (let i = 0; i < 200 && !row?.lastError; i++) {
      [row] = await ctx.database.db.select().from(d).where(eq(d.invoiceId, order.id));
      if (!row?.lastError) await new Promise((r) => setTimeout(r, 50));
    }
    expect(row).toMatchObject({ status: 'processing', attempts: 1 });
    await ctx.database.db
      .update(d)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(d.id, row!.id));
    expect(await sendDueNfse(nfseCtx())).toBe(1);
    const nfse = await n.settled(order.id);
    expect(nfse).toMatchObject({ status: 'issued', attempts: 2 });
    const sent = standIn.requests.slice(before).filter((r) => r.startsWith('POST /nfse') || r.startsWith('GET /dps'));
    expect(sent).toEqual(['POST /nfse', `GET /dps/${row!.dpsId}`]);
  });
});

describe('canceled elsewhere', () => {
  it("'Atualizar situação' asks the national system: canceled there, canceled here", async () => {
    const order = await n.completedOrder();
    const nfse = await n.issued(order.id);
    const still = await n.nfseCall('POST', order.id, '/refresh');
    expect(still.json()).toMatchObject({ status: 'issued' });
    expect(still.json().statusCheckedAt).not.toBeNull();
    expect(standIn.cancelElsewhere(nfse.accessKey)).toBe(true);
    const res = await n.nfseCall('POST', order.id, '/refresh');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'canceled',
      cancelReason: nfseMessages.canceledElsewhere,
      hasCancelXml: true,
    });
    expect((await world.admin('GET', `/${order.id}`)).json().invoiceInfo2).toBeNull();
  });

  it('the job checks issued NFS-e a day after their last check', async () => {
    const order = await n.completedOrder();
    const nfse = await n.issued(order.id);
    standIn.cancelElsewhere(nfse.accessKey);
    const d = schema.nfseDocuments;
    // Checked when issued: not due yet.
    await refreshIssuedStatuses(nfseCtx());
    expect((await n.nfseCall('GET', order.id)).json().status).toBe('issued');
    await ctx.database.db
      .update(d)
      .set({ statusCheckedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(and(eq(d.invoiceId, order.id), eq(d.status, 'issued')));
    expect(await refreshIssuedStatuses(nfseCtx())).toBeGreaterThanOrEqual(1);
    expect((await n.nfseCall('GET', order.id)).json().status).toBe('canceled');
  });
});

describe('municipal parameters', () => {
  it('the fiscal settings show the municipality’s rate, read once and kept a day', async () => {
    standIn.setMunicipality('3550308', { joined: true, rates: { '140101': 2.9, default: 2 } });
    const p = schema.nfseMunicipalParameters;
    await ctx.database.db.delete(p);
    const url = `/api/organizations/${org.organization.id}/companies/${world.company.id}/fiscal`;
    const asked = () => standIn.requests.filter((r) => r === 'GET /parametrizacao/3550308/convenio').length;
    const before = asked();
    const first = await ctx.app.inject({ url, headers: org.as(org.admin.token) });
    expect(first.json().municipalParameters).toMatchObject({ joined: true, issRate: 2.9 });
    const second = await ctx.app.inject({ url, headers: org.as(org.admin.token) });
    expect(second.json().municipalParameters).toMatchObject({ joined: true, issRate: 2.9 });
    expect(asked()).toBe(before + 1);
    // A day later the API is asked again.
    await ctx.database.db.update(p).set({ fetchedAt: sql`now() - interval '25 hours'` });
    standIn.setMunicipality('3550308', { joined: true, rates: { '140101': 3, default: 2 } });
    const third = await ctx.app.inject({ url, headers: org.as(org.admin.token) });
    expect(third.json().municipalParameters).toMatchObject({ issRate: 3 });
    expect(asked()).toBe(before + 2);
    standIn.setMunicipality('3550308', { joined: true, rates: { default: 2 } });
    await ctx.database.db.delete(p);
  });

  it('a municipality that has not joined: the company’s rate goes in the DPS', async () => {
    standIn.setMunicipality('3550308', { joined: true, rates: { default: 2 } });
    // The job is done in Osasco, which has no convênio in the stand-in: the incidence is there.
    standIn.setMunicipality('3534401', { joined: false, rates: {} });
    const [customer] = await ctx.database.db
      .insert(schema.customers)
      .values({ organizationId: org.organization.id, type: 2, identifier: '52998224725', name: 'Cliente de Osasco' })
      .returning();
    await world.addAddress(
      {
        address: 'Rua de Osasco',
        number: 7,
        neighborhood: 'Centro',
        city: 'Osasco',
        state: 'SP',
        postalCode: '06010000',
        ibgeCode: '3534401',
      },
      customer!.id,
    );
    const settings = `/api/organizations/${org.organization.id}/companies/${world.company.id}/fiscal`;
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: settings, headers: org.as(org.admin.token), payload });
    // A number already used in the series is refused when issuing, without a 500.
    const earlier = await n.completedOrder();
    await n.issued(earlier.id);
    const usedNumber = (await n.documents(earlier.id))[0]!.dpsNumber;
    expect((await put({ ...normalRegime, issRate: 4, nextDpsNumber: usedNumber })).statusCode).toBe(200);
    const order = await n.completedOrder('Serviço em Osasco', customer!.id);
    const used = await n.nfseCall('POST', order.id);
    expect(used.statusCode).toBe(409);
    expect(used.json().errors).toEqual([nfseMessages.dpsNumberUsed]);
    await put({ ...normalRegime, issRate: 4, nextDpsNumber: 900 });
    const nfse = await n.issued(order.id);
    expect(nfse.values).toMatchObject({ issRate: 4, iss: 14.4 });
    expect((await n.nfseCall('GET', order.id, '/dps.xml')).body).toContain(
      '<tpRetISSQN>1</tpRetISSQN><pAliq>4.00</pAliq>',
    );
  });
});
