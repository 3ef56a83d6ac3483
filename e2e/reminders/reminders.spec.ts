import { expect, loginAs, test, unique } from '../fixtures/index.ts';

test.describe('reminders', () => {
  test('creates a required reminder and deactivates it', async ({ page }) => {
    await loginAs(page, 'admin');
    const description = unique('Ligar para confirmar a visita');
    await page.goto('/reminders');
    await expect(page.getByRole('heading', { name: 'Lembretes' })).toBeVisible();
    await page.getByRole('link', { name: 'Novo' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Este campo é obrigatório')).toBeVisible();
    await page.getByLabel('Descrição').fill(description);
    await page.getByLabel('Obrigatório').check();
    await expect(page.getByLabel('Ativo')).toBeChecked();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Lembrete cadastrado com sucesso')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(description) });
    await expect(row).toContainText('Obrigatório');
    await expect(row.getByRole('cell').last()).toHaveText('Sim');

    await row.getByRole('link', { name: description }).click();
    await expect(page.getByRole('heading', { name: /^Editar Lembrete \d+$/ })).toBeVisible();
    await page.getByLabel('Ativo').uncheck();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Lembrete alterado com sucesso')).toBeVisible();
    await expect(
      page
        .getByRole('row', { name: new RegExp(description) })
        .getByRole('cell')
        .last(),
    ).toHaveText('Não');
  });

  test('hidden for an organization without the reminders feature', async ({ page }) => {
    await loginAs(page, 'lite');
    await page.goto('/reminders/new');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  });
});
