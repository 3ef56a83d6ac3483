import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, loginAs, test } from '../fixtures/index.ts';
import { receivedFor } from '../fixtures/inbox.ts';
import { startedOrder } from '../fixtures/orders.ts';
import { setOrderCustomerContact } from '../fixtures/customers.ts';

// The customer rates a completed order from the link its completion e-mailed, on a phone; the office
// sees the answer in the ratings report and the NPS on the owner's dashboard.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/rate-order/shots';

test('completed → e-mailed link → rated 0–10 on a phone → in the report and on the dashboard', async ({
  browser,
  page,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const order = await startedOrder(request, { label: 'Cliente Avaliação', withWorker: true });
  const email = `avaliacao-${Date.now().toString(36)}@exemplo.com.br`;
  await setOrderCustomerContact(order.admin, order.id, { phone: '11987654321', email });
  expect((await order.admin.post(`/invoices/${order.id}/complete`)).ok()).toBe(true);

  const mail = await receivedFor(email);
  expect(mail.subject).toContain(`como foi o atendimento da OS nº ${order.number}`);
  const link = /\/invoices\/\d+\/rate\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();

  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const customer = await phone.newPage();
  // The e-mail's '9' button: chosen on arrival, sent only by the customer.
  await customer.goto(`${link}&score=9`);
  await expect(customer.getByRole('heading', { name: `Avaliação da OS nº ${order.number}` })).toBeVisible();
  await expect(customer.getByRole('radio', { name: '9' })).toHaveAttribute('aria-checked', 'true');
  await customer.screenshot({ path: `${SHOTS}/rate-375.png`, fullPage: true });
  const axe = await new AxeBuilder({ page: customer }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await customer.getByRole('radio', { name: '3' }).click();
  const comment = `Demorou muito ${Date.now().toString(36)}`;
  await customer.getByLabel('Quer contar o que achou? (opcional)').fill(comment);
  await customer.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(customer.getByTestId('rating-thanks')).toContainText('Obrigado pela sua avaliação!');
  await expect(customer.getByTestId('rating-thanks')).toContainText('Sua nota: 3');
  await customer.screenshot({ path: `${SHOTS}/rated-375.png`, fullPage: true });
  // Changed within the seven days.
  await customer.getByRole('button', { name: 'Alterar avaliação' }).click();
  await customer.getByRole('radio', { name: '6' }).click();
  await customer.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(customer.getByTestId('rating-thanks')).toContainText('Sua nota: 6');
  await phone.close();

  await loginAs(page, 'admin');
  await page.goto('/reports/ratings');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.locator('.report-table tr', { hasText: comment });
  await expect(row).toContainText(String(order.number));
  await expect(row.getByRole('cell', { name: '6', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Financeiro' }).click();
  await page.getByRole('link', { name: 'Painel' }).click();
  await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
  await expect(page.getByTestId('fig-nps')).toContainText(/avalia(ção|ções) no mês/);
  await expect(page.getByTestId('fig-completed')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });
  await page.getByTestId('fig-nps').getByRole('link').click();
  await expect(page).toHaveURL(/\/reports\/nps$/);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/painel');
  await expect(page.getByTestId('fig-nps')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-375.png`, fullPage: true });
});
