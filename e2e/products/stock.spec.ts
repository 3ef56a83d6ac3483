import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

test('stock: a purchase typed in on the product, an order completed with it, the stock goes down', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Arrange through the API: a product with 2 on the shelf at R$ 100,00 each, minimum 10.
  const admin = await apiAs(request, 'admin');
  const name = unique('Compressor rotativo');
  const created = await admin.post('/products', { name, price: 900, cost: 100, stockQuantity: 2, minStock: 10 });
  expect(created.status()).toBe(201);
  const product = await created.json();

  // A purchase of 10 at R$ 120,00: stock 12, cost the weighted average (2 × 100 + 10 × 120) / 12.
  await loginAs(page, 'admin');
  await page.goto(`/products/${product.id}/edit`);
  const stock = page.getByRole('region', { name: 'Estoque' });
  await expect(stock.getByTestId('stock-quantity')).toHaveText(/^2 un\s*Estoque baixo$/);
  await stock.getByLabel('Quantidade', { exact: true }).fill('10');
  await stock.getByLabel('Motivo', { exact: true }).fill('Compra NF 55');
  await stock.getByLabel('Custo unitário (compras)').pressSequentially('120,00');
  await stock.getByRole('button', { name: 'Registrar movimentação' }).click();
  await expect(page.getByText('Movimentação registrada')).toBeVisible();
  await expect(stock.getByTestId('stock-quantity')).toHaveText('12 un');
  await expect(stock).toContainText(/R\$\s116,67/);
  await expect(stock.getByRole('row', { name: /Compra NF 55/ })).toContainText('+10 un');
  await expect(stock.getByLabel('Quantidade', { exact: true })).toHaveValue('');

  // An order with 3 of it, completed on its screen.
  const order = await startedOrder(request, { label: 'Cliente Estoque E2E' });
  expect((await admin.post(`/invoices/${order.id}/products`, { product: product.id, quantity: 3 })).status()).toBe(201);
  await page.goto(`/invoices/${order.id}/edit`);
  const toolbar = page.getByRole('toolbar', { name: 'Ações da ordem de serviço' });
  await toolbar.getByRole('button', { name: 'Concluir' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Você deseja alterar o status da Ordem de Serviço?' });
  await dialog.getByRole('button', { name: 'Concluir', exact: true }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Concluído');

  // The stock went down by the line, named after the order, and the product is now below its minimum.
  await page.goto(`/products/${product.id}/edit`);
  await expect(stock.getByTestId('stock-quantity')).toHaveText(/^9 un\s*Estoque baixo$/);
  const out = stock.getByRole('row', { name: new RegExp(`OS ${order.number} concluída`) });
  await expect(out).toContainText('-3 un');
  await expect(out.getByRole('link', { name: `OS ${order.number} concluída` })).toHaveAttribute(
    'href',
    `/invoices/${order.id}/edit`,
  );

  // The list's 'Estoque baixo' filter finds it, flagged.
  await page.goto('/products');
  await page.getByRole('combobox', { name: 'Estoque' }).selectOption({ label: 'Estoque baixo' });
  await page.getByPlaceholder('Digite para pesquisar').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Estoque baixo');
  await expect(row).toContainText('9 un');
});
