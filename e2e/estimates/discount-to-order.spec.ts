import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';

const money = (n: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(n).replace(/\s/g, ' ');

// The customer approves the estimate's total, discount included; the order made from it must ask for
// exactly that, on the office's desktop and on the technician's phone alike.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`an approved estimate with a discount makes an order with the same total (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const admin = await apiAs(request, 'admin');
    const customer = await (
      await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: unique('Cliente Desconto') })
    ).json();
    const estimate = await (
      await admin.post('/estimates', { company: 1, customer: customer.id, transactionNature: 1 })
    ).json();
    expect(
      (await admin.post(`/estimates/${estimate.id}/services`, { service: 4, quantity: 3, isGrouped: false })).status(),
    ).toBe(201);
    expect(
      (await admin.post(`/estimates/${estimate.id}/products`, { product: 1, quantity: 2, isGrouped: true })).status(),
    ).toBe(201);
    const discounted = await (await admin.post(`/estimates/${estimate.id}/discount`, { discount: 38.05 })).json();
    expect(discounted.discount).toBe(38.05);
    for (const status of [1, 10]) {
      const moved = await request.patch(`${admin.org}/estimates/${estimate.id}`, {
        headers: { authorization: `Bearer ${admin.token}` },
        data: { status },
      });
      expect(moved.ok()).toBe(true);
    }

    await loginAs(page, 'admin');
    await page.goto(`/estimates/${estimate.id}/edit`);
    await expect(page.getByTestId('estimate-status-badge')).toHaveText('Aprovado');
    await page
      .getByRole('toolbar', { name: 'Ações do orçamento' })
      .getByRole('button', { name: 'Gerar Ordens de Serviço' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Gerar Ordens de Serviço' });
    await dialog.getByRole('button', { name: 'Gerar OS com todos os itens' }).click();
    await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);

    await expect(page.getByTestId('subtotal')).toHaveText(money(discounted.subTotal));
    await expect(page.getByTestId('discount')).toContainText(money(38.05));
    await expect(page.getByTestId('total')).toHaveText(money(discounted.total));
    const orderId = Number(/\/invoices\/(\d+)\/edit$/.exec(page.url())![1]);
    const order = await (await admin.get(`/invoices/${orderId}`)).json();
    expect(order.total).toBe(discounted.total);
    await page.screenshot({ path: `test-results/shots/discount-order-${viewport.width}.png`, fullPage: true });
  });
}
