import type { Page } from '@playwright/test';
import { apiAs, expect, loginAs, test } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';
import { customerPhone, drawWithFinger } from '../fixtures/signing.ts';

/** The unread count the badge shows (0 without a badge). */
async function badgeCount(page: Page) {
  const badge = page.getByTestId('notification-badge');
  if ((await badge.count()) === 0) return 0;
  const text = await badge.innerText();
  return text === '99+' ? 100 : Number(text);
}

test('a customer signs on a phone and the admin’s bell shows it, unread and counted, without a reload', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { id, number, customerName, admin } = await startedOrder(request, { label: 'Cliente Sino' });
  const signUrl: string = (await (await admin.get(`/invoices/${id}`)).json()).signUrl;

  await loginAs(page, 'admin');
  await page.goto('/invoices');
  const bell = page.getByRole('button', { name: /^Notificações/ });
  await expect(bell).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

  const phone = await customerPhone(browser);
  const customer = await phone.newPage();
  await customer.goto(signUrl);
  await drawWithFinger(customer);
  await customer.getByRole('button', { name: 'Assinar' }).click();
  await expect(customer.getByRole('heading', { name: 'OS assinada' })).toBeVisible();
  await phone.close();

  // The bell polls (every 10 s): this order's notification comes in on the page that was already open.
  // The demo admin also gets the notifications of the tests running beside this one, so a count going
  // up proves nothing by itself (a loaded run: another order's signature raised it and the panel opened
  // before this one's arrived): the test waits for this order's entry in the open panel, unread.
  await bell.click();
  const entry = page.locator('.notification-entry', { hasText: `OS ${number} assinada` });
  await expect(entry).toContainText(`${customerName} assinou a Ordem de Serviço ${number}.`, { timeout: 25_000 });
  await expect(entry.getByRole('button', { name: 'Marcar como lida' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
  const unread = await badgeCount(page);
  expect(unread).toBeGreaterThan(0);
  await entry.getByRole('button', { name: 'Marcar como lida' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Marcar como lida' }).click();
  await expect.poll(() => badgeCount(page)).toBeLessThan(unread + 1);
  // The confirmation closed the panel; reopened, the entry is read (no button any more).
  if (!(await entry.isVisible())) await bell.click();
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Marcar como lida' })).toHaveCount(0);
  await entry.getByRole('link', { name: `OS ${number} assinada` }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${id}/edit$`));
});

test('an estimate reminder comes due and appears in the bell', async ({ page, request }) => {
  test.setTimeout(60_000);
  const admin = await apiAs(request, 'admin');
  const created = await admin.post('/estimates', { company: 1, customer: 1, transactionNature: 1 });
  test.skip(created.status() === 404, 'the estimates API is not on this branch yet');
  expect(created.status()).toBe(201);
  const estimate = await created.json();
  const kinds = (await (await admin.get('/reminders?take=100')).json()).data as Array<{
    id: number;
    isActive: boolean;
  }>;
  const kind = kinds.find((k) => k.isActive)!;
  const dueAt = new Date(Date.now() + 3_000).toISOString();
  expect(
    (await admin.post(`/estimates/${estimate.id}/reminders`, { reminder: kind.id, reminderAt: dueAt })).status(),
  ).toBe(201);

  await loginAs(page, 'admin');
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notificações/ });
  await expect(async () => {
    await bell.click();
    await expect(
      page.locator('.notification-entry', { hasText: `Lembrete do orçamento ${estimate.number}` }),
    ).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000, intervals: [2000] });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the bell sits in the header beside the menu and its panel spans the screen', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/');
    const bell = page.getByRole('button', { name: /^Notificações/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = page.locator('.notification-panel');
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.width).toBeGreaterThan(340);
    expect(box.height).toBeLessThanOrEqual(20 * 16 + 60);
  });
});

test('a technician’s bell tells of a comment from the office and opens the order; no bell in the lite organization', async ({
  page,
  browser,
  request,
}) => {
  const { id, number, admin } = await startedOrder(request, { label: 'Cliente Sino Técnico', withWorker: true });
  expect((await admin.post(`/invoices/${id}/comments`, { comment: 'Levar a escada grande', type: 1 })).status()).toBe(
    201,
  );
  await loginAs(page, 'worker');
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notificações/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await page
    .getByRole('link', { name: `Comentário na OS ${number}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${id}/edit$`));

  const lite = await browser.newPage();
  await loginAs(lite, 'lite');
  await lite.goto('/');
  await expect(lite.getByRole('link', { name: 'Ordens de Serviço' })).toBeVisible();
  await expect(lite.getByRole('button', { name: /^Notificações/ })).toHaveCount(0);
  await lite.close();
});
