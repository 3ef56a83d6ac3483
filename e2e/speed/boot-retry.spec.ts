import { expect, test } from '@playwright/test';

// The page's own files failing to arrive once (a dropped connection on a phone): the loading line
// says so and offers 'Tentar novamente' instead of turning forever; a start that takes too long
// offers it too, beside the spinner.

/** The app's own scripts (the entry and the files it imports). */
const SCRIPTS = /\/assets\/[^/]+\.js$/;

test("an app file that fails to arrive: the loading line offers 'Tentar novamente', which starts the app", async ({
  page,
}) => {
  let broken = true;
  await page.route(SCRIPTS, (route) => (broken ? route.abort('connectionreset') : route.continue()));
  await page.goto('/login');
  const failed = page.getByRole('alert');
  await expect(failed).toContainText('Não foi possível carregar o aplicativo. Verifique a conexão e tente novamente.');
  const retry = page.getByRole('button', { name: 'Tentar novamente' });
  await expect(retry).toBeVisible();
  broken = false;
  await retry.click();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(retry).toHaveCount(0);
});

test("a start that takes too long: after a few seconds 'Tentar novamente' beside the spinner", async ({ page }) => {
  await page.clock.install();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(SCRIPTS, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await expect(page.getByText('Carregando…', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await page.clock.fastForward(9_000);
  await expect(page.getByText('Carregando… está demorando mais que o normal.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  // The files arrive after all: the app starts and the offer goes with the loading line.
  release();
  await page.clock.runFor(1_000);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
});

test('a started app never shows the offer', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.clock.fastForward(10_000);
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
});
