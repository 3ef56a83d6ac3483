import { expect, loginAs, test, unique } from '../fixtures/index.ts';

test.describe('tags', () => {
  test('creates a tag in a preset colour, shows it in that colour, changes it to Sem cor', async ({ page }) => {
    await loginAs(page, 'admin');
    const name = unique('Garantia estendida');
    await page.goto('/tags');
    await expect(page.getByRole('heading', { name: 'Etiquetas' })).toBeVisible();
    await page.getByRole('link', { name: 'Novo' }).click();
    await expect(page.getByRole('radio', { name: 'Sem cor' })).toBeChecked();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Este campo é obrigatório')).toBeVisible();
    await page.getByLabel('Título').fill(name);
    await page.getByRole('radio', { name: 'Roxo' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Etiqueta cadastrada com sucesso')).toBeVisible();

    const badge = page.getByRole('link', { name: `Editar ${name}` }).locator('.tag-badge');
    await expect(badge).toHaveText(name);
    await expect(badge).toHaveCSS('background-color', 'rgb(195, 119, 224)');

    await page.getByRole('link', { name: `Editar ${name}` }).click();
    await expect(page.getByRole('heading', { name: /^Editar Etiqueta \d+$/ })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Roxo' })).toBeChecked();
    await page.getByRole('radio', { name: 'Sem cor' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Etiqueta alterada com sucesso')).toBeVisible();
    await expect(page.getByRole('link', { name: `Editar ${name}` }).locator('.tag-badge')).toHaveCSS(
      'background-color',
      'rgb(179, 186, 197)',
    );
  });

  test('a duplicate title is refused under the field', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/tags/new');
    await page.getByLabel('Título').fill('urgente');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Já existe uma etiqueta com este título')).toBeVisible();
    await expect(page).toHaveURL('/tags/new');
  });
});
