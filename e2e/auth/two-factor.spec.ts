import { Secret, TOTP } from 'otpauth';
import { apiAs, expect, test, unique } from '../fixtures/index.ts';

/** The authenticator app: the code of `secret` for a moment `offsetMs` from now. */
const codeFor = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetMs,
  });

test.describe('two-step sign-in', () => {
  test('an admin turns it on in the profile and then logs in with a generated code', async ({
    browser,
    request,
  }, info) => {
    // A fresh admin of the demo organization, so other specs' logins as the demo admin are untouched.
    const demo = await apiAs(request, 'admin');
    const email = `${unique('duas-etapas').replace(/\s+/g, '-').toLowerCase()}@teste.com.br`;
    const created = await request.post(`/api${demo.org.replace('/api', '/admin')}/users`, {
      headers: { authorization: `Bearer ${demo.token}` },
      data: { name: 'Admin Duas Etapas', role: 'ROLE_ADMIN', email, plainPassword: 'senha-segura-2fa' },
    });
    expect(created.status(), await created.text()).toBe(201);

    const context = await browser.newContext();
    const page = await context.newPage();
    const signInWithPassword = async () => {
      await page.goto('/login');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill('senha-segura-2fa');
      await page.getByRole('button', { name: 'Entrar' }).click();
    };
    await signInWithPassword();
    await expect(page.getByRole('button', { name: 'Admin Duas Etapas' })).toBeVisible();

    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Segurança' }).click();
    await page.getByRole('button', { name: 'Ativar a verificação em duas etapas' }).click();
    await expect(page.getByTestId('two-factor-qr')).toBeVisible();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!;
    await page.getByLabel('Código').fill('000000');
    await page.getByRole('button', { name: 'Ativar', exact: true }).click();
    await expect(page.getByText('Código inválido')).toBeVisible();
    await page.getByLabel('Código').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Ativar', exact: true }).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await expect(page.getByTestId('two-factor-card').getByText('Ativada', { exact: true })).toBeVisible();
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    await expect(page.getByText('Esta sessão')).toBeVisible();
    for (const [name, width] of [
      ['desktop', 1280],
      ['375', 375],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: info.outputPath(`profile-security-${name}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // A new login asks for the code after the password; one from a phone 30 s ahead works.
    await page.evaluate(() => localStorage.clear());
    await signInWithPassword();
    await expect(page.getByText('Digite o código de 6 dígitos')).toBeVisible();
    await expect(page.getByLabel('Lembrar este navegador por 30 dias')).toBeVisible();
    for (const [name, width] of [
      ['desktop', 1280],
      ['375', 375],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: info.outputPath(`login-second-step-${name}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Código').fill('123456');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText('Código inválido')).toBeVisible();
    await page.getByLabel('Código').fill(codeFor(secret, 30_000));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByRole('button', { name: 'Admin Duas Etapas' })).toBeVisible();
    await context.close();
  });
});
