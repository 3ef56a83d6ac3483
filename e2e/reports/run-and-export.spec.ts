import { readFileSync } from 'node:fs';
import { expect, loginAs, test } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

test('run a report, see its chart and table, export the CSV and read it back', async ({ page, request }) => {
  // A completed order this month, so the current period has at least one 'Concluído' row.
  const { id, admin } = await startedOrder(request, { label: 'Cliente Relatório', quantity: 2 });
  expect((await admin.post(`/invoices/${id}/complete`)).ok()).toBe(true);

  await loginAs(page, 'admin');
  await page.goto('/');
  await page.getByRole('link', { name: 'Relatórios' }).click();
  await expect(page.getByRole('heading', { name: 'Relatórios' })).toBeVisible();
  for (const title of ['Ordens de serviço por período e situação', 'Faturamento por cliente', 'Contas a receber']) {
    // The report whose title is exactly this ('Contas a receber dos contratos' is another one).
    await expect(page.getByRole('link').filter({ has: page.getByText(title, { exact: true }) })).toBeVisible();
  }
  await page.getByRole('link', { name: /Ordens de serviço por período e situação/ }).click();
  await expect(page.getByRole('heading', { name: 'Ordens de serviço por período e situação' })).toBeVisible();

  // The server checks the filters: an end before the start gets its message under 'Aberta até'.
  const from = page.getByLabel('Aberta a partir de');
  const to = page.getByLabel('Aberta até');
  const defaultFrom = await from.inputValue();
  await to.fill('01/01/2001');
  await from.fill('01/02/2001');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('A data final deve ser igual ou posterior à inicial')).toBeVisible();
  await from.fill('01/01/2001');
  await to.fill('31/01/2001');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('(Nenhum resultado encontrado)')).toBeVisible();
  await expect(page.getByTestId('report-count')).toHaveText('0 registros');

  // The date fields take dd/mm/aaaa.
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await from.fill(defaultFrom);
  await to.fill(today);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const table = page.locator('.report-table');
  await expect(table.getByRole('columnheader')).toHaveText(['Mês', 'Situação', 'Ordens', 'Valor']);
  await expect(table.getByRole('cell', { name: 'Concluído' }).first()).toBeVisible();
  // The chart library arrives with the report screen's chart only.
  await expect(page.getByRole('figure', { name: 'Ordens por situação e mês' }).locator('canvas')).toBeVisible();
  const count = Number((await page.getByTestId('report-count').innerText()).replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  const firstRow = await table.locator('tbody tr').first().locator('td').allInnerTexts();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^Ordens de serviço por período e situação \d{4}-\d{2}-\d{2} \d{2}h\d{2}\.csv$/,
  );
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Mês;Situação;Ordens;Valor');
  expect(lines).toHaveLength(count + 1);
  // The same first row as the table: month as mm/aaaa, the count, the value with a decimal comma.
  const [month, status, orders, value] = lines[1]!.split(';');
  expect(status).toBe(firstRow[1]);
  expect(orders).toBe(firstRow[2]);
  expect(value).toBe(firstRow[3]!.replace(/[R$\s.\u00a0]/g, ''));
  expect(month).toMatch(/^\d{2}\/\d{4}$/);
});

for (const who of ['worker', 'lite'] as const) {
  test(`${who}: no reports in the menu, and /reports is not found`, async ({ page }) => {
    await loginAs(page, who);
    await page.goto('/reports');
    await expect(page.getByText('Página não encontrada')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Relatórios' })).toHaveCount(0);
  });
}
