import type { Page } from '@playwright/test';
import { apiAs, expect, loginAs, test } from '../fixtures/index.ts';
import { newOrder } from '../fixtures/orders.ts';

// The day's route on the agenda: the technician's visits of a day reordered to the shortest round trip
// from the shop, the 'horário fixo' visit kept, and accepted onto the agenda. The run's router stand-in
// answers the distance table (straight line × 1.3 at 36 km/h), so the distances are by road.

test.use({ viewport: { width: 1280, height: 900 } });
test.setTimeout(120_000);
// Both tests place the company's shop: one after the other.
test.describe.configure({ mode: 'serial' });

// A day no other spec schedules on, and places due north of the shop.
const day = '2027-03-10';
const shop = { latitude: -23.7, longitude: -46.7 };
const north = (km: number) => ({ latitude: shop.latitude + (km * 1000) / 111_195, longitude: shop.longitude });

type Api = Awaited<ReturnType<typeof apiAs>>;

/** The company's shop placed (its other addresses unplaced), and an order at each km north on `date`. */
async function dayOf(page: Page, admin: Api, date: string, plan: ReadonlyArray<readonly [number, string]>) {
  const shopAddress = await admin.post('/companies/1/addresses', { address: 'Rua da Oficina', number: 1 });
  expect(shopAddress.status()).toBe(201);
  const shopId = (await shopAddress.json()).id as number;
  const companyAddresses = (await (await admin.get('/companies/1/addresses?take=100')).json()).data as Array<{
    id: number;
  }>;
  for (const a of companyAddresses) {
    const position = a.id === shopId ? shop : { latitude: null, longitude: null };
    expect((await admin.put(`/companies/1/addresses/${a.id}/position`, position)).status()).toBe(200);
  }
  const orders = [];
  for (const [km, time] of plan) {
    const order = await newOrder(page.request, { label: `Cliente Rota ${km} km`, withWorker: true });
    const customerId = (await (await admin.get(`/invoices/${order.id}`)).json()).customerId as number;
    const address = await admin.post(`/customers/${customerId}/addresses`, { address: `Rua ${km} km`, number: km });
    expect(
      (await admin.put(`/customers/${customerId}/addresses/${(await address.json()).id}/position`, north(km))).status(),
    ).toBe(200);
    expect(
      (await admin.post(`/invoices/${order.id}/visit`, { scheduledAt: `${date}T${time}:00-03:00` })).status(),
    ).toBe(200);
    orders.push(order);
  }
  return orders;
}

test('the day’s route is proposed and accepted onto the agenda', async ({ page }) => {
  const admin = await apiAs(page.request, 'admin');
  const orders = await dayOf(page, admin, day, [
    [3, '09:00'],
    [1, '11:00'],
    [2, '15:00'],
  ]);

  await loginAs(page, 'admin');
  await page.goto('/agenda');
  await page.getByLabel('Ir para a data').fill(day);
  await page.getByLabel('Técnico da rota').selectOption({ label: 'Técnico João da Silva' });
  const list = page.getByRole('list', { name: 'Visitas na ordem proposta' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  // The nearest visit first, at 8:02 (1 km at 30 km/h from 8:00).
  await expect(list.getByRole('listitem').first()).toContainText(`08:02 OS ${orders[1]!.number}`);
  // 6 km of straight lines × 1.3 by road.
  await expect(page.getByTestId('route-summary')).toContainText('7,8 km');
  await expect(page.getByTestId('route-summary')).toContainText('distâncias por estrada');
  // The 15:00 visit made 'horário fixo' keeps its time.
  const fixedSwitch = list
    .getByRole('listitem')
    .filter({ hasText: `OS ${orders[2]!.number}` })
    .getByLabel('Horário fixo');
  // The switch shows the server's state: checked once the order is saved and the route read again.
  await fixedSwitch.click();
  await expect(fixedSwitch).toBeChecked();
  await expect(list.getByRole('listitem').filter({ hasText: `OS ${orders[2]!.number}` })).toContainText('15:00');
  if (process.env.FIELD_SHOTS)
    await page.screenshot({ path: `${process.env.FIELD_SHOTS}/field-route-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Aceitar na agenda' }).click();
  await expect(page.getByText('reagendada(s) pela rota')).toBeVisible();
  const moved = (await (await admin.get(`/invoices/${orders[1]!.id}`)).json()).scheduledAt as string;
  expect(new Date(moved).toISOString()).toBe(new Date(`${day}T08:02:00-03:00`).toISOString());
  const kept = (await (await admin.get(`/invoices/${orders[2]!.id}`)).json()).scheduledAt as string;
  expect(new Date(kept).toISOString()).toBe(new Date(`${day}T15:00:00-03:00`).toISOString());
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('four visits, one at a fixed time, proposed by road and accepted: the agenda shows the new times', async ({
    page,
  }) => {
    const date = '2027-03-12';
    const admin = await apiAs(page.request, 'admin');
    const orders = await dayOf(page, admin, date, [
      [4, '08:30'],
      [3, '09:00'],
      [1, '11:00'],
      [2, '15:00'],
    ]);
    expect((await admin.put(`/invoices/${orders[3]!.id}/fixed-time`, { fixed: true })).status()).toBe(200);

    await loginAs(page, 'admin');
    await page.goto('/agenda');
    await page.getByLabel('Ir para a data').fill(date);
    await page.getByLabel('Técnico da rota').selectOption({ label: 'Técnico João da Silva' });
    const list = page.getByRole('list', { name: 'Visitas na ordem proposta' });
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(page.getByTestId('route-source')).toHaveText('distâncias por estrada');
    // 1.3 km by road at 36 km/h from 8:00; the fixed visit stays at 15:00.
    await expect(list.getByRole('listitem').first()).toContainText(`08:02 OS ${orders[2]!.number}`);
    const fixed = list.getByRole('listitem').filter({ hasText: `OS ${orders[3]!.number}` });
    await expect(fixed.getByLabel('Horário fixo')).toBeChecked();
    await expect(fixed).toContainText('15:00');
    await list.scrollIntoViewIfNeeded();
    if (process.env.FIELD_SHOTS)
      await page.screenshot({ path: `${process.env.FIELD_SHOTS}/field-route-375.png`, fullPage: true });
    // Each stop's time as the screen proposes it, to find on the agenda once accepted.
    const proposed = new Map<number, string>();
    for (const o of orders) {
      const text = await list
        .getByRole('listitem')
        .filter({ hasText: `OS ${o.number} ` })
        .innerText();
      proposed.set(o.id, /^(\d\d:\d\d)/.exec(text)![1]!);
    }
    await page.getByRole('button', { name: 'Aceitar na agenda' }).click();
    await expect(page.getByText('reagendada(s) pela rota')).toBeVisible();
    for (const o of orders) await expect(page.getByTestId(`agenda-visit-${o.id}`)).toContainText(proposed.get(o.id)!);
    await expect(page.getByTestId(`agenda-visit-${orders[2]!.id}`)).toContainText('08:02');
    await expect(page.getByTestId(`agenda-visit-${orders[3]!.id}`)).toContainText('15:00');
  });
});
