import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';

test.describe('products', () => {
  test('creates a product with an R$ price, stays on it, edits it twice, finds it', async ({ page, request }) => {
    await loginAs(page, 'admin');
    const api = await apiAs(request, 'admin');
    const name = unique('Capacitor');
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Produtos' })).toBeVisible();
    await page.getByRole('link', { name: 'Novo' }).click();
    await expect(page.getByRole('heading', { name: 'Novo Produto' })).toBeVisible();
    await page.getByLabel('Nome').fill(name);
    await page.getByLabel('Preço').pressSequentially('1234,5');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Produto cadastrado com sucesso')).toBeVisible();
    // The new product opens as itself, where its stock is entered.
    await expect(page).toHaveURL(/\/products\/\d+\/edit$/);
    const id = page.url().match(/products\/(\d+)\/edit/)![1];
    await expect(page.getByRole('heading', { name: `Editar Produto ${id}` })).toBeVisible();
    await expect(page.getByLabel('Preço')).toHaveValue('1.234,50');

    // A save stays on the product, and the next one goes through (the form follows the saved version).
    await page.getByLabel('Nome').fill(`${name} 40 µF`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Produto alterado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(`/products/${id}/edit`);
    await expect(page.getByLabel('Nome')).toHaveValue(`${name} 40 µF`);
    await page.getByLabel('Preço').fill('1.300,00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(async () => (await (await api.get(`/products/${id}`)).json()).price).toBe(1300);
    await expect(page.getByText('Este registro foi alterado por outra pessoa')).toHaveCount(0);

    await page.goto('/products');
    await page.getByPlaceholder('Digite para pesquisar').fill(`${name} 40`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(/R\$\s1\.300,00/);
    await expect(page.getByTestId('pagination')).toContainText('1–1 de 1 registro');
    await expect(page.getByRole('link', { name: `${name} 40 µF` })).toBeVisible();
  });

  test('a price typed, pasted and edited with a thousands separator is stored exactly', async ({ page, request }) => {
    await loginAs(page, 'admin');
    const api = await apiAs(request, 'admin');
    const name = unique('Compressor');
    await page.goto('/products/new');
    await page.getByLabel('Nome').fill(name);
    await page.getByLabel('Preço').pressSequentially('1.850,00');
    await expect(page.getByLabel('Preço')).toHaveValue('1.850,00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Produto cadastrado com sucesso')).toBeVisible();
    const found = async () => (await (await api.get(`/products?q=${encodeURIComponent(name)}`)).json()).data[0];
    expect((await found()).price).toBe(1850);

    // Pasting a pt-BR amount over the stored one (inserted in one go, as a paste does).
    await page.goto(`/products/${(await found()).id}/edit`);
    const price = page.getByLabel('Preço');
    await expect(price).toHaveValue('1.850,00');
    await price.selectText();
    await page.keyboard.insertText('99.999.999,99');
    await expect(price).toHaveValue('99.999.999,99');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Produto alterado com sucesso')).toBeVisible();
    expect((await found()).price).toBe(99_999_999.99);

    await page.goto(`/products/${(await found()).id}/edit`);
    await expect(price).toHaveValue('99.999.999,99');
    // Editing: clear and type without separators.
    await price.selectText();
    await price.press('Delete');
    await price.pressSequentially('1850,5');
    await price.blur();
    await expect(price).toHaveValue('1.850,50');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Produto alterado com sucesso')).toBeVisible();
    expect((await found()).price).toBe(1850.5);
  });

  test('name and a price of at least R$ 0,01 are required; nothing is saved', async ({ page, request }) => {
    await loginAs(page, 'admin');
    const api = await apiAs(request, 'admin');
    const name = unique('Grátis');
    await page.goto('/products/new');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Este campo é obrigatório')).toBeVisible();
    await expect(page.getByText('Informe um valor')).toBeVisible();
    await page.getByLabel('Nome').fill(name);
    await page.getByLabel('Preço').pressSequentially('0');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('O preço deve ser de no mínimo R$ 0,01')).toBeVisible();
    await expect(page).toHaveURL('/products/new');
    const found = await (await api.get(`/products?q=${encodeURIComponent(name)}`)).json();
    expect(found.meta.total).toBe(0);
  });

  test('a collaborator does not reach the register', async ({ page }) => {
    await loginAs(page, 'worker');
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  });
});
