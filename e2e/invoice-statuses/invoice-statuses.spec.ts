import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';

test.describe('order statuses', () => {
  test('creates a Blocked status and edits it into a Canceled one', async ({ page }) => {
    await loginAs(page, 'admin');
    const label = unique('Aguardando vistoria');
    await page.goto('/invoice-statuses');
    await expect(page.getByRole('heading', { name: 'Situações de OS' })).toBeVisible();
    await page.getByRole('link', { name: 'Novo' }).click();
    await expect(page.getByRole('heading', { name: 'Nova Situação de OS' })).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Selecione Bloqueado ou Cancelado')).toBeVisible();
    await expect(page.getByText('Este campo é obrigatório')).toBeVisible();
    await expect(page.getByLabel('Status').locator('option')).toHaveText([
      'Selecione o Status',
      'Bloqueado',
      'Cancelado',
    ]);
    await page.getByLabel('Status').selectOption({ label: 'Bloqueado' });
    await page.getByLabel('Nome').fill(label);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Situação de OS cadastrada com sucesso')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(label) });
    await expect(row).toContainText('Bloqueado');

    await row.getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { name: 'Editar Situação de OS' })).toBeVisible();
    await expect(page.getByLabel('Status')).toHaveValue('-1');
    await page.getByLabel('Status').selectOption({ label: 'Cancelado' });
    await page.getByLabel('Nome').fill(`${label} reprovada`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Situação de OS alterada com sucesso')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${label} reprovada`) })).toContainText('Cancelado');
  });

  test('a fixed status has no edit link, and its edit page sends back to the list', async ({ page, request }) => {
    const api = await apiAs(request, 'admin');
    const wip = (await (await api.get('/invoice-statuses?state=10')).json()).data[0];
    await loginAs(page, 'admin');
    await page.goto('/invoice-statuses');
    const row = page.getByRole('row', { name: new RegExp(wip.label) });
    await expect(row).toContainText('Em Andamento');
    await expect(row.getByRole('link')).toHaveCount(0);
    await page.goto(`/invoice-statuses/${wip.id}/edit`);
    await expect(page).toHaveURL('/invoice-statuses');
    await expect(page.getByRole('heading', { name: 'Situações de OS' })).toBeVisible();
  });
});
