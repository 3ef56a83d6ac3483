import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { startGeoStandIn } from '@ordem-certa/test-support/geo-stand-in';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { keepingMailer } from '../../../test/whatsapp-fixtures.ts';

// A technician's stamps on an order: kept by the phone's time in whatever order they arrive, once however
// often they are sent, flagged when the phone's clock is off, with the distance from the address, the
// arrival estimate e-mailed to the customer, and the time on the job summed from the worked spans.

const geo = await startGeoStandIn();
const mail = keepingMailer();
const t = perFile({ other: true, world: invoiceWorld, app: { mailer: mail.mailer } });
afterAll(() => geo.close());

// The customer's address (Avenida Paulista) and points 1.2 km and 2 km from it, due north.
const home = { latitude: -23.561414, longitude: -46.655881 };
const north = (meters: number) => ({
  latitude: home.latitude + meters / 111_195,
  longitude: home.longitude,
  accuracy: 12,
});

let customerEmail: string;
async function newOrder() {
  const { id } = await t.world.createInvoice();
  await t.world.assignWorker(id);
  await t.world.setOrderAddress(id, {
    address: 'Avenida Paulista',
    number: 1000,
    city: 'São Paulo',
    state: 'SP',
    ...home,
    positionSource: 'manual',
  });
  return id;
}

