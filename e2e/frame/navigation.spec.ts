import { expect, loginAs, test } from '../fixtures/index.ts';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Navegação principal' });

test.describe('navigation', () => {
  test('the page icon is the served SVG file the HTML names', async ({ page, request }) => {
    await page.goto('/login');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    const icon = await request.get('/favicon.svg');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    expect(await icon.text()).toContain('<svg');
  });

  test('admin sees every entry, the Cadastros dropdown and the user menu', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/');
    for (const label of ['Orçamentos', 'Ordens de Serviço', 'Agenda', 'Clientes', 'Relatórios', 'Logs']) {
      await expect(nav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await nav(page).getByRole('button', { name: 'Financeiro' }).click();
    for (const label of ['Painel', 'Contas a receber', 'Despesas', 'Folha', 'Fluxo de caixa']) {
      await expect(nav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await nav(page).getByRole('button', { name: 'Cadastros' }).click();
    for (const label of [
      'Produtos',
      'Serviços',
      'Minhas Empresas',
      'Colaboradores',
      'Situações de OS',
      'Naturezas da Operação',
      'Lembretes',
      'Etiquetas',
      'Checklists',
      'Importar planilha',
    ]) {
      await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Ana Administradora' }).click();
    await expect(page.getByRole('link', { name: 'Perfil' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  });

  test('collaborator sees only service orders; admin pages are not found', async ({ page }) => {
    await loginAs(page, 'worker');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Bem-vindo' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Ordens de Serviço' })).toBeVisible();
    for (const label of ['Orçamentos', 'Clientes', 'Relatórios', 'Folha', 'Logs']) {
      await expect(nav(page).getByRole('link', { name: label, exact: true })).toHaveCount(0);
    }
    await expect(nav(page).getByRole('button', { name: 'Financeiro' })).toHaveCount(0);
    await expect(nav(page).getByRole('button', { name: 'Cadastros' })).toHaveCount(0);
    for (const path of ['/customers', '/import', '/expenses']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    }
  });

  test('organization 102 hides estimates, reminders, reports, payroll and logs even for its admin', async ({
    page,
  }) => {
    await loginAs(page, 'lite');
    await page.goto('/');
    await expect(nav(page).getByRole('link', { name: 'Clientes' })).toBeVisible();
    for (const label of ['Orçamentos', 'Relatórios', 'Logs']) {
      await expect(nav(page).getByRole('link', { name: label, exact: true })).toHaveCount(0);
    }
    // Under Financeiro: the receivables and expenses, but neither payroll nor the cash-flow report.
    await nav(page).getByRole('button', { name: 'Financeiro' }).click();
    await expect(nav(page).getByRole('link', { name: 'Contas a receber', exact: true })).toBeVisible();
    for (const label of ['Folha', 'Fluxo de caixa']) {
      await expect(nav(page).getByRole('link', { name: label, exact: true })).toHaveCount(0);
    }
    await nav(page).getByRole('button', { name: 'Cadastros' }).click();
    await expect(page.getByRole('link', { name: 'Etiquetas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lembretes' })).toHaveCount(0);
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  });

  test('an unknown route shows Página não encontrada', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/nao-existe/mesmo');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  });
});
