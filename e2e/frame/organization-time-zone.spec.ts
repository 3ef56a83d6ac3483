import type { Page } from '@playwright/test';
import { apiAs, expect, loginAs, test } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

// The browser is in Tokyo, 12 hours ahead of the demo organization's São Paulo: what the screens
// print, and what they call today, must still be São Paulo's.
test.use({ timezoneId: 'Asia/Tokyo' });

const SP = 'America/Sao_Paulo';
const dayIn = (timeZone: string, instant: Date | number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);
const br = (iso: string) => iso.split('-').toReversed().join('/');

/**
 * The instant nearest to now (at most 12 hours away, so the login token stays valid) when it is 17:00 in
 * São Paulo: 05:00 of the next day in Tokyo.
 */
function spAfternoon(): Date {
  const now = Date.now();
  const candidates = [-1, 0, 1].map((d) => Date.parse(`${dayIn(SP, now + d * 86_400_000)}T17:00:00-03:00`));
  return new Date(candidates.reduce((a, b) => (Math.abs(b - now) < Math.abs(a - now) ? b : a)));
}

const browserDay = (page: Page, iso: string) => page.evaluate((i) => new Date(i).getDate(), iso);

test('a visit at 23:30 in São Paulo shows 25/11 23:30 in a browser in Tokyo, and is saved back as São Paulo time', async ({
  page,
  request,
}) => {
  const { id, number, admin } = await startedOrder(request, { label: 'Cliente Fuso' });
  const booked = await admin.post(`/invoices/${id}/visit`, { scheduledAt: '2026-11-25T23:30:00-03:00' });
  expect(booked.status(), await booked.text()).toBe(200);

  await loginAs(page, 'admin');
  // The browser itself puts that instant on the 26th, 11:30.
  expect(await browserDay(page, '2026-11-26T02:30:00.000Z')).toBe(26);

  await page.goto(`/invoices/${id}/edit`);
  const card = page.getByRole('region', { name: 'Atendimento' });
  await expect(card).toContainText(/25\/11\/2026,? 23:30/);
  await card.getByRole('button', { name: 'Alterar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar atendimento' });
  await expect(dialog.getByLabel('Agendada para')).toHaveValue('25/11/2026');
  const hour = dialog.getByLabel('Hora', { exact: true });
  await expect(hour).toHaveValue('23:30');
  await hour.fill('23:45');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Atendimento registrado com sucesso')).toBeVisible();
  await expect(card).toContainText(/25\/11\/2026,? 23:45/);
  expect((await (await admin.get(`/invoices/${id}`)).json()).scheduledAt).toBe('2026-11-26T02:45:00.000Z');

  // The order list filtered on São Paulo's 25th finds it and prints its São Paulo date and time.
  await page.goto('/invoices?scheduledFrom=2026-11-25&scheduledTo=2026-11-25');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Ordem de serviço ${number}` }) });
  await expect(row).toContainText('25/11/2026');
  await expect(row).toContainText('23:45');
});

test("'today' is São Paulo's when Tokyo is already on the next day: the date filter's calendar and the payment date", async ({
  page,
  request,
}) => {
  const { id } = await startedOrder(request, { label: 'Cliente Hoje' });
  const admin = await apiAs(request, 'admin');
  expect((await admin.post(`/invoices/${id}/complete`)).ok()).toBe(true);

  const at = spAfternoon();
  const today = dayIn(SP, at);
  expect(dayIn('Asia/Tokyo', at)).not.toBe(today);
  await page.clock.setFixedTime(at);
  await loginAs(page, 'admin');

  // The list's 'Visita agendada' filter: its calendar opens on today, São Paulo's.
  await page.goto('/invoices');
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page
    .getByRole('group', { name: 'Visita agendada' })
    .getByRole('button', { name: 'Abrir calendário' })
    .first()
    .click();
  const current = page.getByRole('dialog', { name: 'Calendário' }).locator('[aria-current="date"]');
  await expect(current).toHaveAttribute('data-date', today);
  await expect(current).toBeFocused();

  // 'Pagar' proposes today, São Paulo's, as the payment date.
  await page.goto(`/invoices/${id}/edit`);
  await page.getByRole('toolbar', { name: 'Ações da ordem de serviço' }).getByRole('button', { name: 'Pagar' }).click();
  // Not signed: 'Deseja continuar?' first.
  const warning = page.getByRole('dialog').filter({ hasText: 'Deseja continuar?' });
  await warning.getByRole('button', { name: 'Continuar', exact: true }).click();
  const pay = page.getByRole('dialog', { name: 'Informe a data de pagamento' });
  await expect(pay.getByLabel('Data do pagamento')).toHaveValue(br(today));
});

test("a report's default period ends on the organization's today", async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/reports');
  await page.getByRole('link', { name: /Ordens de serviço por período e situação/ }).click();
  // The server sets the defaults from its own clock, in the organization's zone.
  await expect(page.getByLabel('Aberta até')).toHaveValue(br(dayIn(SP, Date.now())));
});
