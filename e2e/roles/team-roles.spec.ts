import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiAs, apiLogin, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { startedOrder } from '../fixtures/orders.ts';
import { roleOf, userWithRole } from '../fixtures/team.ts';

const viewports = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

/**
 * The main menu once the frame is there (the first screen after the login loads the app's code: on a
 * loaded machine past the 7 s default), opened first below 1200 px, where it folds behind the toggle.
 */
async function openMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(page.getByRole('link', { name: 'Ordem Certa' })).toBeVisible({ timeout: 30_000 });
  if (page.viewportSize()!.width < 1200) await page.getByRole('button', { name: 'Abrir menu' }).click();
  return nav;
}

/**
 * Opens a screen and waits for its title: a full load fetches the app's code and /me again, on a loaded
 * machine past the 7 s default. Without a path, the screen is loaded again.
 */
async function visit(page: Page, path?: string) {
  if (path === undefined) await page.reload();
  else await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** A full-page picture of the screen, for looking at it. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/shots/${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/** Turns on the user's two-step sign-in with the authenticator's code, as the profile screen does. */
async function enrolTwoFactor(request: APIRequestContext, token: string) {
  const org = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).organizationId;
  const headers = { authorization: `Bearer ${token}` };
  const path = `/api/organizations/${org}/profile/two-factor`;
  const setup = await request.post(path, { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 }).generate();
  const confirmed = await request.post(`${path}/confirm`, { headers, data: { code } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

async function pick(page: Page, label: string, search: string, option: string | RegExp) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).click();
}

for (const viewport of viewports) {
  test.describe(`team roles (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('an Atendente creates a customer and an estimate and sees no payroll, no finance and no cost', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const frontDesk = await userWithRole(request, 'frontDesk', 'Rita Atendente');
      await loginAs(page, frontDesk.email, frontDesk.password);
      await visit(page, '/');
      const nav = await openMenu(page);
      await expect(nav.getByRole('link', { name: 'Orçamentos' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Clientes' })).toBeVisible();
      await expect(nav.getByRole('button', { name: 'Financeiro', exact: true })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Relatórios' })).toHaveCount(0);
      await nav.getByRole('button', { name: 'Cadastros' }).click();
      await expect(nav.getByRole('link', { name: 'Produtos' })).toBeVisible();
      for (const hidden of ['Colaboradores', 'Funções', 'Minhas Empresas', 'Etiquetas'])
        await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
      await page.getByRole('button', { name: frontDesk.name }).click();
      await expect(page.getByRole('link', { name: 'Organização' })).toHaveCount(0);
      await page.keyboard.press('Escape');

      // A customer through the form.
      await visit(page, '/customers');
      const customerName = unique('Cliente da Recepção');
      await page.getByRole('link', { name: 'Novo' }).click();
      await page.getByLabel('Tipo').selectOption({ label: 'Pessoa física' });
      await page.getByLabel('CPF').pressSequentially(newCpf().raw);
      await page.getByLabel('Nome', { exact: true }).fill(customerName);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Cliente cadastrado com sucesso')).toBeVisible();
      await expect(page).toHaveURL(/\/customers\/\d+\/edit$/);
      const customerId = Number(/\/customers\/(\d+)\/edit/.exec(page.url())![1]);

      // Its estimate, from the new-estimate form with the customer already chosen.
      await visit(page, `/estimates/new?customerId=${customerId}`);
      await expect(page.getByLabel('Cliente', { exact: true })).toHaveValue(customerName);
      await pick(page, 'Empresa', 'Demo', /Demo Refrigeração/);
      await pick(page, 'Natureza da Operação', 'avulso', /Prestação de serviço/);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page).toHaveURL(/\/estimates\/\d+\/edit$/);
      await expect(page.getByTestId('estimate-status-badge')).toHaveText('Rascunho', { timeout: 30_000 });

      // Products with their prices, never their costs; no button to add one.
      await visit(page, '/products');
      await expect(page.getByRole('heading', { name: 'Produtos' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Estoque' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Custo' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Novo' })).toHaveCount(0);
      await page.locator('.data-table tbody tr').first().getByRole('link').click();
      await expect(page.getByLabel('Preço', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Custo', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Estoque' })).not.toContainText('Custo');
      await shot(page, 'front-desk-product');

      // Payroll, receivables, expenses and the settings are not pages for her.
      for (const path of ['/payrolls', '/receivables', '/expenses', '/reports/cash-flow', '/admin/users', '/roles']) {
        await visit(page, path);
        await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
      }
    });

    test('a Financeiro records a payment on an order and sees the finance menu, not the users', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const order = await startedOrder(request, { label: 'Cliente do Financeiro', quantity: 2 });
      const finance = await userWithRole(request, 'finance', 'Fabio Financeiro');
      await loginAs(page, finance.email, finance.password);
      await visit(page, '/');
      const nav = await openMenu(page);
      await nav.getByRole('button', { name: 'Financeiro', exact: true }).click();
      await expect(nav.getByRole('link', { name: 'Contas a receber' })).toBeVisible();
      await expect(nav.getByRole('button', { name: 'Cadastros' })).toHaveCount(0);

      await visit(page, `/invoices/${order.id}/edit`);
      const card = page.getByRole('region', { name: 'Pagamentos' });
      await expect(card.getByTestId('balance')).toHaveText('R$ 500,00', { timeout: 30_000 });
      await card.getByRole('button', { name: 'Registrar pagamento' }).click();
      const dialog = page.getByRole('dialog', { name: 'Registrar pagamento' });
      await dialog.getByLabel('Valor').fill('500,00');
      await dialog.getByRole('button', { name: 'Registrar' }).click();
      await expect(page.getByText('Pagamento registrado')).toBeVisible();
      await expect(card.getByTestId('balance')).toHaveText('R$ 0,00');
      await shot(page, 'finance-order');
      const payments = (await (await order.admin.get(`/invoices/${order.id}/payments`)).json()) as { paid: number };
      expect(payments.paid).toBe(500);
    });

    test('the admin creates a role in Funções, gives it to a collaborator, resets her second factor, and the role cannot go while in use', async ({
      page,
      request,
      browser,
    }) => {
      test.setTimeout(120_000);
      const roleName = unique('Vendedor');
      await loginAs(page, 'admin');
      await visit(page, '/');
      const nav = await openMenu(page);
      await nav.getByRole('button', { name: 'Cadastros' }).click();
      await nav.getByRole('link', { name: 'Funções' }).click();
      await expect(page.getByRole('heading', { name: 'Funções' })).toBeVisible();
      const builtIn = page.getByRole('row').filter({ hasText: 'Atendente' });
      await expect(builtIn).toContainText('Do sistema');
      await shot(page, 'roles-list');

      // A built-in role is shown, not changed.
      await builtIn.getByRole('link', { name: 'Atendente' }).click();
      await expect(page.getByRole('heading', { name: /Função: Atendente/ })).toBeVisible();
      await expect(page.getByLabel('Ver clientes', { exact: true })).toBeChecked();
      await expect(page.getByLabel('Ver clientes', { exact: true })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Remover' })).toHaveCount(0);
      await shot(page, 'role-built-in');

      await visit(page, '/roles/new');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Este campo é obrigatório')).toBeVisible();
      await page.getByLabel('Nome').fill(roleName);
      // What every role holds is checked and locked.
      await expect(page.getByLabel('Receber as próprias notificações')).toBeChecked();
      await expect(page.getByLabel('Receber as próprias notificações')).toBeDisabled();
      await page
        .getByRole('group', { name: /Orçamentos/ })
        .getByRole('button', { name: 'Marcar todas' })
        .click();
      await page.getByLabel('Ver clientes', { exact: true }).check();
      await page.getByLabel('Ver preços', { exact: true }).check();
      await shot(page, 'role-new');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Função cadastrada com sucesso')).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: roleName });
      await expect(row).toContainText('Personalizada');
      await expect(row).toContainText('0');

      // A new collaborator gets the role from the form.
      const email = `${unique('vendedor').replace(/\s+/g, '-').toLowerCase()}@teste.com.br`;
      const userName = unique('Vera Vendedora');
      await visit(page, '/admin/users/new');
      await page.getByLabel('Nome').fill(userName);
      await page.getByLabel('Perfil').selectOption({ label: roleName });
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill('senha-da-vera');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Colaborador cadastrado com sucesso')).toBeVisible();
      await expect(page.getByLabel('Perfil').locator('option:checked')).toHaveText(roleName);

      // She turns on two-step sign-in, loses her phone; the admin removes it from her screen.
      await enrolTwoFactor(request, await apiLogin(request, email, 'senha-da-vera'));
      const withCode = await request.post('/api/login', { data: { username: email, password: 'senha-da-vera' } });
      expect(await withCode.json()).toMatchObject({ twoFactorRequired: true });
      await visit(page);
      const security = page.getByRole('region', { name: 'Verificação em duas etapas' });
      await expect(security).toBeVisible({ timeout: 30_000 });
      await shot(page, 'user-edit');
      await security.getByRole('button', { name: 'Remover a verificação em duas etapas' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remover', exact: true }).click();
      await expect(page.getByText('Verificação em duas etapas removida.')).toBeVisible();
      // Her password alone signs her in again; removing it once more says it is not on.
      await apiLogin(request, email, 'senha-da-vera');
      await security.getByRole('button', { name: 'Remover a verificação em duas etapas' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remover', exact: true }).click();
      await expect(security).toContainText('A verificação em duas etapas não está ativada.');

      // The role lists her, and refuses to go while she holds it.
      const role = await roleOf(request, { name: roleName });
      await visit(page, `/roles/${role.id}/edit`);
      const holders = page.getByRole('region', { name: /Quem tem esta função/ });
      await expect(holders.getByRole('link', { name: userName })).toBeVisible();
      await page.getByRole('button', { name: 'Remover' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remover', exact: true }).click();
      await expect(holders).toContainText('A função está atribuída a usuários');
      await shot(page, 'role-in-use');

      // She sees what the role holds: estimates and customers, no service orders, no registers.
      const context = await browser.newContext();
      const hers = await context.newPage();
      await loginAs(hers, email, 'senha-da-vera');
      await visit(hers, '/estimates');
      const herNav = await openMenu(hers);
      await expect(hers.getByRole('heading', { name: 'Orçamentos' })).toBeVisible();
      await expect(herNav.getByRole('link', { name: 'Clientes' })).toBeVisible();
      await expect(herNav.getByRole('link', { name: 'Ordens de Serviço' })).toHaveCount(0);
      await expect(herNav.getByRole('button', { name: 'Cadastros' })).toHaveCount(0);
      await context.close();

      // Once nobody holds it, it goes.
      const admin = await apiAs(request, 'admin');
      const technician = await roleOf(request, { builtIn: 'technician' });
      const users = (await (await admin.get('/roles/' + role.id)).json()).users as Array<{ id: number }>;
      const demo = `/api${admin.org.replace('/api', '/admin')}/users/${users[0]!.id}`;
      const current = await (await request.get(demo, { headers: { authorization: `Bearer ${admin.token}` } })).json();
      const moved = await request.put(demo, {
        headers: { authorization: `Bearer ${admin.token}` },
        data: { name: current.name, email: current.email, roleId: technician.id, plainPassword: '' },
      });
      expect(moved.status(), await moved.text()).toBe(200);
      await visit(page);
      await page.getByRole('button', { name: 'Remover' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remover', exact: true }).click();
      await expect(page.getByText('Função removida com sucesso')).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: roleName })).toHaveCount(0);
    });
  });
}
