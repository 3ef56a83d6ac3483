import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { portalRecordMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { estimateWorld } from '../../../test/estimate-fixtures.ts';
import { portalRecords, portalSession } from '../../../test/portal-fixtures.ts';

// What the customer sees in their portal: their orders (photos marked visible only), estimates answered
// there, machines and their history, instalments with a Pix code, NFS-e, PMOC plans, 'Meus dados'.
async function world(ctx: TestContext, org: TestOrg) {
  const w = await estimateWorld(ctx, org);
  const records = await portalRecords(ctx, org, w, w.customer.id, 'PROPRIO');
  const session = await portalSession(ctx, org.organization.id, w.customer.id);
  return { w, records, session };
}
const t = perFile({ world });
const get = (url: string) => t.ctx.app.inject({ url: `/api/portal${url}`, headers: t.world.session.headers });
const post = (url: string, payload: object) =>
  t.ctx.app.inject({ method: 'POST', url: `/api/portal${url}`, headers: t.world.session.headers, payload });

describe('orders and machines', () => {
  it('lists the open order and shows only the photos marked visible', async () => {
    const { records } = t.world;
    const open = await get('/orders?open=true');
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data.map((o: { id: number }) => o.id)).toContain(records.order.id);
    expect((await get('/orders?open=false')).json().data).toEqual([]);
    const detail = (await get(`/orders/${records.order.id}`)).json();
    expect(detail).toMatchObject({ open: true, equipments: ['Split PROPRIO'], total: 180 });
    expect(detail.pageUrl).toMatch(new RegExp(`^/invoices/${records.order.id}/sign\\?token=`));
    expect(detail.pictures.map((p: { id: number }) => p.id)).toEqual([records.visiblePicture.id]);
    const photo = await get(`/orders/${records.order.id}/pictures/${records.visiblePicture.id}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await get(`/orders/${records.order.id}/pictures/${records.hiddenPicture.id}`)).statusCode).toBe(404);
  });

  it('an open order has no rating yet; once completed, its rating page and then the score given', async () => {
    const { w } = t.world;
    const order = await w.createInvoice(w.customer.id);
    await w.admin('POST', `/${order.id}/services`, { service: w.service.id, quantity: 1 });
    await w.admin('POST', `/${order.id}/start`);
    expect((await get(`/orders/${order.id}`)).json().rating).toBeNull();
    const done = await w.admin('POST', `/${order.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.ctx.database.db
      .select()
      .from(schema.orderRatings)
      .where(eq(schema.orderRatings.invoiceId, order.id));
    const rating = (await get(`/orders/${order.id}`)).json().rating;
    expect(rating).toEqual({ url: `/invoices/${order.id}/rate?token=${row!.token}`, score: null });
    const answered = await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/public/invoices/${order.id}/rating?token=${row!.token}`,
      payload: { score: 9 },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await get(`/orders/${order.id}`)).json().rating.score).toBe(9);
  });

  it("a machine's history holds its orders and counts the visible photos only", async () => {
    const { records } = t.world;
    const machines = (await get('/equipments')).json();
    expect(machines.data).toContainEqual(expect.objectContaining({ id: records.equipment.id, warrantyUntil: null }));
    const history = (await get(`/equipments/${records.equipment.id}/history`)).json();
    expect(history.data).toEqual([expect.objectContaining({ invoiceId: records.order.id, pictures: 1 })]);
  });
});

describe('estimates', () => {
  it('an open estimate is approved in the portal, once', async () => {
    const { records } = t.world;
    const list = (await get('/estimates')).json();
    expect(list.data[0]).toMatchObject({ id: records.estimate.id, canDecide: true, decision: null, total: 360 });
    const approved = await post(`/estimates/${records.estimate.id}/approve`, { name: 'Álvaro Cliente' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ statusLabel: 'Aprovado', canDecide: false, decision: 'approved' });
    const again = await post(`/estimates/${records.estimate.id}/decline`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [portalRecordMessages.estimateClosed] });
  });

  it('declined with a reason; an expired link is a 410', async () => {
    const { w } = t.world;
    const e = await w.createEstimate(w.customer.id);
    await w.ok('POST', `/${e.id}/share`);
    const declined = await post(`/estimates/${e.id}/decline`, { reason: 'Caro demais' });
    expect(declined.json()).toMatchObject({ decision: 'declined', canDecide: false });
    const late = await w.createEstimate(w.customer.id);
    await w.ok('POST', `/${late.id}/share`);
    await t.ctx.database.db
      .update(schema.estimates)
      .set({ shareExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.estimates.id, late.id));
    expect((await post(`/estimates/${late.id}/approve`, { name: 'Álvaro' })).statusCode).toBe(410);
    // A draft is never shown.
    const draft = await w.createEstimate(w.customer.id);
    expect((await get('/estimates')).json().data.map((x: { id: number }) => x.id)).not.toContain(draft.id);
  });
});

describe('money and documents', () => {
  it("an open instalment carries the company's Pix code for its amount; none without a Pix key", async () => {
    const { w, records } = t.world;
    const none = (await get('/receivables')).json();
    expect(none.data).toEqual([
      expect.objectContaining({ id: records.receivable.id, amount: 180, paid: false, pix: null }),
    ]);
    await t.ctx.database.db
      .update(schema.companies)
      .set({ pixKey: 'pix@oficina.com.br' })
      .where(eq(schema.companies.id, w.company.id));
    const [row] = (await get('/receivables')).json().data;
    expect(row.pix.code).toMatch(/^000201/);
    expect(row.pix.code).toContain('pix@oficina.com.br');
    expect(row.pix.code).toContain('180.00');
    expect(row.pix.qr).toMatch(/^data:image\/png;base64,/);
  });

  it('lists the NFS-e and gives its XML; lists the PMOC plans with their years', async () => {
    const { records } = t.world;
    const nfse = (await get('/nfse')).json();
    expect(nfse.data).toEqual([expect.objectContaining({ id: records.nfse.id, status: 'issued', amount: 180 })]);
    const xml = await get(`/nfse/${records.nfse.id}/nfse.xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('<marca>PROPRIO</marca>');
    const plans = (await get('/pmoc')).json();
    expect(plans.data[0]).toMatchObject({ id: records.plan.id, name: 'Edifício PROPRIO' });
    expect(plans.data[0].years).toContain(2025);
  });
});

describe("'Meus dados'", () => {
  it('exports the data as a ZIP and a request to be forgotten reaches the office', async () => {
    const zip = await get('/my-data/export');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const asked = await post('/my-data/forget', { reason: 'Não uso mais' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: portalRecordMessages.forgetRequested });
    const n = schema.notifications;
    const told = await t.ctx.database.db
      .select()
      .from(n)
      .where(and(eq(n.organizationId, t.org.organization.id), eq(n.userId, t.org.admin.id)));
    expect(told.map((x) => x.title)).toContain(`${t.world.w.customer.name} pediu para ser esquecido (LGPD)`);
  });
});

describe('features the organization turned off', () => {
  it('with estimates and NFS-e off the portal neither lists nor serves them, and says so; the rest stands', async () => {
    const { records } = t.world;
    const o = schema.organizations;
    const org = t.org.organization.id;
    const [row] = await t.ctx.database.db.select({ features: o.features }).from(o).where(eq(o.id, org));
    const features = row!.features;
    expect((await get('/me')).json().sections).toEqual({ estimates: true, nfse: true });
    await t.ctx.database.db
      .update(o)
      .set({ features: { ...features, estimates: false, nfse: false } })
      .where(eq(o.id, org));
    try {
      expect((await get('/me')).json().sections).toEqual({ estimates: false, nfse: false });
      for (const url of [
        '/estimates',
        '/nfse',
        `/nfse/${records.nfse.id}/nfse.xml`,
        `/nfse/${records.nfse.id}/danfse.pdf`,
      ])
        expect((await get(url)).statusCode, url).toBe(404);
      const approve = await post(`/estimates/${records.estimate.id}/approve`, { name: 'Álvaro Cliente' });
      expect(approve.statusCode).toBe(404);
      expect((await get('/orders?open=true')).statusCode).toBe(200);
      expect((await get('/pmoc')).statusCode).toBe(200);
    } finally {
      await t.ctx.database.db.update(o).set({ features }).where(eq(o.id, org));
    }
    expect((await get('/estimates')).statusCode).toBe(200);
  });
});
