import { apiAs, expect, loginAs, test } from '../fixtures/index.ts';

test("Back from an order opened on page 3 returns to page 3, and the list's link can be shared", async ({
  page,
  request,
  browser,
}) => {
  const admin = await apiAs(request, 'admin');
  // At least three pages of 10.
  const { meta } = await (await admin.get('/invoices/filter?take=1')).json();
  for (let n = meta.total; n < 25; n++) {
    expect((await admin.post('/invoices', { company: 1, customer: 1, transactionNature: 1 })).status()).toBe(201);
  }
  await loginAs(page, 'admin');
  await page.goto('/invoices');
  const pagination = page.getByTestId('pagination');
  await pagination.getByLabel('Registros por página').selectOption('10');
  await pagination.getByRole('button', { name: '3', exact: true }).click();
  await expect(pagination).toContainText(/^21–/);
  await expect(page).toHaveURL(/[?&]skip=20/);
  const firstOnPage3 = page.getByRole('row').nth(1);
  const number = (await firstOnPage3.getByRole('link').first().textContent())!.trim();
  await firstOnPage3.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
  await page.goBack();
  await expect(pagination).toContainText(/^21–\d+ de/);
  await expect(page.getByRole('row').nth(1)).toContainText(number);

  // The same address in another browser shows the same page.
  const other = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const shared = await other.newPage();
  await loginAs(shared, 'admin');
  await shared.goto(page.url());
  await expect(shared.getByTestId('pagination')).toContainText(/^21–\d+ de/);
  await other.close();
});

test("a home card counts its orders and 'Ver todas' lists exactly them", async ({ page }) => {
  await loginAs(page, 'admin');
  // Other specs running at the same time start and finish orders of this organization, so the card
  // and the list are compared again (card, then list) until no order moved in between.
  await expect(async () => {
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Serviços não concluídos' });
    const count = (await card.getByTestId('card-count').textContent())!.trim();
    await expect(card.getByTestId('card-amount')).toHaveText(/R\$\s[\d.]+,\d\d/);
    await card.getByRole('link', { name: 'Ver todas' }).click();
    await expect(page).toHaveURL(/\/invoices\?state=7,10$/);
    await expect(page.getByTestId('pagination')).toContainText(
      new RegExp(`de ${Number(count).toLocaleString('pt-BR')} registros?`),
      { timeout: 5_000 },
    );
  }).toPass({ timeout: 40_000 });
  await expect(page.getByTestId('filter-count')).toHaveText('1');
});
