import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { connectedCompany, e2ePspUrl, startedOrder } from '../fixtures/pix-psp.ts';

test("'Devolver' on a Pix payment: more than was paid is refused on the field; the part asked goes back once the PSP settles it, shown without a reload", async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const company = await connectedCompany(admin, {
    name: unique('Clima Devolve Ltda'),
    pixKey: `caixa-${Date.now()}@climadevolve.com.br`,
  });
  const order = await startedOrder(admin, company.id);
  await loginAs(page, 'admin');
  await page.goto(`/invoices/${order.id}/edit`);
  await expect(page.getByTestId('pix-charge-status')).toHaveText('Aguardando pagamento', { timeout: 20_000 });
  const { txid } = (await (await admin.get(`/invoices/${order.id}/pix-charge`)).json()).charge as { txid: string };
  expect((await request.post(`${e2ePspUrl()}/simulate/pay/${txid}`, { data: {} })).status()).toBe(200);
  await expect(page.getByTestId('pix-charge-status')).toHaveText('Pago', { timeout: 20_000 });

  await page.getByRole('button', { name: /^Devolver o Pix de/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Devolver Pix' });
  const amount = dialog.getByLabel('Valor a devolver');
  await amount.fill((order.total + 1).toFixed(2).replace('.', ','));
  await dialog.getByRole('button', { name: 'Devolver', exact: true }).click();
  await expect(dialog.getByText(/^A devolução pode ser de no máximo/)).toBeVisible();
  await amount.fill('10,00');
  await dialog.getByLabel('Motivo (opcional)').fill('Peça não trocada');
  await page.screenshot({ path: '/tmp/pix-rest-shots/refund-dialog-desktop.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Devolver', exact: true }).click();
  await expect(page.getByText('Devolução pedida ao PSP: o pagamento é estornado quando o PSP confirmar')).toBeVisible();
  const refund = page.getByTestId('pix-refund');
  await expect(refund).toContainText('Em processamento no PSP');
  await page.locator('.payments-card').screenshot({ path: '/tmp/pix-rest-shots/refund-processing-desktop.png' });
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s0,00/);

  // The PSP settles it: the payment is reduced by it and the balance shows it, without a reload.
  expect((await request.post(`${e2ePspUrl()}/simulate/settle-refunds`)).status()).toBe(204);
  await expect(refund).toContainText('Devolvida', { timeout: 20_000 });
  await expect(page.getByTestId('balance')).toHaveText(/R\$\s10,00/, { timeout: 20_000 });
  const payments = (await (await admin.get(`/invoices/${order.id}/payments`)).json()) as {
    payments: Array<{ amount: number }>;
  };
  expect(payments.payments.map((p) => p.amount)).toEqual([order.total - 10]);
  const card = page.locator('.payments-card');
  await card.screenshot({ path: '/tmp/pix-rest-shots/refund-settled-desktop.png' });
  await page.setViewportSize({ width: 375, height: 812 });
  await card.screenshot({ path: '/tmp/pix-rest-shots/refund-settled-375.png' });
});
