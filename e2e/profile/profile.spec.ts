import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';

/** A fresh collaborator, so changing a password never touches the demo logins. */
async function newCollaborator(request: import('@playwright/test').APIRequestContext) {
  const api = await apiAs(request, 'admin');
  const email = `${unique('perfil').replace(/\s+/g, '-').toLowerCase()}@teste.com.br`;
  const res = await request.post(`/api/admin${api.org.replace('/api', '')}/users`, {
    headers: { authorization: `Bearer ${api.token}` },
    data: { name: 'Renata Perfil', role: 'ROLE_USER', email, plainPassword: 'senha-antiga' },
  });
  expect(res.status()).toBe(201);
  return email;
}

test.describe('profile', () => {
  test('changes the password, then logs in afresh with the new one', async ({ page, request }) => {
    const email = await newCollaborator(request);
    await loginAs(page, email, 'senha-antiga');
    await page.goto('/');
    await page.getByRole('button', { name: 'Renata Perfil' }).click();
    await page.getByRole('link', { name: 'Perfil' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByLabel('E-mail')).toHaveValue(email);

    await page.getByLabel('Senha atual').fill('senha-antiga');
    await page.getByLabel('Nova senha', { exact: true }).fill('curta');
    await page.getByLabel('Confirmar nova senha').fill('outra');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Este valor é muito curto. Deve ter 8 caracteres ou mais.')).toBeVisible();
    await expect(page.getByText('As senhas não conferem')).toBeVisible();

    await page.getByLabel('Senha atual').fill('errada-123');
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-456');
    await page.getByLabel('Confirmar nova senha').fill('senha-nova-456');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('A senha atual está incorreta')).toBeVisible();

    await page.getByLabel('Nome').fill('Renata Souza');
    await page.getByLabel('Senha atual').fill('senha-antiga');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Perfil alterado com sucesso')).toBeVisible();
    await expect(page.getByLabel('Senha atual')).toHaveValue('');
    // The session follows the new name.
    await expect(page.getByRole('button', { name: 'Renata Souza' })).toBeVisible();

    await page.evaluate(() => sessionStorage.setItem('e2e-logged-out', '1'));
    await page.getByRole('button', { name: 'Renata Souza' }).click();
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('senha-antiga');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('E-mail ou senha incorretos');
    await page.getByLabel('Senha').fill('senha-nova-456');
    await page.getByRole('button', { name: 'Entrar' }).click();
    // Back where the session ended, logged in with the new password and the new name.
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('button', { name: 'Renata Souza' })).toBeVisible();
    await expect(page.getByLabel('Nome')).toHaveValue('Renata Souza');
  });

  test('saves a drawn signature', async ({ page, request }) => {
    const email = await newCollaborator(request);
    await loginAs(page, email, 'senha-antiga');
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Assinatura' }).click();
    const canvas = page.getByTestId('signature-canvas');
    await expect(canvas).toHaveCSS('height', '600px');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Desenhe a assinatura no quadro antes de salvar')).toBeVisible();

    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + 100);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 15, box.y + 100 + (i % 2 ? 30 : -30));
    await page.mouse.up();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Assinatura salva', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Assinatura atual' })).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/,
    );
  });
  test('the private calendar link: made on the profile, it opens the iCalendar feed; disabled, it stops', async ({
    page,
    request,
  }) => {
    const email = await newCollaborator(request);
    await loginAs(page, email, 'senha-antiga');
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Agenda' }).click();
    await page.getByRole('button', { name: 'Criar link da agenda' }).click();
    const url = await page.getByLabel('Seu link da agenda').inputValue();
    expect(url).toMatch(/\/api\/calendar\/[\w-]+\.ics$/);
    const feed = await request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    await page.getByRole('button', { name: 'Desativar link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByRole('button', { name: 'Criar link da agenda' })).toBeVisible();
    expect((await request.get(new URL(url).pathname)).status()).toBe(404);
  });
});
