import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { connectedCompany, e2ePspUrl, startedOrder } from '../fixtures/pix-psp.ts';

test("'Pix não identificados': a Pix paid straight to the key is listed, found by its message, and associated with the order it paid, once", async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const company = await connectedCompany(admin, {
    name: unique('Clima Chave Ltda'),
    pixKey: `caixa-${Date.now()}@climachave.com.br`,
  });
  const { pixKey } = (await (await admin.get(`/companies/${company.id}/pix-psp`)).json()) as { pixKey: string };
  const order = await startedOrder(admin, company.id);
  // The customer pays the key from their bank, without the charge: no txid of ours.
  const message = unique('Pagamento da OS do Sr Almeida');
  const received = await request.post(`${e2ePspUrl()}/simulate/receive`, {
    data: { chave: pixKey, valor: order.total.toFixed(2), infoPagador: message },
  });
  expect(received.status()).toBe(200);

  await loginAs(page, 'admin');
  await page.goto('/pix/unidentified');
  // The screen's code is fetched on the first visit: a cold server under the other workers' load is slow.
  await expect(page.getByRole('heading', { name: 'Pix não identificados' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('searchbox').fill(message);
  const row = page.getByRole('row').filter({ hasText: message });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: '/tmp/pix-rest-shots/unidentified-desktop.png', fullPage: true });
  // On a phone each Pix is a card of the list.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('list', { name: 'Pix não identificados' })).toContainText(message);
  await page.screenshot({ path: '/tmp/pix-rest-shots/unidentified-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await row.getByRole('button', { name: /^Associar o Pix de/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Associar Pix a uma ordem' });
  await dialog.getByRole('button', { name: 'Associar', exact: true }).click();
  await expect(dialog.getByText('Informe a ordem de serviço que este Pix pagou')).toBeVisible();
  const box = dialog.getByLabel('Ordem de serviço', { exact: true });
  await box.click();
  await box.fill(String(order.number));
  await dialog.getByRole('option', { name: new RegExp(`^OS nº ${order.number} — `) }).click();
  await page.screenshot({ path: '/tmp/pix-rest-shots/unidentified-attach-desktop.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Associar', exact: true }).click();
  await expect(page.getByText('Pix associado: o pagamento foi registrado na ordem')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('table').getByText('Nenhum Pix não identificado')).toBeVisible();

  // The order now has that Pix as its one payment, and is paid.
  const payments = (await (await admin.get(`/invoices/${order.id}/payments`)).json()) as {
    isPaid: boolean;
    payments: Array<{ method: string; amount: number }>;
  };
  expect(payments.isPaid).toBe(true);
  expect(payments.payments).toEqual([expect.objectContaining({ method: 'pix', amount: order.total })]);
});
