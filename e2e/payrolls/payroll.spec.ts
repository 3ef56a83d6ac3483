import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { newCompany } from '../fixtures/companies.ts';
import { generateTodaysPayroll } from '../fixtures/payrolls.ts';
import { DEMO_WORKER_ID } from '../fixtures/orders.ts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';

const DEMO_ADMIN_ID = 1; // admin@demo.com.br, the second technician on the orders

test('payroll: two completed orders with two technicians, generate, pay one line, bulk pay the rest, pay slip', async ({
  page,
  request,
}) => {
  // Arrange through the API: a company of its own (so the period holds only these orders) and two
  // orders completed today, each with the demo collaborator and the admin as technicians.
  const admin = await apiAs(request, 'admin');
  const companyName = unique('Folha E2E Ltda');
  const company = await newCompany(admin, companyName);
  const customer = await (
    await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: unique('Cliente Folha') })
  ).json();
  const orders: Array<{ id: number; number: number }> = [];
  for (let n = 0; n < 2; n++) {
    const order = await (
      await admin.post('/invoices', { company: company.id, customer: customer.id, transactionNature: 1 })
    ).json();
    expect((await admin.post(`/invoices/${order.id}/services`, { service: 4, quantity: 1 })).status()).toBe(201);
    for (const worker of [DEMO_WORKER_ID, DEMO_ADMIN_ID])
      expect((await admin.post(`/invoices/${order.id}/workers`, { worker })).status()).toBe(201);
    expect((await admin.post(`/invoices/${order.id}/start`)).ok()).toBe(true);
    expect((await admin.post(`/invoices/${order.id}/complete`)).ok()).toBe(true);
    orders.push(order);
  }

  await loginAs(page, 'admin');
  await page.goto('/payrolls');
  await expect(page.getByRole('heading', { name: 'Folha' })).toBeVisible();

  // 'Verificar pendências' lists the two orders.
  await page.getByRole('button', { name: 'Verificar pendências' }).click();
  const pending = page.getByRole('dialog', { name: 'Pendências da folha' });
  for (const o of orders)
    await expect(pending.getByRole('link', { name: String(o.number), exact: true })).toBeVisible();
  await pending.getByLabel('Fechar').click();

  // Generate the period's payroll.
  await generateTodaysPayroll(page, companyName);
  await expect(page.getByRole('heading', { name: `Folha ${companyName}` })).toBeVisible();
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(4);

  // Pay one line.
  const first = rows.first();
  await first.getByRole('button', { name: /^Pagar / }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Deseja continuar?' });
  await confirm.getByRole('button', { name: 'Pagar', exact: true }).click();
  await expect(page.getByText('Funcionários pagos com sucesso')).toBeVisible();
  await expect(first.getByText(/^Pago em /)).toBeVisible();
  await expect(page.getByTestId('payroll-summary')).toContainText('1 de 4');

  // Bulk pay the rest, one after another, watching the progress reach 100%.
  await page.getByRole('checkbox', { name: 'Selecionar todas as linhas não pagas da página' }).check();
  await page.getByRole('button', { name: 'Pagar selecionados (3)' }).click();
  await confirm.getByRole('button', { name: 'Pagar', exact: true }).click();
  const bar = page.getByTestId('pay-progress').getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(bar).toHaveText('100%');
  await expect(page.getByText('Funcionários pagos com sucesso').first()).toBeVisible();
  await expect(rows.getByText(/^Pago em /)).toHaveCount(4);
  await expect(page.getByTestId('payroll-summary')).toContainText('4 de 4');

  // The pay slip opens from the worker's name in a pop-up, from a link that needs no login.
  const slipRow = rows.filter({ hasText: 'Técnico João da Silva' }).first();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    slipRow.getByRole('button', { name: 'Técnico João da Silva' }).click(),
  ]);
  await popup.waitForURL(new RegExp(`/api/pdfs/payrolls/\\d+/workers/${DEMO_WORKER_ID}\\?token=`));
  const size = await popup.evaluate(() => ({ w: window.outerWidth, h: window.outerHeight }));
  const url = popup.url();
  await popup.close();
  expect(size.w).toBeGreaterThan(600);
  expect(size.w).toBeLessThanOrEqual(820);
  const res = await request.get(url, { headers: {} });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await res.body());
  expect(text).toContain('Técnico João da Silva');
  for (const o of orders) expect(text).toContain(String(o.number));

  // The orders show each worker as paid.
  for (const o of orders) {
    await page.goto(`/invoices/${o.id}/edit`);
    await expect(page.getByLabel(/^Pago em /)).toHaveCount(2);
    await expect(page.getByText('Não pago')).toHaveCount(0);
  }
});
