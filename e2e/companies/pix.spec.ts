import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCompany } from '../fixtures/companies.ts';

test('the PIX key set on the company shows on the customer’s order page as QR code and copia e cola', async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  // A company of its own, so the other specs' documents keep their layout.
  const company = await newCompany(admin, unique('Clima PIX Ltda'), { alias: 'Clima PIX' });
  const order = (await (
    await admin.post('/invoices', { company: company.id, customer: 1, transactionNature: 1 })
  ).json()) as {
    id: number;
  };
  expect(
    (await admin.post(`/invoices/${order.id}/services`, { service: 4, quantity: 1, isGrouped: false })).status(),
  ).toBe(201);

  await loginAs(page, 'admin');
  await page.goto(`/companies/${company.id}/edit`);
  await page.getByRole('tab', { name: 'PIX', exact: true }).click();
  await page.getByLabel('Chave PIX').fill('12345');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.getByText('Chave PIX inválida: informe um CPF, CNPJ, e-mail, telefone com DDD ou chave aleatória'),
  ).toBeVisible();
  await page.getByLabel('Chave PIX').fill('Financeiro@ClimaPix.com.br');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Chave PIX salva')).toBeVisible();

  const signUrl = (await (await admin.get(`/invoices/${order.id}`)).json()).signUrl as string;
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto(signUrl);
  const card = phone.getByTestId('pix-card');
  await expect(card.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  const code = await card.getByLabel('PIX copia e cola').inputValue();
  expect(code).toMatch(/^000201.*0014br\.gov\.bcb\.pix0126financeiro@climapix\.com\.br.*6304[0-9A-F]{4}$/);
  await expect(card).toContainText('Valor: R$');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();
});
