import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCnpj } from '../fixtures/identifiers.ts';
import { E2E_PSP, e2ePspUrl } from '../fixtures/pix-psp.ts';

test('the admin connects the company to its PSP: the webhook is registered and the test passes', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const company = (await (
    await admin.post('/companies', {
      type: 1,
      identifier: newCnpj().raw,
      name: unique('Clima PSP Ltda'),
      alias: 'Clima PSP',
    })
  ).json()) as { id: number };

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
