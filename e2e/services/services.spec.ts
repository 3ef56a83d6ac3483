import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';

test.describe('services', () => {
  test('creates and edits a service', async ({ page }) => {
    await loginAs(page, 'admin');
    const name = unique('Higienização de split');
    await page.goto('/services');
    await page.getByRole('link', { name: 'Novo' }).click();
    await page.getByLabel('Nome').fill(name);
    await page.getByLabel('Preço').pressSequentially('180');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Serviço cadastrado com sucesso')).toBeVisible();

    await page.getByPlaceholder('Digite para pesquisar').fill(name);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(/R\$\s180,00/);
    // The new service is on the first page already: wait for the search to be applied, or the rows
    // it removes can move the link from under the click.
    await expect(page.getByTestId('pagination')).toContainText('1–1 de 1 registro');
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: /^Editar Serviço \d+$/ })).toBeVisible();
    await page.getByLabel('Preço').fill('');
    await page.getByLabel('Preço').pressSequentially('199,9');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Serviço alterado com sucesso')).toBeVisible();
    await page.getByPlaceholder('Digite para pesquisar').fill(name);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(/R\$\s199,90/);
  });

  test('searches accent-insensitively and clears the search', async ({ page, request }) => {
    const api = await apiAs(request, 'admin');
    const tag = unique('Revisão').split(' ')[1]!;
    await api.post('/services', { name: `Revisão elétrica ${tag}`, price: 90 });
    await api.post('/services', { name: `Revisao hidráulica ${tag}`, price: 95 });
    await loginAs(page, 'admin');
    await page.goto('/services');
    const search = page.getByPlaceholder('Digite para pesquisar');
    await search.fill(`revisao eletrica ${tag}`);
    await expect(page.getByRole('link', { name: `Revisão elétrica ${tag}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Revisao hidráulica ${tag}` })).toHaveCount(0);
    await search.fill(tag);
    await expect(page.getByTestId('pagination')).toContainText('1–2 de 2 registros');
    await page.getByRole('button', { name: 'Limpar pesquisa' }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByTestId('pagination')).not.toContainText('de 2 registros');
  });

  test('deletes a service after confirmation; it leaves the list but stays readable for old lines', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, 'admin');
    const name = unique('Troca de compressor');
    const { id } = await (await api.post('/services', { name, price: 850 })).json();
    await loginAs(page, 'admin');
    await page.goto('/services');
    await page.getByPlaceholder('Digite para pesquisar').fill(name);
    await expect(page.getByTestId('pagination')).toContainText('1–1 de 1 registro');
    await page.getByRole('button', { name: `Remover ${name}` }).click();
    await expect(page.getByText('Essa ação não poderá ser desfeita')).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('link', { name })).toBeVisible();

    await page.getByRole('button', { name: `Remover ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Serviço removido com sucesso')).toBeVisible();
    await expect(page.getByRole('link', { name })).toHaveCount(0);
    await expect(page.getByText('Nenhum registro')).toBeVisible();

    const archived = await (await api.get(`/services/${id}`)).json();
    expect(archived).toMatchObject({ name, price: 850 });
    expect(archived.archivedAt).not.toBeNull();
    await page.goto(`/services/${id}/edit`);
    await expect(page.getByText(/Este serviço foi removido em/)).toBeVisible();
  });
});
