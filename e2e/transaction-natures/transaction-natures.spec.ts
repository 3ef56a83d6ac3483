import { expect, loginAs, test, unique } from '../fixtures/index.ts';

test.describe('transaction natures', () => {
  test('creates and edits a nature; the name is required', async ({ page }) => {
    await loginAs(page, 'admin');
    const name = unique('Contrato anual');
    await page.goto('/transaction-natures');
    await expect(page.getByRole('heading', { name: 'Naturezas da Operação' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Descrição' })).toBeVisible();
    await page.getByRole('link', { name: 'Novo' }).click();
    await page.getByLabel('Descrição').fill('Visitas mensais');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Este campo é obrigatório')).toBeVisible();
    await page.getByLabel('Nome').fill(name);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Natureza da operação cadastrada com sucesso')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Visitas mensais');

    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: /^Editar Natureza da Operação \d+$/ })).toBeVisible();
    await page.getByLabel('Descrição').fill('Visitas trimestrais');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Natureza da operação alterada com sucesso')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Visitas trimestrais');
  });
});
