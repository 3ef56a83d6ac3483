import type { Page } from '@playwright/test';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { receivedTextFor } from '../fixtures/inbox.ts';
import { geoData } from '../fixtures/geo.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { DEMO_WORKER_ID } from '../fixtures/orders.ts';

// The technician's day on a 375-px phone with the position mocked: 'A caminho' e-mails the customer the
// arrival estimate, 'Cheguei' 1.2 km from the address warns the office, and 'Iniciar'/'Pausar' made
// without signal go out once the network is back.

const SHOTS = process.env.FIELD_SHOTS;
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });
test.setTimeout(120_000);

/** A point `meters` due north of the customer's address. */
const north = (meters: number) => ({
  latitude: geoData.paulista.latitude + meters / 111_195,
  longitude: geoData.paulista.longitude,
  accuracy: 15,
});

/** A customer with an e-mail and a placed address, and an order of theirs on the demo technician. */
async function orderAtPaulista(page: Page) {
  const admin = await apiAs(page.request, 'admin');
  const name = unique('Cliente Paulista');
  const email = `campo-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@exemplo.com.br`;
  const customer = await (await admin.post('/customers', { type: 2, identifier: newCpf().raw, name, email })).json();
  const address = await admin.post(`/customers/${customer.id}/addresses`, {
    address: 'Avenida Paulista',
    number: 1000,
    city: 'São Paulo',
    state: 'SP',
  });
  expect(address.status()).toBe(201);
  const placed = await admin.put(
    `/customers/${customer.id}/addresses/${(await address.json()).id}/position`,
    geoData.paulista,
  );
  expect(placed.status()).toBe(200);
  const order = await (
    await admin.post('/invoices', { company: 1, customer: customer.id, transactionNature: 1 })
  ).json();
  expect((await admin.post(`/invoices/${order.id}/workers`, { worker: DEMO_WORKER_ID })).status()).toBe(201);
  return { id: order.id as number, number: order.number as number, email, admin };
}

const stampGroup = (page: Page) => page.getByRole('group', { name: 'Registros do atendimento' });

test('A caminho → e-mail with the estimate; Cheguei at 1.2 km → warning to the office; offline Iniciar/Pausar sent once', async ({
  page,
  context,
  browser,
}) => {
  const order = await orderAtPaulista(page);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(north(9_000));
  await loginAs(page, 'worker');
  await page.goto(`/invoices/${order.id}/edit`);
  await expect(page.getByRole('heading', { name: `Ordem de Serviço #${order.number}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('nunca em segundo plano')).toBeVisible();

  // On the way: the estimate is on the timeline and in the customer's e-mail.
  await stampGroup(page).getByRole('button', { name: 'A caminho' }).click();
  const eta = page.getByText(/chegada prevista às (\d\d:\d\d)/);
  await expect(eta).toBeVisible();
  const hhmm = /chegada prevista às (\d\d:\d\d)/.exec((await eta.textContent()) ?? '')![1]!;
  expect(await receivedTextFor(order.email)).toContain(`técnico a caminho, chega por volta de ${hhmm}`);

  // Arrived 1.2 km from the address.
  await context.setGeolocation(north(1_200));
  await stampGroup(page).getByRole('button', { name: 'Cheguei' }).click();
  await expect(page.getByTestId('distance-warning')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/field-technician-375.png`, fullPage: true });

  // Without signal: start, then pause with a reason; both wait on the phone.
  await context.setOffline(true);
  await stampGroup(page).getByRole('button', { name: 'Iniciar' }).click();
  await expect(page.locator('.field-timeline').getByText('pendente de envio')).toHaveCount(1);
  await stampGroup(page).getByRole('button', { name: 'Pausar' }).click();
  await page.getByLabel('Motivo da pausa').fill('Buscar peça');
  await page.getByRole('dialog').getByRole('button', { name: 'Pausar' }).click();
  await expect(page.locator('.field-timeline').getByText('pendente de envio')).toHaveCount(2);
  await expect(stampGroup(page).getByRole('button', { name: 'Retomar' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.locator('.field-timeline').getByText('pendente de envio')).toHaveCount(0, { timeout: 30_000 });

  const stamps = (await (await order.admin.get(`/invoices/${order.id}/stamps`)).json()) as {
    data: Array<{ kind: string; reason: string | null; distanceWarning: boolean }>;
  };
  expect(stamps.data.map((s) => s.kind)).toEqual(['travel', 'arrive', 'start', 'pause']);
  expect(stamps.data[1]!.distanceWarning).toBe(true);
  expect(stamps.data[3]!.reason).toBe('Buscar peça');

  // The office sees the warning on the order, at its desk.
  const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await office.newPage();
  await loginAs(desk, 'admin');
  await desk.goto(`/invoices/${order.id}/edit`);
  const card = desk.getByRole('region', { name: 'Deslocamento e tempo' });
  await expect(card.getByTestId('distance-warning')).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('a 1,2 km do endereço');
  await expect(card).toContainText('Pausou — ');
  await expect(card.getByRole('button', { name: 'Cheguei' })).toHaveCount(0);
  if (SHOTS) await desk.screenshot({ path: `${SHOTS}/field-office-1280.png`, fullPage: true });

  // On the agenda, the technician is at the customer's now (paused there).
  await desk.goto('/agenda');
  const now = desk.getByTestId('field-status');
  await expect(now).toContainText('Técnico João da Silva');
  await expect(now).toContainText(`No localOS ${order.number}`);
  if (SHOTS) await desk.screenshot({ path: `${SHOTS}/field-agenda-1280.png` });
  await office.close();
});