const stamp = (id: number, body: object, headers: Record<string, string> = {}) =>
  t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${t.org.organization.id}/invoices/${id}/stamps`,
    headers: { ...t.org.as(t.org.worker.token), ...headers },
    payload: body,
  });
const read = (id: number) => t.world.admin('GET', `/${id}/stamps`);
const at = (hhmm: string) => `2026-11-20T${hhmm}:00-03:00`;

beforeAll(async () => {
  customerEmail = `cliente-${Date.now()}@exemplo.com.br`;
  await t.ctx.database.db
    .update(schema.customers)
    .set({ email: customerEmail })
    .where(eq(schema.customers.organizationId, t.org.organization.id));
  // The e-mail goes from the company's address (the test app has no MAIL_FROM).
  await t.ctx.database.db
    .update(schema.companies)
    .set({ email: 'oficina@exemplo.com.br' })
    .where(eq(schema.companies.organizationId, t.org.organization.id));
});

describe('stamps', () => {
  it('401 without a token; another organization’s order is a 404 and writes nothing', async () => {
    const id = await newOrder();
    const none = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/invoices/${id}/stamps`,
      payload: { kind: 'start', deviceAt: at('10:00') },
    });
    expect(none.statusCode).toBe(401);
    const theirs = (await t.theirs.createInvoice()).id;
    expect((await stamp(theirs, { kind: 'start', deviceAt: at('10:00') })).statusCode).toBe(404);
    expect((await read(theirs)).statusCode).toBe(404);
    const rows = await t.ctx.database.db
      .select()
      .from(schema.fieldStamps)
      .where(eq(schema.fieldStamps.invoiceId, theirs));
    expect(rows).toEqual([]);
  });

  it('in order: the estimate e-mailed on the way, the arrival 1.2 km away warned, the worked spans summed', async () => {
    const id = await newOrder();
    const travel = await stamp(id, { kind: 'travel', deviceAt: at('09:30'), position: north(9_900) });
    expect(travel.statusCode).toBe(201);
    // 9.9 km in a straight line at 30 km/h: 19.8 minutes, told as 20.
    expect(travel.json()).toMatchObject({ kind: 'travel', etaSource: 'straight', replayed: false, clockSkewed: false });
    expect(new Date(travel.json().etaAt).toISOString()).toBe(new Date(at('09:50')).toISOString());
    await expect.poll(() => mail.sent.filter((m) => m.to.includes(customerEmail)).length).toBeGreaterThan(0);
    const email = mail.sent.find((m) => m.to.includes(customerEmail))!;
    expect(email.subject).toMatch(/^Técnico a caminho — OS nº \d+/);
    expect(email.text).toContain('técnico a caminho, chega por volta de 09:50');

    const arrive = await stamp(id, { kind: 'arrive', deviceAt: at('09:52'), position: north(1200) });
    expect(arrive.json()).toMatchObject({ distanceWarning: true });
    expect(arrive.json().distanceMeters).toBeGreaterThanOrEqual(1195);
    expect(arrive.json().distanceMeters).toBeLessThanOrEqual(1205);
    expect(arrive.json().routeMeters).toBeGreaterThan(8600);
    const notes = await t.ctx.database.db
      .select()
      .from(schema.notifications)
      .where(
        and(
          eq(schema.notifications.userId, t.org.admin.id),
          eq(schema.notifications.sourceKey, `field-arrival-far:${arrive.json().id}`),
        ),
      );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.description).toContain('1,2 km do endereço');

    await stamp(id, { kind: 'start', deviceAt: at('10:00') });
    await stamp(id, { kind: 'pause', deviceAt: at('10:40'), reason: 'Buscar peça' });
    await stamp(id, { kind: 'resume', deviceAt: at('11:10') });
    await stamp(id, { kind: 'leave', deviceAt: at('11:30'), position: north(50) });
    const res = await read(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { kind: string }) => s.kind)).toEqual([
      'travel',
      'arrive',
      'start',
      'pause',
      'resume',
      'leave',
    ]);
    expect(res.json().summary).toMatchObject({
      workedSeconds: 60 * 60,
      travelSeconds: 22 * 60,
      status: 'free',
      warnings: 1,
    });
    expect(res.json().data[3]).toMatchObject({ reason: 'Buscar peça' });
    // The arrival at 50 m is not warned.
    expect(res.json().data[5]).toMatchObject({ distanceWarning: false });
  });

  it('out of order: kept by the phone’s times, summed the same', async () => {
    const id = await newOrder();
    for (const [kind, hhmm] of [
      ['leave', '12:00'],
      ['resume', '11:30'],
      ['start', '10:00'],
      ['pause', '11:00'],
    ] as const)
      expect(
        (
          await stamp(id, {
            kind,
            deviceAt: at(hhmm),
            ...(kind === 'leave' ? { position: north(0) } : {}),
            ...(kind === 'pause' ? { reason: 'Almoço' } : {}),
          })
        ).statusCode,
      ).toBe(201);
    const res = (await read(id)).json();
    expect(res.data.map((s: { kind: string }) => s.kind)).toEqual(['start', 'pause', 'resume', 'leave']);
    expect(res.summary.workedSeconds).toBe(90 * 60);
  });

  it('replayed with its Idempotency-Key, or without: one stamp', async () => {
    const id = await newOrder();
    const body = { kind: 'start', deviceAt: at('14:00') };
    const first = await stamp(id, body, { 'idempotency-key': 'stamp-key-0000000000000001' });
    const again = await stamp(id, body, { 'idempotency-key': 'stamp-key-0000000000000001' });
    expect(again.json()).toEqual(first.json());
    const keyless = await stamp(id, body);
    expect(keyless.json()).toMatchObject({ id: first.json().id, replayed: true });
    expect((await read(id)).json().data).toHaveLength(1);
  });

  it('a phone clock more than 5 minutes off is kept and flagged', async () => {
    const id = await newOrder();
    const behind = new Date(Date.now() - 10 * 60_000);
    const res = await stamp(
      id,
      { kind: 'start', deviceAt: behind.toISOString() },
      { 'device-time': behind.toISOString() },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ clockSkewed: true });
    expect(res.json().skewSeconds).toBeGreaterThanOrEqual(599);
    const ahead = new Date(Date.now() + 30 * 60_000).toISOString();
    expect((await stamp(id, { kind: 'pause', deviceAt: ahead, reason: 'x' })).json()).toMatchObject({
      clockSkewed: true,
    });
    const right = new Date().toISOString();
    const fine = await stamp(id, { kind: 'resume', deviceAt: right }, { 'device-time': right });
    expect(fine.json()).toMatchObject({ clockSkewed: false });
    expect((await read(id)).json().data).toHaveLength(3);
  });

  it('422: a pause without a reason, a trip without a position, a bad latitude; nothing written', async () => {
    const id = await newOrder();
    const pause = await stamp(id, { kind: 'pause', deviceAt: at('10:00') });
    expect(pause.statusCode).toBe(422);
    expect(pause.json().errors).toEqual({ reason: ['Informe o motivo da pausa'] });
    const travel = await stamp(id, { kind: 'travel', deviceAt: at('10:00') });
    expect(travel.json().errors).toEqual({ position: ['A localização do aparelho é necessária para este registro'] });
    const lat = await stamp(id, {
      kind: 'arrive',
      deviceAt: at('10:00'),
      position: { latitude: 95, longitude: 0, accuracy: 5 },
    });
    expect(lat.json().errors).toEqual({ 'position.latitude': ['Latitude inválida'] });
    expect((await read(id)).json().data).toEqual([]);
  });

  it('the arrival distance is the organization’s: 1.2 km is not warned past 2 km', async () => {
    const settings = await t.ctx.app.inject({
      url: `/api/organizations/${t.org.organization.id}/field/settings`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(settings.json()).toEqual({ arrivalWarningMeters: 500, retentionMonths: 12, averageSpeedKmh: 30 });
    const put = await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${t.org.organization.id}/field/settings`,
      headers: t.org.as(t.org.admin.token),
      payload: { arrivalWarningMeters: 2000, retentionMonths: 6, averageSpeedKmh: 40 },
    });
    expect(put.statusCode).toBe(200);
    const id = await newOrder();
    expect((await stamp(id, { kind: 'arrive', deviceAt: at('15:00'), position: north(1200) })).json()).toMatchObject({
      distanceWarning: false,
    });
    const bad = await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${t.org.organization.id}/field/settings`,
      headers: t.org.as(t.org.admin.token),
      payload: { arrivalWarningMeters: 10, retentionMonths: 6, averageSpeedKmh: 40 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ arrivalWarningMeters: ['Informe uma distância entre 50 e 50.000 metros'] });
  });
});

describe('stamps with a routing service', () => {
  it('the estimate comes from the router when ROUTING_URL is set, the straight line when it is down', async () => {
    const app = t.ctx.app;
    const config = app.config as { routingUrl?: string };
    config.routingUrl = geo.routingUrl;
    try {
      const id = await newOrder();
      const res = await stamp(id, { kind: 'travel', deviceAt: at('16:00'), position: north(3600) });
      expect(res.json()).toMatchObject({ etaSource: 'router' });
      // 3.6 km × 1.3 at 36 km/h: 468 s.
      expect(new Date(res.json().etaAt).getTime() - new Date(at('16:00')).getTime()).toBeCloseTo(468_000, -3);
      expect(geo.hitsOf('osrm')).toBe(1);
      geo.down.router = true;
      const other = await newOrder();
      const fallback = await stamp(other, { kind: 'travel', deviceAt: at('16:00'), position: north(3600) });
      expect(fallback.json()).toMatchObject({ etaSource: 'straight' });
    } finally {
      geo.down.router = false;
      config.routingUrl = undefined;
    }
  });
});
