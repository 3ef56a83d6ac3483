import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { connectedCompany, e2ePspUrl, startedOrder } from '../fixtures/pix-psp.ts';

test('each instalment of a connected company’s order has its own Pix code; paid at the PSP, the instalment shows as received without a reload', async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const company = await connectedCompany(admin, {
    name: unique('Clima Parcela Ltda'),
    pixKey: `parcelas-${Date.now()}@climaparcela.com.br`,
  });
  const order = await startedOrder(admin, company.id);
  const due = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
  const plan = await admin.post(`/invoices/${order.id}/installments`, { count: 2, firstDueDate: due, method: 'pix' });
  expect(plan.status()).toBe(201);

  await loginAs(page, 'admin');
  await page.goto(`/invoices/${order.id}/edit`);
  const instalments = page.getByRole('list', { name: 'Parcelas' });
  // The charges are made by the interval job, which in a full run also works the other specs' companies.
  const firstCode = instalments.getByRole('textbox', { name: 'PIX copia e cola da parcela 1/2' });
  await expect(firstCode).toHaveValue(/^0002010102122/, { timeout: 60_000 });
  await expect(instalments.getByRole('textbox', { name: 'PIX copia e cola da parcela 2/2' })).toHaveValue(
    /^0002010102122/,
    { timeout: 60_000 },
  );
  const card = (await (await admin.get(`/invoices/${order.id}/pix-charge`)).json()) as {
    installments: Array<{ txid: string; pixCopiaECola: string }>;
  };
  await expect(firstCode).toHaveValue(card.installments[0]!.pixCopiaECola);

  // The customer's page offers each instalment by its own code.
  const signUrl = (await (await admin.get(`/invoices/${order.id}`)).json()).signUrl as string;
  const customer = await browser.newPage();
  await customer.goto(signUrl);
  await expect(customer.getByRole('textbox', { name: 'PIX copia e cola da parcela 1/2' })).toHaveValue(
    card.installments[0]!.pixCopiaECola,
  );
  await expect(customer.getByRole('textbox', { name: 'PIX copia e cola da parcela 2/2' })).toHaveValue(
    card.installments[1]!.pixCopiaECola,
  );
  await customer.screenshot({ path: '/tmp/pix-shots/public-instalments-desktop.png', fullPage: true });
  await customer.close();

  // The customer pays the first instalment in their bank: the PSP settles it and calls the webhook.
  const paid = await request.post(`${e2ePspUrl()}/simulate/pay/${card.installments[0]!.txid}`, { data: {} });
  expect(paid.status()).toBe(200);
  const [first, second] = await instalments.getByRole('listitem').all();
  await expect(first!).toContainText('Recebida', { timeout: 20_000 });
  await expect(second!).toContainText('Em aberto');
  await expect(first!.getByRole('textbox')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/pix-shots/order-instalments-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: '/tmp/pix-shots/order-instalments-375.png', fullPage: true });
});
