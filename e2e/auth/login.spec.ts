import { expect, loginAs, test, users, DEMO_PASSWORD } from '../fixtures/index.ts';

test.describe('login', () => {
  test('logs in through the form and lands on the home page', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Ordem Certa');
    await expect(page.getByRole('heading', { name: 'Ordem Certa' })).toBeVisible();
    await page.getByLabel('E-mail').fill(users.admin);
    await page.getByLabel('Senha').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL('/');
    // An admin's home is the three service-order cards.
    await expect(page.getByRole('heading', { name: 'Serviços não concluídos' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeTruthy();
  });

  test("'Esqueci minha senha' pressed while the empty e-mail has the focus: the message the e-mail gets on being left moves nothing, the press opens the page", async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel('E-mail')).toBeFocused();
    const link = page.getByRole('link', { name: 'Esqueci minha senha' });
    const box = (await link.boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // The press takes the focus from the e-mail, which is then checked; the release comes only once
    // its message is on the screen (a slow machine's order of events), where the press began.
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await expect(page.getByText('Este campo é obrigatório')).toBeVisible();
    expect((await link.boundingBox())!.y).toBe(box.y);
    await page.mouse.up();
    await expect(page).toHaveURL('/forgot-password');
  });

  test('wrong password shows the 401 message under the button', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(users.worker);
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('E-mail ou senha incorretos');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('any other failure shows the generic message', async ({ page }) => {
    await page.route('**/api/login', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(users.admin);
    await page.getByLabel('Senha').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Tente novamente mais tarde ou entre em contato');
  });

  test('too many attempts: 429 with its message', async ({ page }) => {
    const email = `bloqueio-${Date.now()}@demo.com.br`;
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('errada');
    for (let i = 0; i < 5; i++) {
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByTestId('login-error')).toHaveText('E-mail ou senha incorretos');
    }
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByTestId('login-error')).toHaveText(
      'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
    );
  });

  test('the e-mailed unlock link: the page says so and the login carries it to the server', async ({ page }) => {
    await page.goto('/login?desbloqueio=token-do-email');
    await expect(page.getByTestId('login-unlock')).toHaveText('Link de desbloqueio: entre com sua senha, sem esperar.');
    await page.getByLabel('E-mail').fill(users.admin);
    await page.getByLabel('Senha').fill(DEMO_PASSWORD);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/login'));
    await page.getByRole('button', { name: 'Entrar' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ username: users.admin, unlock: 'token-do-email' });
    // A link that is not valid only skips no wait: the right password still gets in.
    await expect(page).toHaveURL('/');
  });

  test('empty fields are flagged on the fields, nothing is sent', async ({ page }) => {
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/login')) sent = true;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Este campo é obrigatório')).toHaveCount(2);
    expect(sent).toBe(false);
  });

  test('a protected page sends to /login and back to the origin after login', async ({ page }) => {
    await page.goto('/invoices?x=1');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill(users.admin);
    await page.getByLabel('Senha').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL('/invoices?x=1');
  });

  test('an address no page answers is "Página não encontrada" also without a session; a real page still asks to log in', async ({
    page,
  }) => {
    await page.goto('/pagina-que-nao-existe');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expect(page).toHaveURL('/pagina-que-nao-existe');
    await page.goto('/customers');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a logged-in visitor of /login is sent to /', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/login');
    await expect(page).toHaveURL('/');
  });

  test('logout clears the token and returns to /login', async ({ page }) => {
    await loginAs(page, 'worker');
    await page.goto('/');
    await page.evaluate(() => sessionStorage.setItem('e2e-logged-out', '1'));
    await page.getByRole('button', { name: 'Técnico João da Silva' }).click();
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    await page.goto('/invoices');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a 401 from the API removes the token and reloads into /login', async ({ page }) => {
    await page.addInitScript(() => {
      // A well-formed token the server will refuse (wrong signature).
      if (sessionStorage.getItem('e2e-logged-out')) return;
      sessionStorage.setItem('e2e-logged-out', '1');
      const b = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const payload = {
        sub: '1',
        name: 'Ana',
        email: 'admin@demo.com.br',
        roles: ['ROLE_ADMIN'],
        organizationId: 1,
        exp: 4102444800,
      };
      localStorage.setItem('jwt', `${b({ alg: 'HS256' })}.${b(payload)}.invalid`);
    });
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
  });
});
