import { expect, loginAs, test, unique } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

test("find an order's audit entries and open one's changes", async ({ page, request }) => {
  const { id, number, admin } = await startedOrder(request, { label: 'Cliente Auditoria' });
  const purchaseOrder = unique('PC');
  expect((await admin.post(`/invoices/${id}/info`, { invoiceInfo1: purchaseOrder })).ok()).toBe(true);

  await loginAs(page, 'admin');
  await page.goto('/');
  await page.getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['#', 'Ação', 'Data', 'Id', 'Entidade', 'Responsável']);

  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByLabel('Pesquisar').fill(String(number));
  await page.getByLabel('Ação', { exact: true }).selectOption({ label: 'Alteração' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByTestId('filter-count')).toHaveText('2');

  const rows = page.locator('.data-table tbody tr');
  await expect(rows.first()).toContainText(`${id} (nº ${number})`);
  await expect(rows.first()).toContainText('Ordem de Serviço');
  // Newest first: the purchase-order change is the top entry.
  await rows.first().getByRole('button', { name: 'Alteração' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: `Alteração — Ordem de Serviço ${number}` })).toBeVisible();
  await expect(modal.getByRole('columnheader')).toHaveText(['Campo', 'Alteração']);
  // Set where there was none: the new value alone, in words (never the stored JSON).
  await expect(modal.getByRole('row', { name: `Pedido de compra ${purchaseOrder}` })).toBeVisible();
  await expect(modal).not.toContainText('{');
  await modal.getByLabel('Fechar').click();
  await expect(modal).toHaveCount(0);

  await rows
    .first()
    .getByRole('link', { name: `${id} (nº ${number})` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${id}/edit$`));
});
