import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { startGeoStandIn } from '@ordem-certa/test-support/geo-stand-in';
import { createOrg, createTestApp, perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { geocodePending } from './field-job.ts';

// What the maps read: the server's tile source (MAP_TILES_URL) in the session and the CSP, the order's
// place beside its stamps, and a pin set by hand that the geocoder never moves.

const TILES = 'https://{s}.tiles.exemplo.com.br/{z}/{x}/{y}.png';
const geo = await startGeoStandIn({ places: { 'rua do pino manual, 77': { latitude: -23.561, longitude: -46.655 } } });
const t = perFile({ world: invoiceWorld, app: { config: { mapTilesUrl: TILES } } });
afterAll(() => geo.close());

const home = { latitude: -23.561414, longitude: -46.655881 };
const asAdmin = () => t.org.as(t.org.admin.token);

describe('maps', () => {
  it('GET /me names the tile source, and the CSP lets its images in; without one, null and none', async () => {
    const me = await t.ctx.app.inject({ url: '/api/me', headers: asAdmin() });
    expect(me.statusCode).toBe(200);
    expect(me.json().mapTilesUrl).toBe(TILES);
    expect(me.headers['content-security-policy']).toMatch(
      /img-src 'self' data: blob: https:\/\/\*\.tiles\.exemplo\.com\.br[;\s]/,
    );

    const plain = await createTestApp();
    try {
      const org = await createOrg(plain);
      const bare = await plain.app.inject({ url: '/api/me', headers: org.as(org.admin.token) });
      expect(bare.json().mapTilesUrl).toBeNull();
      expect(bare.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
    } finally {
      await plain.close();
    }
  });

  it("the order's stamps carry the job's place: the order's address, else null", async () => {
    const { id } = await t.world.createInvoice();
    const none = await t.world.admin('GET', `/${id}/stamps`);
    expect(none.statusCode).toBe(200);
    expect(none.json().place).toBeNull();
    await t.world.setOrderAddress(id, { address: 'Avenida Paulista', number: 1000, ...home, positionSource: 'manual' });
    const placed = await t.world.admin('GET', `/${id}/stamps`);
    expect(placed.json().place).toEqual(home);
  });

  it('a pin set by hand stays where it was put when the geocoder runs, though it knows the place', async () => {
    const [customer] = await t.ctx.database.db
      .select()
      .from(schema.customers)
      .where(eq(schema.customers.organizationId, t.org.organization.id));
    const url = `/api/organizations/${t.org.organization.id}/customers/${customer!.id}/addresses`;
    const body = { address: 'Rua do Pino Manual', number: 77, city: 'São Paulo', state: 'SP' };
    const made = await t.ctx.app.inject({ method: 'POST', url, headers: asAdmin(), payload: body });
    expect(made.statusCode).toBe(201);
    const addressId = made.json().id as number;
    const pin = { latitude: -23.5702, longitude: -46.6441 };
    const set = await t.ctx.app.inject({
      method: 'PUT',
      url: `${url}/${addressId}/position`,
      headers: asAdmin(),
      payload: pin,
    });
    expect(set.json()).toEqual({ ...pin, positionSource: 'manual' });
    while ((await geocodePending(t.ctx.database.db, geo.geocoderUrl)) > 0);
    // The same text saved again keeps the pin; the geocoder was never asked for it (the demo's other
    // addresses are looked up meanwhile).
    await t.ctx.app.inject({ method: 'PUT', url: `${url}/${addressId}`, headers: asAdmin(), payload: body });
    while ((await geocodePending(t.ctx.database.db, geo.geocoderUrl)) > 0);
    const read = await t.ctx.app.inject({ url: `${url}/${addressId}`, headers: asAdmin() });
    expect(read.json()).toMatchObject({ ...pin, positionSource: 'manual' });
    expect(geo.hits.filter((h) => /pino/i.test(decodeURIComponent(h)))).toEqual([]);
  });
});
