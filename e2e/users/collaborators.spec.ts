import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';

const newEmail = (prefix: string) => `${unique(prefix).replace(/\s+/g, '-').toLowerCase()}@teste.com.br`;

test.describe('collaborators', () => {
  test('creates a collaborator, sets the Financeiro value, who then logs in as a non-admin', async ({
    page,
    browser,
  }) => {
    await loginAs(page, 'admin');
    const name = unique('Marcos Técnico');
    const email = newEmail('marcos');
    await page.goto('/admin/users');
    // The first screen after the login loads the app's code: on a loaded machine past the 7 s default.
    await expect(page.getByRole('heading', { name: 'Colaboradores' })).toBeVisible({ timeout: 30_000 });
    for (const h of ['#', 'Perfil', 'Nome', 'E-mail']) {
      await expect(page.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Novo', exact: true }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Este campo é obrigatório')).toHaveCount(3);
    await expect(page.getByText('Selecione o perfil', { exact: true })).toBeVisible();
    await page.getByLabel('Nome').fill(name);
    await page.getByLabel('Perfil').selectOption({ label: 'Técnico' });
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('curta');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Este valor é muito curto. Deve ter 8 caracteres ou mais.')).toBeVisible();
    await page.getByLabel('Senha').fill('senha-do-marcos');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Colaborador cadastrado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users\/\d+\/edit$/);

    await page.getByRole('tab', { name: 'Financeiro' }).click();
    await page.getByLabel('Valor por ordem de serviço').fill('');
    await page.getByLabel('Valor por ordem de serviço').pressSequentially('55,5');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('O Valor foi salvo com sucesso')).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Financeiro' }).click();
    await expect(page.getByLabel('Valor por ordem de serviço')).toHaveValue('55,50');

    // The new collaborator logs in with the password given and sees only what a non-admin may.
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await theirs.goto('/login');
    await theirs.getByLabel('E-mail').fill(email);
    await theirs.getByLabel('Senha').fill('senha-do-marcos');
    await theirs.getByRole('button', { name: 'Entrar' }).click();
    await expect(theirs.getByRole('heading', { name: 'Bem-vindo' })).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Cadastros' })).toHaveCount(0);
    await theirs.goto('/admin/users');
    await expect(theirs.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await context.close();
  });

  test('a deactivated collaborator cannot log in and is marked Inativo; the history stays', async ({
    page,
    request,
    browser,
  }) => {
    const api = await apiAs(request, 'admin');
    const email = newEmail('saiu');
    const name = unique('Paula Saiu');
    const created = await request.post(`/api/admin${api.org.replace('/api', '')}/users`, {
      headers: { authorization: `Bearer ${api.token}` },
      data: { name, role: 'ROLE_USER', email, plainPassword: 'senha-da-paula' },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();

    // Paula is logged in somewhere when she is deactivated.
    const context = await browser.newContext();
    const hers = await context.newPage();
    const herToken = await loginAs(hers, email, 'senha-da-paula');
    await hers.goto('/');
    await expect(hers.getByRole('heading', { name: 'Bem-vindo' })).toBeVisible();

    await loginAs(page, 'admin');
    await page.goto(`/admin/users/${id}/edit`);
    // Created with the value of before (ROLE_USER): the role it stands for.
    await expect(page.getByLabel('Perfil').locator('option:checked')).toHaveText('Técnico', { timeout: 30_000 });
    await page.getByLabel('Ativo').uncheck();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Colaborador alterado com sucesso')).toBeVisible();
    await page.goto('/admin/users');
    await page.getByPlaceholder('Digite para pesquisar').fill(name);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Inativo');

    const login = await request.post('/api/login', { data: { username: email, password: 'senha-da-paula' } });
    expect(login.status()).toBe(401);
    // Her open session ends at the next request: the server refuses the token her browser holds.
    const me = await request.get('/api/me', { headers: { authorization: `Bearer ${herToken}` } });
    expect(me.status()).toBe(401);
    // Her app, opened again in her browser, is on the login page.
    const again = await context.newPage();
    await again.goto('/', { waitUntil: 'commit' });
    await expect(again).toHaveURL(/\/login$/);
    await context.close();
  });

  test('the last one who can manage users cannot lose it: the message shows under Perfil', async ({ page }) => {
    // Organization 102 has a single admin.
    await loginAs(page, 'lite');
    await page.goto('/admin/users');
    await page.getByRole('link', { name: 'Paulo Proprietário' }).click();
    await page.getByLabel('Perfil').selectOption({ label: 'Técnico' });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.locator('#user-role ~ .invalid-feedback')).toHaveText(
      'A organização precisa de pelo menos um usuário ativo que possa gerenciar usuários',
    );
  });
});
