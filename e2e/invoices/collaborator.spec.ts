import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';

test.use({ viewport: { width: 375, height: 812 } });

const WORKER_ID = 2; // tecnico@demo.com.br in the demo data

test('collaborator on a phone: only their orders, adds equipment and a technical comment, sees no price', async ({
  page,
  request,
}) => {
  // Arrange through the API: one order the collaborator works on, one they don't, each with a priced line.
  const admin = await apiAs(request, 'admin');
  const makeOrder = async (label: string, withWorker: boolean) => {
    const name = unique(label);
    const customer = await (await admin.post('/customers', { type: 2, identifier: newCpf().raw, name })).json();
    const equipment = unique('Compressor');
    await admin.post(`/customers/${customer.id}/equipments`, {
      name: equipment,
      brand: 'Embraco',
      model: 'EM-1',
      serialNumber: 'SN-C-1',
    });
    const order = await (
      await admin.post('/invoices', { company: 1, customer: customer.id, transactionNature: 1 })
    ).json();
    expect((await admin.post(`/invoices/${order.id}/services`, { service: 4, quantity: 1 })).status()).toBe(201);
    if (withWorker) {
      expect((await admin.post(`/invoices/${order.id}/workers`, { worker: WORKER_ID })).status()).toBe(201);
    }
    expect((await admin.post(`/invoices/${order.id}/start`)).ok()).toBe(true);
    return { ...order, customerName: name, equipment };
  };
  const mine = await makeOrder('Cliente do Técnico', true);
  const other = await makeOrder('Cliente de Outro', false);

  await loginAs(page, 'worker');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Bem-vindo' })).toBeVisible();

  // The list: their order is there, the other one is not (not even by searching for it).
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Ordens de Serviço' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Novo' })).toHaveCount(0);
  const search = async (q: string) => {
    await page.getByRole('button', { name: /Filtros/ }).click();
    await expect(page.getByLabel('Colaborador', { exact: true })).toHaveCount(0);
    await page.getByLabel('Pesquisar').fill(q);
    await page.getByRole('button', { name: 'Filtrar' }).click();
  };
  await search(other.customerName);
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();
  await search(mine.customerName);
  const row = page.getByRole('link', { name: `Ordem de serviço ${mine.number}` });
  await expect(row).toBeVisible();
  await expect(page.locator('main')).not.toContainText('R$');

  // Someone else's order does not exist for them.
  await page.goto(`/invoices/${other.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();

  await page.goto('/invoices');
  await page.getByRole('link', { name: `Ordem de serviço ${mine.number}` }).click();
  await expect(page.getByRole('heading', { name: `Ordem de Serviço #${mine.number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Serviços' })).toContainText('Carga de gás refrigerante');
  await expect(page.getByRole('button', { name: 'Adicionar serviço' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Colaboradores' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Adicionar equipamento' }).click();
  const modal = page.getByRole('dialog', { name: 'Adicionar equipamento' });
  const box = modal.getByLabel('Equipamento', { exact: true });
  await box.click();
  await box.fill('compressor');
  await modal.getByRole('option', { name: new RegExp(mine.equipment) }).click();
  await modal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Equipamento adicionado com sucesso')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Equipamentos' })).toContainText(mine.equipment);

  await page.getByRole('tab', { name: 'Técnico' }).click();
  const comment = unique('Trocado o capacitor');
  await page.getByLabel('Novo comentário Técnico').fill(comment);
  await page.getByRole('button', { name: 'Comentar' }).click();
  const thread = page.getByRole('list', { name: 'Comentários Técnico' });
  await expect(thread).toContainText(comment);
  await expect(thread).toContainText('Técnico João da Silva');
  await expect(page.getByRole('tab', { name: 'Interno' })).toHaveCount(0);

  // No price anywhere on their screens.
  await expect(page.locator('body')).not.toContainText('R$');
});
