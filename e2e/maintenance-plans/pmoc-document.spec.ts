import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import PdfKit from 'pdfkit';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';

/** Today in São Paulo (the browser's and the demo organization's zone). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** The laboratory's one-page air-quality report, as a shop receives it. */
function laboratoryPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PdfKit({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(14).text('Laudo de qualidade do ar - CO2 580 ppm - Fungos 150 UFC/m3');
    doc.end();
  });
}

test('admin: fills the PMOC fields of a plan and of its equipment, attaches the air report and downloads the document', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // Arrange: a customer with an air conditioner and a plan for it (not the behaviour under test).
  const admin = await apiAs(request, 'admin');
  const customerName = unique('Clínica PMOC');
  const customer = await (
    await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: customerName })
  ).json();
  const equipment = await (
    await admin.post(`/customers/${customer.id}/equipments`, {
      name: 'Split recepção',
      brand: 'Midea',
      model: 'Xtreme',
      serialNumber: 'MD-7781',
    })
  ).json();
  const refs = async (path: string, q: string) =>
    ((await (await admin.get(`${path}?q=${encodeURIComponent(q)}`)).json()).data as Array<{ id: number }>)[0]!.id;
  const created = await admin.post('/maintenance-plans', {
    company: await refs('/companies', 'Demo'),
    customer: customer.id,
    transactionNature: await refs('/transaction-natures', 'Contrato'),
    equipments: [equipment.id],
    frequency: 'monthly',
    startDate: today(),
    leadDays: 0,
  });
  expect(created.status(), await created.text()).toBe(201);
  const plan = await created.json();
  const year = Number(today().slice(0, 4));

  await loginAs(page, 'admin');
  // The equipment's type, capacity and location, on the customer's equipment.
  await page.goto(`/customers/${customer.id}/edit`);
  await page.getByRole('tab', { name: 'Equipamentos' }).click();
  await page.getByRole('button', { name: 'Split recepção', exact: true }).click();
  const eq = page.getByRole('dialog', { name: 'Editar Equipamento' });
  await expect(eq.getByLabel('N/S')).toHaveValue('MD-7781');
  await eq.getByLabel('Tipo (para o PMOC)').fill('Split hi-wall');
  await eq.getByLabel('Capacidade (BTU/h)').fill('0');
  await eq.getByRole('button', { name: 'Salvar' }).click();
  await expect(eq.getByText('A capacidade deve ser maior que zero')).toBeVisible();
  await eq.getByLabel('Capacidade (BTU/h)').fill('24000');
  await eq.getByLabel('Local de instalação').fill('Hall de entrada');
  await page.screenshot({ path: 'test-results/shots/pmoc-equipment-1280.png' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/shots/pmoc-equipment-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await eq.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Equipamento alterado com sucesso')).toBeVisible();

  // The plan: the site, a room, a task and the recommendations.
  await page.goto(`/maintenance-plans/${plan.id}`);
  await expect(page.getByRole('heading', { name: `Plano de manutenção nº ${plan.id}` })).toBeVisible();
  await expect(page.getByText(/Split hi-wall · 24\.000 BTU\/h · Hall de entrada/)).toBeVisible();
  await page.getByLabel('Nome da edificação').fill('Clínica Vida — Bloco B');
  await page.getByLabel('O cliente é').selectOption({ label: 'Locatário' });
  await page.getByRole('button', { name: 'Adicionar ambiente' }).click();
  await page.getByLabel('Ambiente 1').fill('Sala de espera');
  await page.getByRole('button', { name: 'Salvar' }).click();
  // Each room's numbers are required, each with its own message under it.
  await expect(page.getByText('Informe a área em m²')).toBeVisible();
  await expect(page.getByText('Informe a carga térmica em BTU/h')).toBeVisible();
  await page.getByLabel('Área (m²)').fill('35.5');
  await page.getByLabel('Ocupantes fixos').fill('2');
  await page.getByLabel('Ocupantes flutuantes').fill('15');
  await page.getByLabel('Carga térmica (BTU/h)').fill('24000');
  await page.getByLabel('Vazão de ar externo (m³/h)').fill('480');
  await page.getByRole('button', { name: 'Adicionar tarefa' }).click();
  await page.getByLabel('Componente da tarefa 1').fill('Bandeja de condensado');
  await page.getByLabel('Tarefa 1', { exact: true }).fill('Lavar a bandeja e desobstruir o dreno');
  await page.getByLabel('Periodicidade da tarefa 1').selectOption({ label: 'Trimestral' });
  await page.getByLabel('Recomendações').fill('Instalar cortina de ar na porta de entrada.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Plano de manutenção alterado com sucesso')).toBeVisible();

  // The year's air-quality report.
  const report = testInfo.outputPath('laudo-qualidade-ar.pdf');
  writeFileSync(report, await laboratoryPdf());
  await page.getByLabel('Relatório (PDF, até 10 MB)').setInputFiles(report);
  await page.getByRole('button', { name: 'Enviar relatório' }).click();
  await expect(page.getByText('Relatório de qualidade do ar enviado')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Relatórios de qualidade do ar' })).toContainText(
    'laudo-qualidade-ar.pdf',
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/shots/pmoc-plan-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/shots/pmoc-plan-1280.png', fullPage: true });

  // The document, downloaded and read.
  await page.getByRole('button', { name: 'Documento PMOC' }).click();
  const dialog = page.getByRole('dialog', { name: 'Documento PMOC' });
  await expect(dialog.getByLabel('Ano')).toHaveValue(String(year));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/shots/pmoc-document-modal-375.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/shots/pmoc-document-modal-1280.png' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Baixar PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`PMOC-${year}-plano-${plan.id}.pdf`);
  const file = testInfo.outputPath('pmoc.pdf');
  await download.saveAs(file);
  const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
  for (const expected of [
    'Clínica Vida — Bloco B',
    'Locatário',
    customerName,
    'Sala de espera',
    '35,5',
    'Split hi-wall',
    '24.000',
    'Hall de entrada',
    'MD-7781',
    'Bandeja de condensado',
    'Lavar a bandeja e desobstruir o dreno',
    'Trimestral',
    `CRONOGRAMA ANUAL DE ${year}`,
    'Instalar cortina de ar na porta de entrada.',
    'Arquivo: laudo-qualidade-ar.pdf',
    'CO2 580 ppm',
  ])
    expect(text, expected).toContain(expected);
  expect(spawnSync('qpdf', ['--check', file], { encoding: 'utf8' }).status).toBe(0);
});
