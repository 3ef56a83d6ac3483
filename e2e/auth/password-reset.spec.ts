import { apiAs, expect, test, unique } from '../fixtures/index.ts';
import { receivedTextFor } from '../fixtures/inbox.ts';

test('forgotten password: ask on /login, open the e-mailed link, set a new one, log in with it; the link works once', async ({
  page,
  request,
  browser,
}) => {
  // A fresh collaborator, so the demo logins keep their password.
  const admin = await apiAs(request, 'admin');
  const email = `${unique('esqueci').replace(/\s+/g, '-').toLowerCase()}@teste.com.br`;
  const created = await request.post(`/api/admin${admin.org.replace('/api', '')}/users`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name: 'Sofia Esquecida', role: 'ROLE_USER', email, plainPassword: 'senha-antiga' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByTestId('reset-requested')).toHaveText(
    'Se o e-mail estiver cadastrado, enviamos um link para criar uma nova senha. Ele vale por 1 hora.',
  );

  const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(await receivedTextFor(email))![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-forte');
  await page.getByLabel('Confirme a nova senha').fill('outra-coisa');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('As senhas não conferem')).toBeVisible();
  await page.getByLabel('Confirme a nova senha').fill('senha-nova-forte');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();

  await expect(page).toHaveURL('/login');
  await expect(page.getByTestId('login-notice')).toHaveText('Senha alterada. Entre com a nova senha.');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('senha-nova-forte');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/');

  // The same link again, in a browser that is not logged in: it was used. (Clearing the logged-in
  // tab's storage instead would turn its home page's next request into a 401, whose reload races
  // the navigation to the link.)
  const context = await browser.newContext();
  const again = await context.newPage();
  await again.goto(link.pathname + link.search);
  await again.getByLabel('Nova senha', { exact: true }).fill('terceira-senha');
  await again.getByLabel('Confirme a nova senha').fill('terceira-senha');
  await again.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(again.getByTestId('reset-invalid')).toContainText(
    'Este link para criar uma nova senha expirou ou já foi usado. Peça um novo.',
  );
  await expect(again.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
  await context.close();
});
