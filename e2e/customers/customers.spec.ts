import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCnpj, newCpf } from '../fixtures/identifiers.ts';

test.describe('customers', () => {
  test('creates a customer through the form and adds and edits an address', async ({ page }) => {
    await loginAs(page, 'admin');
    const cnpj = newCnpj();
    const name = unique('Padaria E2E Ltda');
    await page.goto('/customers');
    await page.getByRole('link', { name: 'Novo' }).click();
    await expect(page.getByRole('heading', { name: 'Novo cliente' })).toBeVisible();
    await page.getByLabel('CNPJ').pressSequentially(cnpj.raw);
    await page.getByLabel('Razão Social').fill(name);
    await page.getByRole('button', { name: 'Salvar' }).click();
    // The alias is required for a legal entity: flagged, nothing created.
    await expect(page.getByText('Este campo é obrigatório')).toBeVisible();
    await page.getByLabel('Nome Fantasia').fill('Padaria E2E');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Cliente cadastrado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/customers\/\d+\/edit$/);

    // Address: CEP validated, number numeric, 'S/N' when empty.
    await page.getByRole('tab', { name: 'Endereços' }).click();
    await expect(page.getByText('Nenhum registro')).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar endereço' }).click();
    const modal = page.getByRole('dialog', { name: 'Adicionar endereço' });
    await modal.getByLabel('CEP').pressSequentially('0131');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await expect(modal.getByText('Este campo é obrigatório')).toBeVisible();
    await expect(modal.getByText('CEP inválido')).toBeVisible();
    // Static: Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await modal.getByLabel('Endereço', { exact: true }).fill('Rua Augusta');
    await modal.getByLabel('CEP').fill('');
    await modal.getByLabel('CEP').pressSequentially('01304001');
    await expect(modal.getByLabel('CEP')).toHaveValue('01304-001');
    await modal.getByLabel('Cidade').fill('São Paulo');
    await modal.getByLabel('UF').selectOption('SP');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Endereço salvo')).toBeVisible();
    const addressRow = page.getByRole('row').filter({ hasText: 'Rua Augusta' });
    await expect(addressRow).toContainText('S/N');
    await expect(addressRow).toContainText('01304-001');

    await addressRow.getByRole('button', { name: 'Rua Augusta', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Alterar endereço' });
    await expect(edit.getByLabel('Endereço', { exact: true })).toHaveValue('Rua Augusta');
    await edit.getByLabel('Número').fill('1520');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(addressRow).toContainText('1520');
  });

  test('adds two equipment items to a customer, edits one and deletes one with confirmation', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, 'admin');
    const created = await admin.post('/customers', {
      type: 2,
      identifier: newCpf().raw,
      name: unique('Dono de Split'),
    });
    expect(created.status()).toBe(201);
    await loginAs(page, 'admin');
    await page.goto(`/customers/${(await created.json()).id}/edit`);
    await page.getByRole('tab', { name: 'Equipamentos' }).click();
    await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();
    for (const [eqName, serial] of [
      ['Ar-condicionado split 12.000 BTUs', 'SP-001'],
      ['Câmara fria', 'CF-002'],
    ] as const) {
      await page.getByRole('button', { name: 'Novo Equipamento' }).click();
      const eq = page.getByRole('dialog', { name: 'Novo Equipamento' });
      await eq.getByLabel('Nome').fill(eqName);
      await eq.getByLabel('Marca').fill('Marca X');
      await eq.getByRole('button', { name: 'Salvar' }).click();
      await expect(eq.getByText('Este campo é obrigatório')).toHaveCount(2);
      await eq.getByLabel('Modelo').fill('M1');
      await eq.getByLabel('N/S').fill(serial);
      await eq.getByLabel('Observações').fill('Sala');
      await eq.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Equipamento adicionado com sucesso').first()).toBeVisible();
      await expect(eq).toBeHidden();
    }
    await expect(page.getByRole('row')).toHaveCount(3);

    await page.getByRole('button', { name: 'Câmara fria', exact: true }).click();
    const editEq = page.getByRole('dialog', { name: 'Editar Equipamento' });
    await expect(editEq.getByLabel('N/S')).toHaveValue('CF-002');
    await editEq.getByLabel('Modelo').fill('CF-2020');
    await editEq.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Equipamento alterado com sucesso')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Câmara fria' })).toContainText('CF-2020');

    await page.getByRole('button', { name: 'Remover equipamento Ar-condicionado split 12.000 BTUs' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remover equipamento?' });
    await expect(confirm).toContainText('Essa ação não poderá ser desfeita');
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Equipamento removido com sucesso')).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Câmara fria', exact: true })).toBeVisible();

    // What the page shows is what the server stored.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Câmara fria', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Ar-condicionado/ })).toHaveCount(0);
  });

  test('the list filter survives a reload and its badge counts; Limpar resets it', async ({ page, request }) => {
    const admin = await apiAs(request, 'admin');
    const name = unique('Filtrável');
    const res = await admin.post('/customers', { type: 2, identifier: newCpf().raw, name });
    expect(res.status()).toBe(201);

    await loginAs(page, 'admin');
    await page.goto('/customers');
    await expect(page.getByTestId('filter-count')).toHaveCount(0);
    await page.getByRole('button', { name: 'Filtros' }).click();
    // Accent-insensitive on the server: 'filtravel' finds 'Filtrável'.
    await page.getByLabel('Pesquisar').fill(name.replace('Filtrável', 'filtravel'));
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByTestId('filter-count')).toHaveText('1');
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText(name);

    await page.reload();
    await expect(page.getByTestId('filter-count')).toHaveText('1');
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText(name);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('customers')))!)).toMatchObject({
      q: name.replace('Filtrável', 'filtravel'),
    });

    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('button', { name: 'Limpar' }).click();
    await expect(page.getByTestId('filter-count')).toHaveCount(0);
    await expect(page.getByTestId('pagination')).toContainText('registros');
    expect(await page.evaluate(() => localStorage.getItem('customers'))).toBeNull();
  });

  test('deletes a customer from the list after confirmation', async ({ page, request }) => {
    const admin = await apiAs(request, 'admin');
    const name = unique('Removível');
    const { id } = await (await admin.post('/customers', { type: 2, identifier: newCpf().raw, name })).json();
    await loginAs(page, 'admin');
    await page.goto('/customers');
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Pesquisar').fill(name);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByRole('button', { name: `Remover cliente ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    await page.getByRole('button', { name: `Remover cliente ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Cliente removido com sucesso')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    expect((await admin.get(`/customers/${id}`)).status()).toBe(404);
  });

  test("the estimate tab lists this customer's estimates; the order tab asks the server for this customer only", async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, 'admin');
    const { id } = await (
      await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: unique('Sem ordens') })
    ).json();
    const [company] = (await (await admin.get('/companies')).json()).data;
    const [nature] = (await (await admin.get('/transaction-natures')).json()).data;
    const estimate = await (
      await admin.post('/estimates', { company: company.id, customer: id, transactionNature: nature.id })
    ).json();
    await loginAs(page, 'admin');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/organizations\/\d+\/(estimates|invoices)/.test(r.url()))
        calls.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    await page.goto(`/customers/${id}/edit?tab=orcamentos`);
    await expect(page.getByRole('link', { name: `Orçamento ${estimate.number}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo orçamento' })).toHaveAttribute(
      'href',
      `/estimates/new?customerId=${id}`,
    );
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Rascunho').check();
    await page.getByLabel('Aprovado').check();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByTestId('filter-count')).toHaveText('2');
    await expect(page.getByRole('link', { name: `Orçamento ${estimate.number}` })).toBeVisible();
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Rascunho').uncheck();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByText('Nenhum orçamento encontrado')).toBeVisible();

    await page.getByRole('tab', { name: 'Ordens de Serviço' }).click();
    await expect(page.getByText('Nenhuma ordem de serviço encontrada')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nova OS' })).toHaveAttribute('target', '_blank');
    const invoicesTab = page.getByRole('tabpanel', { name: 'Ordens de Serviço' });
    await invoicesTab.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Pagas', { exact: true }).check();
    await page.getByLabel('Não pagas').check();
    await expect(page.getByLabel('Pagas', { exact: true })).not.toBeChecked();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(invoicesTab.getByTestId('filter-count')).toHaveText('1');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('customers-invoices')))!)).toMatchObject({
      isNotPaid: true,
      isPaid: false,
    });
    // Both lists ask for this customer only, then with the applied filter.
    const estimateCalls = calls.filter((c) => c.includes('/estimates'));
    for (const c of estimateCalls) expect(c).toContain(`customer=${id}`);
    expect(estimateCalls.some((c) => c.includes('statuses=0') && c.includes('statuses=10'))).toBe(true);
    const orderCalls = calls.filter((c) => c.includes('/invoices'));
    expect(orderCalls.length).toBeGreaterThan(0);
    for (const c of orderCalls) expect(c).toContain(`customer=${id}`);
    expect(orderCalls.at(-1)).toContain('isNotPaid=true');
  });
});
