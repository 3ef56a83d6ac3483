import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';

/** Today in São Paulo (the demo organization's zone), as the API and as the date fields take it. */
const todayIso = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const br = (iso: string) => iso.split('-').toReversed().join('/');
const money = (v: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v);

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('admin: creates an expense with its bill, marks it paid and sees it in the cash flow with its chart', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const today = todayIso();
  const admin = await apiAs(request, 'admin');
  // What today's 'Pago' holds before (other expenses paid today, if any).
  const before = await (await admin.post('/reports/cash-flow/data', { from: today, to: today, groupBy: 'day' })).json();
  const paidBefore = Number(before.body[0][3]);
  const description = unique('Conta de energia');

  await loginAs(page, 'admin');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('button', { name: 'Financeiro' }).click();
  await nav.getByRole('link', { name: 'Despesas' }).click();
  await expect(page.getByRole('heading', { name: 'Despesas' })).toBeVisible();

  await page.getByRole('button', { name: 'Nova despesa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova despesa' });
  await dialog.getByLabel('Descrição').fill(description);
  await dialog.getByLabel('Categoria').fill('Energia');
  await dialog.getByLabel('Valor').fill('1.234,56');
  await dialog.getByLabel('Vencimento').fill(br(today));
  // A text file named .pdf is refused by its content: the expense is saved, the dialog stays on the file.
  await dialog.getByLabel(/Anexo/).setInputFiles({
    name: 'boleto.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('só texto, não é um PDF'),
  });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const saved = page.getByRole('dialog', { name: 'Editar despesa' });
  await expect(saved.getByText('Envie um PDF ou uma imagem PNG ou JPEG')).toBeVisible();
  await saved.getByLabel(/Anexo/).setInputFiles({ name: 'boleto.pdf', mimeType: 'application/pdf', buffer: PDF });
  await saved.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Despesa alterada com sucesso')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Found by the search: one expense, open, with its total.
  await page.getByRole('searchbox').fill(description);
  const row = page.getByRole('row', { name: new RegExp(description) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Em aberto').filter({ visible: true })).toBeVisible();
  await expect(row.getByText('com anexo')).toBeVisible();
  await expect(page.getByTestId('expenses-summary')).toContainText('1 despesa');
  await expect(page.getByTestId('expenses-summary')).toContainText(money(1234.56));

  // Paid today (the dialog offers the organization's today).
  await row.getByRole('button', { name: `Marcar como paga: ${description}` }).click();
  const pay = page.getByRole('dialog', { name: 'Marcar como paga' });
  await expect(pay.getByLabel('Pago em')).toHaveValue(br(today));
  await pay.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Despesa marcada como paga')).toBeVisible();
  await expect(row.getByText(`Paga em ${br(today)}`).filter({ visible: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Marcar como paga/ })).toHaveCount(0);

  // The cash flow of today, by day: the payment is in 'Pago', and the chart is drawn.
  await page.getByRole('link', { name: 'Relatórios' }).click();
  await page.getByRole('link', { name: /Fluxo de caixa/ }).click();
  await expect(page.getByRole('heading', { name: 'Fluxo de caixa' })).toBeVisible();
  await page.getByLabel('De *', { exact: true }).fill(br(today));
  await page.getByLabel('Até *', { exact: true }).fill(br(today));
  await page.getByLabel('Agrupar por *', { exact: true }).selectOption('day');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const table = page.locator('.report-table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'De',
    'Até',
    'Recebido',
    'Pago',
    'A receber',
    'A pagar',
    'Saldo realizado',
    'Saldo previsto',
  ]);
  const cells = table.locator('tbody tr').first().locator('td');
  await expect(cells.nth(0)).toHaveText(br(today));
  await expect(cells.nth(3)).toHaveText(money(paidBefore + 1234.56));
  await expect(page.getByRole('figure', { name: 'Fluxo de caixa' }).locator('canvas')).toBeVisible();
});
