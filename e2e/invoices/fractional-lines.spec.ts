import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, test, unique } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

/** Opens a searchable select, types to search the server and picks the option. */
async function pick(scope: Page | Locator, label: string, search: string, option: string | RegExp) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(search);
  await scope.getByRole('option', { name: option }).click();
}

// A product sold by the kilo takes 1,5 (never 15); a service refuses 1,5 with a message; an admin
// changes a line's price in place. On a desktop and on a 375 px phone.
for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 812 }],
] as const) {
  test.describe(`decimal quantities and line edits (${device})`, () => {
    test.use({ viewport });

    test('1,5 kg × R$ 79,50 = R$ 119,25; 1,5 of a service is refused; a price edited in place', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000); // a product, an order and three modals
      await loginAs(page, 'admin');
      const productName = unique('Cobre em rolo');
      await page.goto('/products/new');
      await page.getByLabel('Nome').fill(productName);
      await page.getByLabel('Preço').pressSequentially('79,50');
      await page.getByLabel('Unidade').selectOption({ label: 'Quilograma (kg)' });
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Produto cadastrado com sucesso')).toBeVisible();

      // An order with one 'Carga de gás refrigerante' (R$ 250,00), started.
      const { id, admin } = await startedOrder(request, { label: 'Cliente Quilo' });
      await page.goto(`/invoices/${id}/edit`);
      await expect(page.getByTestId('subtotal')).toHaveText('R$ 250,00');

      await page.getByRole('button', { name: 'Adicionar produto' }).click();
      const productModal = page.getByRole('dialog', { name: 'Adicionar produto' });
      await pick(productModal, 'Produto', productName, new RegExp(productName));
      await expect(productModal.getByText('kg', { exact: true })).toBeVisible();
      await productModal.getByLabel('Quantidade').fill('1,5');
      await productModal.getByRole('button', { name: 'Adicionar' }).click();
      await expect(page.getByText('Produto adicionado com sucesso')).toBeVisible();
      const products = page.getByRole('region', { name: 'Produtos' });
      const row = products.getByRole('row').filter({ hasText: productName });
      await expect(row).toContainText('1,5 kg');
      await expect(row).toContainText('R$ 119,25');
      await expect(page.getByTestId('subtotal')).toHaveText('R$ 369,25');
      const stored = (await (await admin.get(`/invoices/${id}`)).json()) as {
        invoiceProducts: Array<{ quantity: number; unit: string }>;
        total: number;
      };
      expect(stored.invoiceProducts).toMatchObject([{ quantity: 1.5, unit: 'kg' }]);
      expect(stored.total).toBe(369.25);

      // A service counts in whole numbers: 1,5 is refused on the field, never read as 15.
      await page.getByRole('button', { name: 'Adicionar serviço' }).click();
      const serviceModal = page.getByRole('dialog', { name: 'Adicionar serviço' });
      await pick(serviceModal, 'Serviço', 'carga', /Carga de gás refrigerante/);
      await serviceModal.getByLabel('Quantidade').fill('1,5');
      await serviceModal.getByRole('button', { name: 'Adicionar' }).click();
      await expect(serviceModal.getByText('A quantidade deve ser um número inteiro')).toBeVisible();
      await expect(serviceModal).toBeVisible();
      await serviceModal.getByRole('button', { name: 'Cancelar' }).click();
      await expect(serviceModal).toBeHidden();
      await expect(page.getByTestId('subtotal')).toHaveText('R$ 369,25');

      // The service's price negotiated on this order: edited in place, typed with a decimal point.
      await page.getByRole('button', { name: 'Editar Carga de gás refrigerante' }).click();
      const editModal = page.getByRole('dialog', { name: 'Editar Carga de gás refrigerante' });
      const price = editModal.getByLabel('Preço unitário');
      await expect(price).toHaveValue('250,00');
      await price.fill('1,850.50');
      await price.blur();
      await expect(editModal.getByText(/Valor ambíguo/)).toBeVisible();
      await price.fill('199.9');
      await editModal.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Item alterado com sucesso')).toBeVisible();
      await expect(editModal).toBeHidden();
      const services = page.getByRole('region', { name: 'Serviços' });
      await expect(services.getByRole('row').filter({ hasText: 'Carga de gás refrigerante' })).toContainText(
        'R$ 199,90',
      );
      await expect(page.getByTestId('subtotal')).toHaveText('R$ 319,15');
      const catalogue = (await (await admin.get('/services?q=carga')).json()) as { data: Array<{ price: number }> };
      expect(catalogue.data[0]!.price).toBe(250);
    });
  });
}
