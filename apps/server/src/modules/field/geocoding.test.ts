import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { startGeoStandIn } from '@ordem-certa/test-support/geo-stand-in';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { geocodePending, reduceOldStamps } from './field-job.ts';

// Addresses get their coordinates after the save, from the geocoding service (each text asked once), or
// by hand; stamps past the retention period keep only their times.

const geo = await startGeoStandIn({
  places: { 'rua augusta, 500, cerqueira': { latitude: -23.5534, longitude: -46.6528 } },
});
const t = perFile({ other: true, world: invoiceWorld });
afterAll(() => geo.close());

const customerUrl = (id: number) => `/api/organizations/${t.org.organization.id}/customers/${id}/addresses`;
const asAdmin = () => t.org.as(t.org.admin.token);

async function addAddress(address: string, number: number, neighborhood?: string) {
  const [order] = await t.ctx.database.db
    .select()
    .from(schema.customers)
    .where(eq(schema.customers.organizationId, t.org.organization.id));
  const res = await t.ctx.app.inject({
    method: 'POST',
    url: customerUrl(order!.id),
    headers: asAdmin(),
    payload: { address, number, neighborhood, city: 'São Paulo', state: 'SP' },
  });
  expect(res.statusCode).toBe(201);
  return { customerId: order!.id, id: res.json().id as number };
}
const positionOf = async (id: number) =>
  (await t.ctx.database.db.select().from(schema.addresses).where(eq(schema.addresses.id, id)))[0]!;

describe('geocoding', () => {
  it('the save does not wait; the job places the address, asks the service once per text, marks the unknown', async () => {
    const known = await addAddress('Rua Augusta', 500, 'Cerqueira César');
    const twin = await addAddress('Rua Augusta', 500, 'Cerqueira César');
    const unknown = await addAddress('Rua Que Não Existe', 1);
    expect(await positionOf(known.id)).toMatchObject({ latitude: null, positionSource: null });
    while ((await geocodePending(t.ctx.database.db, geo.geocoderUrl)) > 0);
    expect(await positionOf(known.id)).toMatchObject({
      latitude: -23.5534,
      longitude: -46.6528,
      positionSource: 'geocoder',
    });
    expect(await positionOf(twin.id)).toMatchObject({ latitude: -23.5534, positionSource: 'geocoder' });
    expect(await positionOf(unknown.id)).toMatchObject({ latitude: null, positionSource: 'missing' });
    const asked = geo.hits.filter((h) => h.includes('Cerqueira'));
    expect(asked).toHaveLength(1);
    expect(decodeURIComponent(asked[0]!.replace(/\+/g, ' '))).toContain(
      'q=Rua Augusta, 500, Cerqueira César, São Paulo - SP, Brasil',
    );
    // The address read back carries its position.
    const read = await t.ctx.app.inject({ url: `${customerUrl(known.customerId)}/${known.id}`, headers: asAdmin() });
    expect(read.json()).toMatchObject({ latitude: -23.5534, positionSource: 'geocoder' });
  });

  it('a service down leaves the address for the next round; a changed text is looked up again', async () => {
    const a = await addAddress('Rua Augusta', 500, 'Cerqueira César');
    geo.down.geocoder = true;
    try {
      // The text is kept from the first test: no request is needed for it.
      const other = await addAddress('Avenida Nova', 7);
      expect(await geocodePending(t.ctx.database.db, geo.geocoderUrl)).toBeGreaterThanOrEqual(0);
      expect(await positionOf(other.id)).toMatchObject({ positionSource: null });
    } finally {
      geo.down.geocoder = false;
    }
    while ((await geocodePending(t.ctx.database.db, geo.geocoderUrl)) > 0);
    expect(await positionOf(a.id)).toMatchObject({ positionSource: 'geocoder' });
    await t.ctx.app.inject({
      method: 'PUT',
      url: `${customerUrl(a.customerId)}/${a.id}`,
      headers: asAdmin(),
      payload: { address: 'Rua Que Não Existe', number: 1, city: 'São Paulo', state: 'SP' },
    });
    expect(await positionOf(a.id)).toMatchObject({ latitude: null, positionSource: null });
  });

  it('the pin set by hand: 200 with the position, 422 on a bad latitude, 404 for another organization', async () => {
    const a = await addAddress('Rua do Pino', 3);
    const url = `${customerUrl(a.customerId)}/${a.id}/position`;
    const set = await t.ctx.app.inject({
      method: 'PUT',
      url,
      headers: asAdmin(),
      payload: { latitude: -23.5, longitude: -46.6 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ latitude: -23.5, longitude: -46.6, positionSource: 'manual' });
    const bad = await t.ctx.app.inject({
      method: 'PUT',
      url,
      headers: asAdmin(),
      payload: { latitude: -95, longitude: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ latitude: ['Latitude inválida'] });
    const theirs = await t.ctx.app.inject({
      method: 'PUT',
      url: url.replace(`/organizations/${t.org.organization.id}/`, `/organizations/${t.other.organization.id}/`),
      headers: t.other.as(t.other.admin.token),
      payload: { latitude: 1, longitude: 1 },
    });
    expect(theirs.statusCode).toBe(404);
    expect(await positionOf(a.id)).toMatchObject({ latitude: -23.5, positionSource: 'manual' });
  });
});

describe('retention', () => {
  it('stamps past the organization’s period keep their times and lose their positions', async () => {
    const { id } = await t.world.createInvoice();
    const db = t.ctx.database.db;
    const base = {
      organizationId: t.org.organization.id,
      invoiceId: id,
      userId: t.org.worker.id,
      latitude: -23.5,
      longitude: -46.6,
      accuracy: 10,
    };
    await db.insert(schema.fieldStamps).values([
      { ...base, kind: 'arrive', deviceAt: new Date('2025-10-01T12:00:00Z'), distanceMeters: 30 },
      { ...base, kind: 'arrive', deviceAt: new Date('2026-10-01T12:00:00Z') },
    ]);
    expect(await reduceOldStamps(db, new Date('2026-12-03T12:00:00Z'))).toBe(1);
    const rows = await db.select().from(schema.fieldStamps).where(eq(schema.fieldStamps.invoiceId, id));
    const old = rows.find((r) => r.deviceAt.getUTCFullYear() === 2025)!;
    expect(old).toMatchObject({ latitude: null, longitude: null, accuracy: null, distanceMeters: 30 });
    expect(old.reducedAt).not.toBeNull();
    expect(rows.find((r) => r.deviceAt.getUTCFullYear() === 2026)).toMatchObject({ latitude: -23.5, reducedAt: null });
    // With a 1-month period, the second goes too.
    await db.insert(schema.fieldSettings).values({ organizationId: t.org.organization.id, retentionMonths: 1 });
    expect(await reduceOldStamps(db, new Date('2026-12-03T12:00:00Z'))).toBe(1);
  });
});
