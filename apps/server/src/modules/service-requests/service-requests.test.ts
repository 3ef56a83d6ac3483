import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { PUBLIC_REQUESTS_PER_EMAIL_HOUR, serviceRequestMessages as msg } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { multipartFiles } from '../../../test/factories.ts';
import { portalSession } from '../../../test/portal-fixtures.ts';

// 'Solicitar atendimento': from the portal (machine, problem, photos, preferred times) or the public
// form (abuse limits without CAPTCHA); the office lists and searches them and turns one into an order
// or an estimate in one step; the customer follows its status.
async function world(ctx: TestContext, org: TestOrg) {
  const w = await invoiceWorld(ctx, org);
  const session = await portalSession(ctx, org.organization.id, w.customer.id);
  return { w, session };
}
const t = perFile({ world, other: true });
afterEach(() => vi.useRealTimers());

let ip = 0;
const portal = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.ctx.app.inject({
    method,
    url: `/api/portal${url}`,
    headers: t.world.session.headers,
    ...(payload ? { payload } : {}),
  });
const office = (method: 'GET' | 'POST', url: string, payload?: object, org = t.org) =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${org.organization.id}/service-requests${url}`,
    headers: org.as(org.admin.token),
    ...(payload ? { payload } : {}),
  });
const publicPost = (url: string, payload: object) =>
  t.ctx.app.inject({ method: 'POST', url, payload, remoteAddress: `10.62.0.${++ip}` });
const conversion = () => ({ company: t.world.w.company.id, transactionNature: t.world.w.nature.id });

describe('from the portal', () => {
  it('asks for a visit with a machine and a photo; the office turns it into an order; the customer sees it', async () => {
    const { w } = t.world;
    const asked = await portal('POST', '/service-requests', {
      equipment: w.equipment.id,
      problem: 'O split está pingando água na sala',
      preferredDays: [3, 1, 1],
      preferredPeriods: ['morning'],
      preferredNote: 'Depois das 9h',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json();
    expect(request).toMatchObject({
      status: 'open',
      source: 'portal',
      customer: { id: w.customer.id },
      equipment: { id: w.equipment.id, name: 'Split 12k' },
      preferredDays: [1, 3],
    });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a8' } })
      .jpeg()
      .toBuffer();
    const mp = multipartFiles('attachment', [{ data: photo, filename: 'vazamento.jpg', contentType: 'image/jpeg' }]);
    const sent = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/portal/service-requests/${request.id}/pictures`,
      headers: { ...t.world.session.headers, ...mp.headers },
      payload: mp.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().pictures).toEqual([expect.objectContaining({ name: 'vazamento.jpg' })]);

    const found = (await office('GET', '?q=pingando')).json();
    expect(found.data.map((r: { id: number }) => r.id)).toEqual([request.id]);
    expect((await office('GET', '?q=inexistente')).json().meta.total).toBe(0);
    const pictureId = sent.json().pictures[0].id;
    expect((await office('GET', `/${request.id}/pictures/${pictureId}`)).headers['content-type']).toBe('image/jpeg');

    const made = await office('POST', `/${request.id}/order`, conversion());
    expect(made.statusCode, made.body).toBe(201);
    const order = (await w.admin('GET', `/${made.json().id}`)).json();
    expect(order.reportedProblem).toBe('O split está pingando água na sala');
    expect(JSON.stringify(order)).toContain(w.customer.name);
    expect(JSON.stringify(order)).toContain('Split 12k');
    const photos = (await w.admin('GET', `/${made.json().id}/attachments/pictures`)).json();
    expect(photos.data.map((p: { name: string }) => p.name)).toEqual(['vazamento.jpg']);
    const mine = (await portal('GET', '/service-requests')).json();
    expect(mine.data[0]).toMatchObject({ id: request.id, status: 'order', order: { id: made.json().id } });
    const again = await office('POST', `/${request.id}/estimate`, conversion());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [msg.notOpen] });
  });

  it("refuses another customer's machine (422) and turns a request into an estimate", async () => {
    const { w } = t.world;
    const wrong = await portal('POST', '/service-requests', { equipment: w.otherEquipment.id, problem: 'Barulho' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { equipment: [msg.equipmentUnknown] } });
    const blank = await portal('POST', '/service-requests', { problem: '  ' });
    expect(blank.statusCode).toBe(422);
    const asked = (await portal('POST', '/service-requests', { problem: 'Não gela' })).json();
    const made = await office('POST', `/${asked.id}/estimate`, conversion());
    expect(made.statusCode, made.body).toBe(201);
    const [row] = await t.ctx.database.db
      .select()
      .from(schema.serviceRequests)
      .where(eq(schema.serviceRequests.id, asked.id));
    expect(row).toMatchObject({ status: 'estimate', estimateId: made.json().id });
  });

  it('the office list: 401 without a token, another organization’s request is a 404', async () => {
    const res = await t.ctx.app.inject({ url: `/api/organizations/${t.org.organization.id}/service-requests` });
    expect(res.statusCode).toBe(401);
    const asked = (await portal('POST', '/service-requests', { problem: 'Outro' })).json();
    const other = t.other!;
    const theirs = await t.ctx.app.inject({
      url: `/api/organizations/${other.organization.id}/service-requests/${asked.id}`,
      headers: other.as(other.admin.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect((await office('POST', `/${asked.id}/close`, { reason: 'Resolvido por telefone' })).json()).toMatchObject({
      status: 'closed',
    });
  });
});

describe('the public form', () => {
  const orgId = () => t.org.organization.id;
  const formToken = async () =>
    (await t.ctx.app.inject({ url: `/api/public/portal/${orgId()}/service-request-form` })).json().formToken as string;
  const ask = (token: string, extra: object = {}) =>
    publicPost(`/api/public/portal/${orgId()}/service-requests`, {
      name: 'Nova Cliente',
      email: 'nova@teste.com.br',
      phone: '(11) 98765-4321',
      problem: 'Instalar um split novo',
      formToken: token,
      ...extra,
    });
  const publicRequests = () =>
    t.ctx.database.db.select().from(schema.serviceRequests).where(eq(schema.serviceRequests.source, 'public'));

  it('refuses a form sent too fast; a person after a few seconds is heard; a filled trap keeps nothing', async () => {
    const token = await formToken();
    const fast = await ask(token);
    expect(fast.statusCode).toBe(422);
    expect(fast.json()).toEqual({ errors: { formToken: [msg.tooFast] } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5000);
    const trap = await ask(token, { website: 'http://spam.example' });
    expect(trap.statusCode).toBe(202);
    expect(await publicRequests()).toEqual([]);
    const ok = await ask(token);
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json()).toEqual(trap.json());
    const [row] = await publicRequests();
    expect(row).toMatchObject({ customerId: null, contactName: 'Nova Cliente', contactEmail: 'nova@teste.com.br' });
    const forged = await ask('nao-e-um-token');
    expect(forged.json()).toEqual({ errors: { formToken: [msg.formExpired] } });
  });

  it('limits each e-mail per hour; turning one into an order needs a customer chosen', async () => {
    const token = await formToken();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5000);
    for (let n = 0; n < PUBLIC_REQUESTS_PER_EMAIL_HOUR; n++)
      expect((await ask(token, { email: 'muito@teste.com.br' })).statusCode).toBe(202);
    const over = await ask(token, { email: 'muito@teste.com.br' });
    expect(over.statusCode).toBe(429);
    vi.useRealTimers();
    const [request] = (await office('GET', '?q=muito@teste')).json().data;
    const none = await office('POST', `/${request.id}/order`, conversion());
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ errors: { customer: [msg.customerRequired] } });
    const made = await office('POST', `/${request.id}/order`, {
      ...conversion(),
      customer: t.world.w.otherCustomer.id,
    });
    expect(made.statusCode, made.body).toBe(201);
  });
});

