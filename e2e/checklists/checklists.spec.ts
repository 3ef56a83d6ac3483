import { apiAs, expect, loginAs, test, unique, users } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;

/** An order the demo technician works on, started. */
async function orderForWorker(admin: Api, request: import('@playwright/test').APIRequestContext) {
  const created = await admin.post('/invoices', { company: 1, customer: 1, transactionNature: 1 });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const me = (await (
    await request.get('/api/me', {
      headers: { authorization: `Bearer ${(await apiAs(request, 'worker')).token}` },
    })
  ).json()) as { id: number };
  expect((await admin.post(`/invoices/${id}/workers`, { worker: me.id })).status()).toBe(201);
  expect((await admin.post(`/invoices/${id}/start`)).status()).toBe(200);
  return id;
}

test('admin: creates a checklist with its items and attaches it to an order', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin');
  const name = unique('Checklist Split');
  const created = await admin.post('/invoices', { company: 1, customer: 1, transactionNature: 1 });
  const { id } = (await created.json()) as { id: number };

  await loginAs(page, 'admin');
  await page.goto('/checklist-templates');
  await page.getByRole('link', { name: 'Novo' }).click();
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Item 1', { exact: true }).fill('Filtros limpos');
  await page.getByLabel('Obrigatório').first().check();
  await page.getByRole('button', { name: 'Adicionar item' }).click();
  await page.getByLabel('Item 2', { exact: true }).fill('Pressão do gás (psi)');
  await page.getByLabel('Tipo do item 2').selectOption({ label: 'Número' });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Checklist criado com sucesso')).toBeVisible();
  await expect(page.getByRole('link', { name })).toBeVisible();

  await page.goto(`/invoices/${id}/edit`);
  const section = page.getByRole('region', { name: 'Checklists' });
  await section.getByLabel('Checklist a incluir').selectOption({ label: name });
  await section.getByRole('button', { name: 'Incluir' }).click();
  await expect(page.getByText('Checklist incluído na ordem de serviço')).toBeVisible();
  await expect(section.getByRole('heading', { name })).toBeVisible();
  await expect(section.getByText('1 obrigatório pendente')).toBeVisible();
});

test.describe('technician on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('fills the checklist; the order cannot be completed before its required items are answered', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, 'admin');
    const name = unique('Preventiva');
    const template = await admin.post('/checklist-templates', {
      name,
      items: [
        { label: 'Filtros limpos', kind: 'check', required: true },
        { label: 'Pressão do gás (psi)', kind: 'number', required: true },
        { label: 'Observações', kind: 'text' },
      ],
    });
    expect(template.status()).toBe(201);
    const id = await orderForWorker(admin, request);
    const attached = await admin.post(`/invoices/${id}/checklists`, { template: (await template.json()).id });
    expect(attached.status()).toBe(201);

    await loginAs(page, users.worker);
    await page.goto(`/invoices/${id}/edit`);
    const section = page.getByRole('region', { name: 'Checklists' });
    await expect(section.getByText('2 obrigatórios pendentes')).toBeVisible();

    // Completing now is refused, naming what is missing.
    const toolbar = page.getByRole('toolbar', { name: 'Ações da ordem de serviço' });
    await toolbar.getByRole('button', { name: 'Concluir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Concluir', exact: true }).click();
    await expect(
      page.getByText(
        `Preencha os itens obrigatórios do checklist: ${name}: Filtros limpos; ${name}: Pressão do gás (psi)`,
      ),
    ).toBeVisible();

    await section.getByLabel('Filtros limpos *').check();
    const pressure = section.getByLabel('Pressão do gás (psi) *');
    // Read the pt-BR way: '1.850' could be 1,85 or 1850, so it is refused, and nothing can be saved.
    await pressure.fill('1.850');
    await expect(section.getByText('Número ambíguo', { exact: false })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Salvar respostas' })).toBeDisabled();
    await pressure.fill('118,5');
    await section.getByLabel('Observações').fill('Dreno desobstruído');
    await section.getByRole('button', { name: 'Salvar respostas' }).click();
    await expect(page.getByText('Respostas salvas')).toBeVisible();
    await expect(section.getByText('Completo')).toBeVisible();
    await expect(pressure).toHaveValue('118,5');
    const kept = (await (await admin.get(`/invoices/${id}/checklists`)).json()) as {
      data: { items: { label: string; value: unknown }[] }[];
    };
    expect(kept.data[0]!.items.find((i) => i.label === 'Pressão do gás (psi)')!.value).toBe(118.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await toolbar.getByRole('button', { name: 'Concluir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Concluir', exact: true }).click();
    await expect(page.getByTestId('status-badge')).toHaveText('Concluído');
  });
});

