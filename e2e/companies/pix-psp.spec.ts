import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCompany } from '../fixtures/companies.ts';
import { connectedCompany, E2E_PSP, e2ePspUrl, startedOrder } from '../fixtures/pix-psp.ts';

test('the admin connects the company to its PSP: the webhook is registered and the test passes', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const company = await newCompany(admin, unique('Clima PSP Ltda'), { alias: 'Clima PSP' });

  await loginAs(page, 'admin');
  await page.goto(`/companies/${company.id}/edit?tab=pix-psp`);
  await expect(page.getByText('Cadastre a chave PIX da empresa antes de conectar o PSP')).toBeVisible();
  expect(
    (await admin.put(`/companies/${company.id}/pix`, { pixKey: `financeiro-${company.id}@climapsp.com.br` })).status(),
  ).toBe(200);
  await page.reload();

  await page.getByLabel('Endereço da API Pix').fill('http://psp.example.com/api/v2');
  await page.getByLabel('Endereço do token (OAuth 2)').fill(`${e2ePspUrl()}/oauth/token`);
  await page.getByLabel('Client ID').fill(E2E_PSP.clientId);
  await page.getByLabel('Client Secret').fill(E2E_PSP.clientSecret);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Informe o endereço da API Pix do PSP')).toBeVisible();
  await page.getByLabel('Endereço da API Pix').fill(`${e2ePspUrl()}/api/v2`);
  await page.getByLabel('Validade da cobrança (dias)').fill('5');
  await page.getByLabel('Multa após o vencimento (%)').fill('2');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Webhook registrado', { exact: true })).toBeVisible();
  await expect(page.getByTestId('pix-webhook-url')).toContainText('/api/pix/webhook/');
  // The secret is never shown again; an empty field keeps it.
  await expect(page.getByLabel('Client Secret')).toHaveValue('');
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  const steps = page.getByRole('list', { name: 'Resultado do teste' });
  await expect(steps).toContainText('Token de acesso obtido');
  await expect(steps).toContainText('Conexão com o PSP funcionando');

  await page.screenshot({ path: '/tmp/pix-shots/pix-psp-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: '/tmp/pix-shots/pix-psp-375.png', fullPage: true });
});

test('an order of a connected company gets a dynamic charge; paid at the PSP, it shows as paid without a reload', async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const company = await connectedCompany(admin, {
    name: unique('Clima Cobra Ltda'),
    pixKey: `caixa-${Date.now()}@climacobra.com.br`,
  });
  const order = await startedOrder(admin, company.id);

  await loginAs(page, 'admin');
  await page.goto(`/invoices/${order.id}/edit`);
  await expect(page.getByTestId('pix-charge-status')).toHaveText('Aguardando pagamento', { timeout: 20_000 });
  const charge = (await (await admin.get(`/invoices/${order.id}/pix-charge`)).json()).charge as {
    txid: string;
    pixCopiaECola: string;
  };

  // The customer's page shows the charge's code: field 26 carries the PSP's location, not the key.
  const signUrl = (await (await admin.get(`/invoices/${order.id}`)).json()).signUrl as string;
  const customer = await browser.newPage();
  await customer.goto(signUrl);
  await expect(customer.getByRole('textbox', { name: 'PIX copia e cola' })).toHaveValue(charge.pixCopiaECola);
  expect(charge.pixCopiaECola).toContain(`0014br.gov.bcb.pix25`);
  expect(charge.pixCopiaECola).not.toContain('climacobra');
  await customer.close();

  // The customer pays in their bank: the PSP settles it and calls the webhook.
  const paid = await request.post(`${e2ePspUrl()}/simulate/pay/${charge.txid}`, { data: {} });
  expect(paid.status()).toBe(200);
  await expect(page.getByTestId('pix-charge-status')).toHaveText('Pago', { timeout: 20_000 });
  await expect(page.getByTestId('payment-date')).toBeVisible();
  await page.screenshot({ path: '/tmp/pix-shots/order-pix-paid-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: '/tmp/pix-shots/order-pix-paid-375.png', fullPage: true });
});

test("the demo: the demo company is connected to the in-process PSP; 'Simular pagamento' pays the order, shown as paid without a reload", async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const companies = (await (
    await admin.get('/companies?q=Demo%20Refrigera%C3%A7%C3%A3o%20e%20Climatiza%C3%A7%C3%A3o')
  ).json()) as {
    data: Array<{ id: number }>;
  };
  const companyId = companies.data[0]!.id;
  await loginAs(page, 'admin');
  await page.goto(`/companies/${companyId}/edit?tab=pix-psp`);
  await expect(page.getByText('Webhook registrado', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Client ID')).toHaveValue('ordem-certa-demo');

  const order = (await (
    await admin.post('/invoices', { company: companyId, customer: 1, transactionNature: 1 })
  ).json()) as { id: number };
  expect(
    (await admin.post(`/invoices/${order.id}/services`, { service: 4, quantity: 1, isGrouped: false })).status(),
  ).toBe(201);
  expect((await admin.post(`/invoices/${order.id}/start`)).status()).toBe(200);

  await page.goto(`/invoices/${order.id}/edit`);
  // The charge is made by the interval job, which in a full run also works the other specs' companies
  // and PSPs one after another: it may take more than a few of its 5 s rounds to reach this order.
  await expect(page.getByTestId('pix-charge-status')).toHaveText('Aguardando pagamento', { timeout: 60_000 });
  const code = await page.getByTestId('pix-charge-code').textContent();
  const signUrl = (await (await admin.get(`/invoices/${order.id}`)).json()).signUrl as string;
  const customer = await browser.newPage();
  await customer.goto(signUrl);
  await expect(customer.getByRole('textbox', { name: 'PIX copia e cola' })).toHaveValue(code!);
  await customer.close();

  await page.screenshot({ path: '/tmp/pix-shots/order-pix-demo-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(page.getByTestId('pix-charge-status')).toHaveText('Pago', { timeout: 20_000 });
  await expect(page.getByTestId('payment-date')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Simular pagamento' })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: '/tmp/pix-shots/order-pix-demo-paid-375.png', fullPage: true });
});
