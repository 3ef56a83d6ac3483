import type { Page } from '@playwright/test';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { geoData } from '../fixtures/geo.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { DEMO_WORKER_ID } from '../fixtures/orders.ts';

// The maps, on the tile stand-in (MAP_TILES_URL): the address's pin dragged and saved by hand, the
// order's small map of its address and stamps, and the day's route; on a phone and on a desktop.

const SHOTS = process.env.FIELD_SHOTS;
const standIn = `http://127.0.0.1:${process.env.E2E_GEO_PORT}`;
test.setTimeout(120_000);

/** The tile (x, y) that holds a place at zoom z, as OpenStreetMap numbers them. */
function tileOf(p: { latitude: number; longitude: number }, z: number) {
  const n = 2 ** z;
  const lat = (p.latitude * Math.PI) / 180;
  return {
    x: Math.floor(((p.longitude + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n),
  };
}

/** A customer with an address placed on Avenida Paulista and an order of theirs at it. */
async function customerAtPaulista(page: Page) {
  const admin = await apiAs(page.request, 'admin');
  const name = unique('Cliente Mapa');
  const customer = await (await admin.post('/customers', { type: 2, identifier: newCpf().raw, name })).json();
  const address = await admin.post(`/customers/${customer.id}/addresses`, {
    address: 'Avenida Paulista',
    number: 1000,
    city: 'São Paulo',
    state: 'SP',
  });
  expect(address.status()).toBe(201);
  const addressId = (await address.json()).id as number;
  expect(
    (await admin.put(`/customers/${customer.id}/addresses/${addressId}/position`, geoData.paulista)).status(),
  ).toBe(200);
  return { admin, customerId: customer.id as number, addressId, name };
}

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const)
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the address modal shows the pin on the stand-in’s tiles; dragging it saves the new place', async ({
      page,
    }) => {
      const { admin, customerId, addressId } = await customerAtPaulista(page);
      await loginAs(page, 'admin');
      await page.goto(`/customers/${customerId}/edit`);
      await page.getByRole('tab', { name: 'Endereços' }).click();
      await page.getByRole('row').filter({ hasText: 'Avenida Paulista' }).getByRole('button').first().click();
      const dialog = page.getByRole('dialog', { name: 'Alterar endereço' });
      const map = dialog.getByRole('region', { name: 'Mapa do endereço' });
      await expect(map).toBeVisible();
      await expect(map.getByText('© OpenStreetMap')).toBeVisible();
      // The tiles are the stand-in's, loaded: the one under the pin was asked of it.
      await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
      const src = await map.locator('img.leaflet-tile-loaded').first().getAttribute('src');
      expect(src).toMatch(new RegExp(`^${standIn}/tiles/16/\\d+/\\d+\\.png$`));
      const { x, y } = tileOf(geoData.paulista, 16);
      const hits = (await (await page.request.get(`${standIn}/hits`)).json()) as string[];
      expect(hits).toContain(`/tiles/16/${x}/${y}.png`);
      // Inside the phone's width.
      const box = (await map.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);

      const pin = map.getByRole('button', { name: 'Local do endereço' });
      await pin.scrollIntoViewIfNeeded();
      const at = (await pin.boundingBox())!;
      await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
      await page.mouse.down();
      await page.mouse.move(at.x + at.width / 2 + 60, at.y + at.height / 2 + 40, { steps: 8 });
      await page.mouse.up();
      await expect(dialog.getByTestId('address-position')).toContainText('marcado à mão');
      // The typed coordinates follow the dragged pin, with the decimal comma.
      await expect(dialog.getByLabel('Latitude')).toHaveValue(/^-23,\d+$/);
      await expect(dialog.getByLabel('Latitude')).not.toHaveValue(String(geoData.paulista.latitude).replace('.', ','));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/map-address-${width}.png` });
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await expect(dialog).toBeHidden();

      // Read back: further south and east, set by hand.
      const saved = await (await admin.get(`/customers/${customerId}/addresses/${addressId}`)).json();
      expect(saved.positionSource).toBe('manual');
      expect(saved.latitude).toBeLessThan(geoData.paulista.latitude);
      expect(saved.longitude).toBeGreaterThan(geoData.paulista.longitude);
    });

    test('the order shows its address and the stamps on a small map', async ({ page }) => {
      const { admin, customerId } = await customerAtPaulista(page);
      const order = await (
        await admin.post('/invoices', { company: 1, customer: customerId, transactionNature: 1 })
      ).json();
      expect((await admin.post(`/invoices/${order.id}/workers`, { worker: DEMO_WORKER_ID })).status()).toBe(201);
      const worker = await apiAs(page.request, 'worker');
      const arrived = await worker.post(`/invoices/${order.id}/stamps`, {
        kind: 'arrive',
        deviceAt: new Date().toISOString(),
        position: { latitude: geoData.paulista.latitude + 0.004, longitude: geoData.paulista.longitude, accuracy: 10 },
      });
      expect(arrived.status()).toBe(201);
      await loginAs(page, 'admin');
      await page.goto(`/invoices/${order.id}/edit`);
      const map = page.getByRole('region', { name: 'Mapa do atendimento' });
      await expect(map).toBeVisible({ timeout: 30_000 });
      await expect(map.getByRole('button', { name: 'Endereço do atendimento' })).toBeVisible();
      await expect(map.getByRole('button', { name: /^Chegou ao local às \d\d:\d\d$/ })).toBeVisible();
      await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
      await map.scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/map-order-${width}.png` });
    });

    test('the day’s route is drawn: the shop, the numbered visits and the line', async ({ page }) => {
      const admin = await apiAs(page.request, 'admin');
      // A day of its own; the shop is the company's first placed address, this one if no other is.
      const day = width === 375 ? '2027-04-13' : '2027-04-14';
      const shop = { latitude: -23.58, longitude: -46.62 };
      const shopAddress = await admin.post('/companies/1/addresses', { address: 'Rua da Oficina Mapa', number: 2 });
      expect((await admin.put(`/companies/1/addresses/${(await shopAddress.json()).id}/position`, shop)).status()).toBe(
        200,
      );
      for (const [k, time] of [
        [1, '09:00'],
        [2, '11:00'],
      ] as const) {
        const { customerId, addressId } = await customerAtPaulista(page);
        await admin.put(`/customers/${customerId}/addresses/${addressId}/position`, {
          latitude: shop.latitude + k * 0.012,
          longitude: shop.longitude - k * 0.01,
        });
        const order = await (
          await admin.post('/invoices', { company: 1, customer: customerId, transactionNature: 1 })
        ).json();
        expect((await admin.post(`/invoices/${order.id}/workers`, { worker: DEMO_WORKER_ID })).status()).toBe(201);
        expect(
          (await admin.post(`/invoices/${order.id}/visit`, { scheduledAt: `${day}T${time}:00-03:00` })).status(),
        ).toBe(200);
      }
      await loginAs(page, 'admin');
      await page.goto('/agenda');
      await page.getByLabel('Ir para a data').fill(day);
      await page.getByLabel('Técnico da rota').selectOption({ label: 'Técnico João da Silva' });
      const map = page.getByRole('region', { name: 'Mapa da rota do dia' });
      await expect(map).toBeVisible();
      await expect(map.getByRole('button', { name: 'Empresa: saída e volta' })).toBeVisible();
      await expect(map.getByRole('button', { name: /^1\. \d\d:\d\d OS \d+ · Cliente Mapa/ })).toContainText('1');
      await expect(map.getByRole('button', { name: /^2\. \d\d:\d\d OS \d+ · Cliente Mapa/ })).toContainText('2');
      await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
      await map.scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/map-route-${width}.png` });
    });
  });