describe('LGPD', () => {
  it("a customer's requests and portal sessions are in their export; anonymized, the sessions end and the requests name nobody", async () => {
    const { w } = t.world;
    const session = await portalSession(t.ctx, t.org.organization.id, w.otherCustomer.id);
    const asked = await t.ctx.app.inject({
      method: 'POST',
      url: '/api/portal/service-requests',
      headers: session.headers,
      payload: { problem: `Barulho no quarto de ${w.otherCustomer.name}` },
    });
    expect(asked.statusCode).toBe(201);
    const base = `/api/organizations/${t.org.organization.id}/customers/${w.otherCustomer.id}`;
    const exported = await t.ctx.app.inject({ url: `${base}/export`, headers: t.org.as(t.org.admin.token) });
    expect(exported.statusCode).toBe(200);
    const gone = await t.ctx.app.inject({
      method: 'POST',
      url: `${base}/anonymize`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await portal('GET', '/service-requests')).statusCode).toBe(200);
    const me = await t.ctx.app.inject({ url: '/api/portal/me', headers: session.headers });
    expect(me.statusCode).toBe(401);
    const [row] = await t.ctx.database.db
      .select()
      .from(schema.serviceRequests)
      .where(eq(schema.serviceRequests.id, asked.json().id));
    expect(row).toMatchObject({ contactEmail: null, contactPhone: null });
    expect(row!.contactName).not.toBe(w.otherCustomer.name);
    expect(row!.problem).not.toContain(w.otherCustomer.name);
    expect(
      await t.ctx.database.db
        .select()
        .from(schema.portalSessions)
        .where(eq(schema.portalSessions.customerId, w.otherCustomer.id)),
    ).toEqual([]);
  });
});
