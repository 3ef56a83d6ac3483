import { expect, loginAs, test } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

test('admin: a PIX deposit and three card instalments on an order, then seen and received on Contas a receber', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Arrange: a started order of R$ 500,00 (two of the demo's R$ 250,00 service).
  const order = await startedOrder(request, { label: 'Cliente Parcelas', quantity: 2 });
  expect((await (await order.admin.get(`/invoices/${order.id}`)).json()).total).toBe(500);

  await loginAs(page, 'admin');
  await page.goto(`/invoices/${order.id}/edit`);
  const card = page.getByRole('region', { name: 'Pagamentos' });
  await expect(card.getByTestId('balance')).toHaveText('R$ 500,00');
  await expect(card).toContainText('Nenhum pagamento registrado.');

  // The deposit: R$ 200,00 by PIX (the method offered first), today.
  await card.getByRole('button', { name: 'Registrar pagamento' }).click();
  const deposit = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await expect(deposit.getByLabel('Valor')).toHaveValue('500,00');
  await deposit.getByLabel('Valor').fill('200,00');
  await expect(deposit.getByLabel('Forma de pagamento')).toHaveValue('pix');
  await deposit.getByLabel('Observação').fill('Sinal');
  await deposit.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Pagamento registrado')).toBeVisible();
  await expect(deposit).toBeHidden();
  await expect(card.getByTestId('paid')).toHaveText('R$ 200,00');
  await expect(card.getByTestId('balance')).toHaveText('R$ 300,00');
  await expect(card.getByRole('list', { name: 'Pagamentos registrados' })).toContainText('PIX');

  // The rest on the credit card in three monthly instalments.
  await card.getByRole('button', { name: 'Parcelar saldo' }).click();
  const plan = page.getByRole('dialog', { name: 'Parcelar saldo' });
  await expect(plan).toContainText('R$ 300,00');
  await plan.getByLabel('Número de parcelas').fill('3');
  await plan.getByLabel('Vencimento da primeira').fill('31/01/2099');
  await plan.getByLabel('Forma de pagamento').selectOption({ label: 'Cartão de crédito' });
  await plan.getByRole('button', { name: 'Parcelar' }).click();
  await expect(page.getByText('Parcelas registradas')).toBeVisible();
  const instalments = card.getByRole('list', { name: 'Parcelas' }).getByRole('listitem');
  await expect(instalments).toHaveCount(3);
  await expect(instalments.nth(0)).toContainText('1/3 · 31/01/2099 · Cartão de crédito');
  await expect(instalments.nth(1)).toContainText('2/3 · 28/02/2099');
  await expect(instalments.nth(2)).toContainText('3/3 · 31/03/2099');
  for (const k of [0, 1, 2]) await expect(instalments.nth(k)).toContainText('R$ 100,00');
  // Everything due is in instalments: no free payment is offered.
  await expect(card.getByRole('button', { name: 'Registrar pagamento' })).toBeHidden();

  // Contas a receber, from the menu, filtered by the customer.
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  const toggle = page.locator('.navbar-toggler');
  if (await toggle.isVisible()) await toggle.click();
  await nav.getByRole('button', { name: 'Financeiro' }).click();
  await nav.getByRole('link', { name: 'Contas a receber' }).click();
  await expect(page.getByRole('heading', { name: 'Contas a receber' })).toBeVisible();
  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByLabel('Cliente').fill(order.customerName);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const rows = page.locator('.data-table tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('receivables-summary')).toContainText('3 parcelas');
  await expect(page.getByTestId('receivables-summary')).toContainText('R$ 300,00');
  await expect(rows.nth(0)).toContainText('31/01/2099');
  await expect(rows.nth(0)).toContainText(order.customerName);
  await expect(rows.nth(0)).toContainText('1/3');
  await expect(rows.nth(0)).toContainText('Em aberto');

  // Receiving the first one here.
  await rows
    .nth(0)
    .getByRole('button', { name: /Receber a parcela 1\/3/ })
    .click();
  const receive = page.getByRole('dialog', { name: `Receber a parcela 1/3 da OS ${order.number}` });
  await receive.getByRole('button', { name: 'Receber' }).click();
  await expect(page.getByText('Parcela recebida')).toBeVisible();
  await expect(rows.nth(0)).toContainText('Recebida em');
  await page.getByRole('button', { name: 'Em aberto' }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('receivables-summary')).toContainText('R$ 200,00');

  // Back on the order: received R$ 300,00, R$ 200,00 to go.
  await page.goto(`/invoices/${order.id}/edit`);
  await expect(card.getByTestId('paid')).toHaveText('R$ 300,00');
  await expect(card.getByTestId('balance')).toHaveText('R$ 200,00');
});