test("the equipment's history lists the orders it was on, with the checklist's progress", async ({ page, request }) => {
  const admin = await apiAs(request, 'admin');
  const customer = (await (
    await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: unique('Cliente Histórico') })
  ).json()) as { id: number };
  const equipment = (await (
    await admin.post(`/customers/${customer.id}/equipments`, {
      name: 'Split 12k',
      brand: 'Midea',
      model: 'Xtreme',
      serialNumber: unique('SN'),
    })
  ).json()) as { id: number };
  const { id, number } = (await (
    await admin.post('/invoices', { company: 1, customer: customer.id, transactionNature: 1 })
  ).json()) as { id: number; number: number };
  expect((await admin.post(`/invoices/${id}/equipments`, { equipment: equipment.id })).status()).toBe(201);
  const template = await admin.post('/checklist-templates', {
    name: unique('Revisão'),
    items: [
      { label: 'Filtro', kind: 'check' },
      { label: 'Dreno', kind: 'check' },
    ],
  });
  const checklist = await admin.post(`/invoices/${id}/checklists`, { template: (await template.json()).id });
  await admin.put(`/invoices/${id}/checklists/${(await checklist.json()).id}`, { answers: [{ item: 1, value: true }] });

  await loginAs(page, 'admin');
  await page.goto(`/customers/${customer.id}/edit`);
  await page.getByRole('tab', { name: 'Equipamentos' }).click();
  await page.getByRole('button', { name: 'Histórico de Split 12k' }).click();
  const dialog = page.getByRole('dialog', { name: 'Histórico · Split 12k' });
  await expect(dialog.getByRole('link', { name: `OS ${number}` })).toBeVisible();
  await expect(dialog.getByTestId('equipment-history')).toContainText('1 de 2 itens');
  await expect(dialog.getByTestId('equipment-history')).toContainText('0 fotos');
});

test('the office sees the answers the technician changed since it last opened the order', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin');
  const worker = await apiAs(request, 'worker');
  const template = await admin.post('/checklist-templates', {
    name: unique('Corretiva'),
    items: [
      { label: 'Corrente (A)', kind: 'number' },
      { label: 'Observações', kind: 'text' },
    ],
  });
  const id = await orderForWorker(admin, request);
  const checklist = (await (
    await admin.post(`/invoices/${id}/checklists`, { template: (await template.json()).id })
  ).json()) as { id: number; items: { id: number }[] };
  const [current, notes] = checklist.items.map((i) => i.id);
  const answer = (value: number, text: string) =>
    worker.put(`/invoices/${id}/checklists/${checklist.id}`, {
      answers: [
        { item: current, value },
        { item: notes, value: text },
      ],
    });
  expect((await answer(7.5, 'Compressor ruidoso')).status()).toBe(200);

  await loginAs(page, 'admin');
  await page.goto(`/invoices/${id}/edit`);
  const section = page.getByRole('region', { name: 'Checklists' });
  await expect(section.getByLabel('Corrente (A)')).toHaveValue('7,5');
  // Away from the order, the technician answers again; back on it, the office's kept copy shows first,
  // then the server's: the new answers, with nothing to save.
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Ordens de Serviço' })
    .click();
  await expect(page).toHaveURL(/\/invoices$/);
  expect((await answer(8.25, 'Capacitor trocado')).status()).toBe(200);
  await page.goBack();
  await expect(section.getByLabel('Corrente (A)')).toHaveValue('8,25');
  await expect(section.getByLabel('Observações')).toHaveValue('Capacitor trocado');
  await expect(section.getByRole('button', { name: 'Salvar respostas' })).toBeDisabled();
});
