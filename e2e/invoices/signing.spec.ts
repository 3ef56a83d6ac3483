import { expect, loginAs, test } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';
import { customerPhone, drawWithFinger } from '../fixtures/signing.ts';

test('the customer signs through the copied link on a phone; the order shows it, then marks it outdated', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { id, number, customerName, admin } = await startedOrder(request, { label: 'Cliente Assinatura' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, 'admin');
  await page.goto(`/invoices/${id}/edit`);
  const card = page.getByRole('region', { name: 'Assinatura do cliente' });
  await expect(card.getByText('Não assinada')).toBeVisible();
  await page.getByRole('button', { name: 'Link de assinatura', exact: true }).click();
  await expect(page.getByText('Link copiado')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/invoices/${id}/sign\\?token=[\\w-]{32}$`));

  const phone = await customerPhone(browser);
  const customer = await phone.newPage();
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: `Ordem de Serviço nº ${number}` })).toBeVisible();
  await expect(customer.getByText(customerName)).toBeVisible();
  // The order's summary keeps its values closed (the PIX card below it, when the company has a key, says
  // what to pay).
  const values = customer.locator('.card').first();
  await expect(values.getByText('R$')).toHaveCount(0);
  // The values are closed at first; opened, they are the order's (what the signature covers).
  await customer.getByRole('button', { name: 'Ver valores' }).click();
  const detail = await (await admin.get(`/invoices/${id}`)).json();
  const brl = (v: number) => v.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(customer.getByTestId('public-total')).toHaveText(new RegExp(`R\\$\\s${brl(detail.total)}$`));
  await customer.getByRole('button', { name: 'Ocultar valores' }).click();
  await expect(values.getByText('R$')).toHaveCount(0);

  // The pad and its buttons fit the screen, portrait and landscape, and the drawing keeps a 2:1 box at most.
  const canvas = customer.getByTestId('signature-canvas');
  const signButton = customer.getByRole('button', { name: 'Assinar' });
  for (const size of [
    { width: 812, height: 375 },
    { width: 375, height: 812 },
  ]) {
    await customer.setViewportSize(size);
    await signButton.scrollIntoViewIfNeeded();
    await expect(async () => {
      const pad = (await canvas.boundingBox())!;
      const button = (await signButton.boundingBox())!;
      expect(button.y + button.height - pad.y).toBeLessThanOrEqual(size.height);
      expect(pad.height).toBeLessThanOrEqual(pad.width / 2 + 1);
    }).toPass();
  }
  // A finger swipe over the summary scrolls the page and draws nothing.
  await customer.evaluate(() => window.scrollTo(0, 0));
  const cdp = await phone.newCDPSession(customer);
  const summary = (await customer.getByRole('region', { name: 'Serviços' }).boundingBox())!;
  const x = summary.x + 20;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: summary.y + 40 }] });
  for (let n = 1; n <= 8; n++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: summary.y + 40 - n * 10 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();

  // An individual signs for themself: the name comes filled in.
  await expect(customer.getByLabel('Nome de quem assina')).toHaveValue(customerName);
  // Nothing drawn: the message, and nothing is sent.
  await customer.getByRole('button', { name: 'Assinar' }).click();
  await expect(customer.getByText('A Ordem de Serviço deve ser assinada antes de continuar')).toBeVisible();
  await drawWithFinger(customer);
  await customer.getByRole('button', { name: 'Assinar' }).click();
  await expect(customer.getByText('A Ordem de Serviço foi assinada')).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'OS assinada' })).toBeVisible();
  await expect(customer.getByRole('img', { name: `Assinatura de ${customerName}` })).toBeVisible();
  await phone.close();

  await page.reload();
  await expect(card.getByText('Assinada', { exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: `Assinatura de ${customerName}` })).toBeVisible();
  await expect(card.getByText(/Assinada em \d\d\/\d\d\/\d{4}, \d\d:\d\d · IP /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link de assinatura', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Assinar' })).toHaveCount(0);

  // A changed line makes the signature outdated; a new one can be collected.
  expect((await admin.post(`/invoices/${id}/products`, { product: 1, quantity: 1 })).status()).toBe(201);
  await page.reload();
  await expect(card.getByText('Desatualizada', { exact: true })).toBeVisible();
  await expect(card.getByText(/A ordem de serviço mudou depois de assinada/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link de assinatura', exact: true })).toBeVisible();
});

test.describe('on the technician’s phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('the collaborator hands the phone over: Assinar, the customer signs, back on the order', async ({
    page,
    request,
  }) => {
    const { id } = await startedOrder(request, { label: 'Cliente Assinatura', withWorker: true });
    await loginAs(page, 'worker');
    await page.goto(`/invoices/${id}/edit`);
    await page.getByRole('link', { name: 'Assinar' }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${id}/sign\\?token=`));
    await page.getByLabel('Nome de quem assina').fill('Responsável no local');
    await drawWithFinger(page);
    await page.getByRole('button', { name: 'Assinar' }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${id}/edit$`));
    const card = page.getByRole('region', { name: 'Assinatura do cliente' });
    await expect(card.getByText('Assinada', { exact: true })).toBeVisible();
    await expect(card.getByText('Responsável no local')).toBeVisible();
  });

  test('a revoked or made-up link shows that it is invalid', async ({ page, request }) => {
    const { id, admin } = await startedOrder(request, { label: 'Cliente Assinatura' });
    const old = (await (await admin.get(`/invoices/${id}`)).json()).signUrl as string;
    expect((await admin.post(`/invoices/${id}/sign-link`)).ok()).toBe(true);
    await page.goto(old);
    await expect(page.getByText('Link de assinatura inválido ou revogado. Peça um novo link à empresa.')).toBeVisible();
    await page.goto(`/invoices/${id}/sign`);
    await expect(page.getByText('Link de assinatura inválido ou revogado. Peça um novo link à empresa.')).toBeVisible();
  });
});
