import type { Page } from '@playwright/test';
import { expect, loginAs, test, unique } from '../fixtures/index.ts';
import { addLines, moveEstimate, newEstimate } from '../fixtures/estimates.ts';

/** The unread count the bell's badge shows (0 without a badge). */
async function badgeCount(page: Page) {
  const badge = page.getByTestId('notification-badge');
  if ((await badge.count()) === 0) return 0;
  const text = await badge.innerText();
  return text === '99+' ? 100 : Number(text);
}

test('the admin shares an estimate, the customer approves it on a phone without a login, the admin sees the answer', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { admin, customer, estimate } = await newEstimate(request, 'Cliente Link', undefined, {
    phone: '(11) 98765-4321',
  });
  await addLines(admin, estimate.id, 2, 1);
  // A product sold by weight: the customer reads '1,75 kg', never '1.75 ×'.
  const gas = await admin.post('/products', { name: unique('Gás R410A'), price: 80, unit: 'kg' });
  expect(gas.status(), await gas.text()).toBe(201);
  const weighed = await admin.post(`/estimates/${estimate.id}/products`, {
    product: (await gas.json()).id,
    quantity: 1.75,
    isGrouped: true,
  });
  expect(weighed.status(), await weighed.text()).toBe(201);
  await moveEstimate(admin, estimate.id, 1);

  await loginAs(page, 'admin');
  await page.goto(`/estimates/${estimate.id}/edit`);
  await expect(page.getByTestId('estimate-status-badge')).toHaveText('Em Andamento');
  // The deposit the customer's page offers by Pix: 30% of the total (none would offer no Pix).
  const deposit = page.getByTestId('estimate-deposit');
  await expect(deposit).toContainText('Sem entrada');
  await deposit.getByRole('button', { name: 'Alterar' }).click();
  await deposit.getByLabel('Tipo de entrada').selectOption('percent');
  await deposit.getByLabel('Percentual da entrada').fill('130');
  await deposit.getByRole('button', { name: 'Salvar' }).click();
  await expect(deposit).toContainText('A entrada deve ser de 1% a 100% do total');
  await deposit.getByLabel('Percentual da entrada').fill('30');
  await deposit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Entrada registrada com sucesso')).toBeVisible();
  const { total, deposit: stated } = await (await admin.get(`/estimates/${estimate.id}`)).json();
  expect(stated).toEqual({ kind: 'percent', value: 30, amount: Math.round(total * 30) / 100 });
  const brl = (v: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v);
  await expect(deposit).toContainText(`30% · ${brl(stated.amount)}`);
  const before = await badgeCount(page);
  await page
    .getByRole('toolbar', { name: 'Ações do orçamento' })
    .getByRole('button', { name: 'Compartilhar link' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Link do orçamento nº ${estimate.number}` });
  await expect(dialog.getByTestId('share-valid-until')).toHaveText(/^Válido até \d{2}\/\d{2}\/\d{4}$/);
  const link = await dialog.getByLabel('Link público (sem login)').inputValue();
  expect(link).toMatch(new RegExp(`/estimates/${estimate.id}/review\\?token=.+`));
  // The same link goes to the customer's mobile on WhatsApp, in the company's estimate message.
  const { companyName } = await (await admin.get(`/estimates/${estimate.id}`)).json();
  const whatsapp = new URL((await dialog.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href'))!);
  expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/5511987654321');
  expect(whatsapp.searchParams.get('text')).toBe(
    `Olá ${customer.name}! Segue o orçamento nº ${estimate.number} da ${companyName} para conferir e aprovar: ${link}`,
  );
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  // The live link stays on the screen.
  await expect(page.getByRole('region', { name: 'Link para o cliente' }).getByRole('textbox')).toHaveValue(link);

  // The customer's phone: another browser, no login.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const customerPage = await phone.newPage();
  await customerPage.goto(link);
  await expect(customerPage.getByRole('heading', { name: `Orçamento nº ${estimate.number}` })).toBeVisible();
  await expect(customerPage.getByText(customer.name, { exact: true })).toBeVisible();
  await expect(customerPage.getByTestId('estimate-total')).toContainText('R$');
  await expect(customerPage.getByRole('region', { name: 'Produtos' })).toContainText('1,75 kg × R$ 80,00');
  const pix = customerPage.getByTestId('pix-card');
  await expect(pix.getByRole('heading', { name: 'Entrada por PIX' })).toBeVisible();
  await expect(pix).toContainText(`Valor: ${brl(stated.amount)}`);
  await customerPage.getByLabel('Seu nome').fill('Maria Cliente');
  const canvas = customerPage.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await customerPage.mouse.move(box.x + 30, box.y + box.height / 2);
  await customerPage.mouse.down();
  for (let i = 1; i <= 12; i++)
    await customerPage.mouse.move(box.x + 30 + i * 20, box.y + box.height / 2 + (i % 2 ? 25 : -25));
  await customerPage.mouse.up();
  await customerPage.getByRole('button', { name: 'Aprovar', exact: true }).click();
  await expect(customerPage.getByTestId('estimate-decision')).toContainText(
    /^Orçamento aprovado por Maria Cliente em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
  );
  await expect(customerPage.getByRole('button', { name: 'Aprovar', exact: true })).toHaveCount(0);
  await phone.close();

  // Back on the admin's screen: approved, the customer's answer with the drawing, and the bell.
  await page.reload();
  await expect(page.getByTestId('estimate-status-badge')).toHaveText('Aprovado');
  const answer = page.getByRole('region', { name: 'Resposta do cliente' });
  await expect(answer.getByTestId('decision-result')).toHaveText('Aprovado pelo cliente');
  await expect(answer).toContainText('Maria Cliente');
  await expect(answer.getByRole('img', { name: 'Assinatura de Maria Cliente' })).toBeVisible();
  await expect.poll(() => badgeCount(page), { timeout: 20_000 }).toBeGreaterThan(before);
  await page.getByRole('button', { name: /^Notificações/ }).click();
  await expect(
    page.locator('.notification-entry', { hasText: `Orçamento ${estimate.number} aprovado pelo cliente` }).first(),
  ).toBeVisible();
});
