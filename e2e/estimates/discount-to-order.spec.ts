import { expect, loginAs, test } from '../fixtures/index.ts';
import { addLines, generateOneOrderWithEverything, moveEstimate, newEstimate } from '../fixtures/estimates.ts';

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
    const { admin, estimate } = await newEstimate(request, 'Cliente Desconto');
    await addLines(admin, estimate.id, 3, 2);
    const discounted = await (await admin.post(`/estimates/${estimate.id}/discount`, { discount: 38.05 })).json();
    expect(discounted.discount).toBe(38.05);
    await moveEstimate(admin, estimate.id, 1, 10);

    await loginAs(page, 'admin');
    await page.goto(`/estimates/${estimate.id}/edit`);
    await expect(page.getByTestId('estimate-status-badge')).toHaveText('Aprovado');
    await generateOneOrderWithEverything(page);

    await expect(page.getByTestId('subtotal')).toHaveText(money(discounted.subTotal));
    await expect(page.getByTestId('discount')).toContainText(money(38.05));
    await expect(page.getByTestId('total')).toHaveText(money(discounted.total));
    const orderId = Number(/\/invoices\/(\d+)\/edit$/.exec(page.url())![1]);
    const order = await (await admin.get(`/invoices/${orderId}`)).json();
    expect(order.total).toBe(discounted.total);
    await page.screenshot({ path: `test-results/shots/discount-order-${viewport.width}.png`, fullPage: true });
  });
}
