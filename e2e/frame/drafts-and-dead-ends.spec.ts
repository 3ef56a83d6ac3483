import type { Page } from '@playwright/test';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 740 } },
] as const;

/** A menu entry, opening the collapsed menu first on a phone. */
async function openMenu(page: Page, label: string) {
  const toggle = page.locator('.navbar-toggler');
  if (await toggle.isVisible()) await toggle.click();
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

for (const size of sizes) {
  test.describe(`drafts and dead ends (${size.name})`, () => {
    test.use({ viewport: size.viewport });
    // Reloads on a loaded 2-core machine: more time than a usual test.
    test.setTimeout(120_000);

    test('a reload in the middle of a new customer gives the typed text back, which can be discarded', async ({
      page,
    }) => {
      await loginAs(page, 'admin');
      await page.goto('/customers/new');
      const name = unique('Rascunho E2E Ltda');
      await page.getByLabel('Razão Social').fill(name);
      await page.getByLabel('E-mail').fill('rascunho@e2e.com.br');
      // Leaving with unsaved text: the browser asks first; the test answers "leave".
      const asked: string[] = [];
      page.on('dialog', (d) => {
        asked.push(d.type());
        void d.accept();
      });
      await page.reload();
      await expect(page.getByText('Rascunho restaurado')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByLabel('Razão Social')).toHaveValue(name);
      await expect(page.getByLabel('E-mail')).toHaveValue('rascunho@e2e.com.br');
      expect(asked).toEqual(['beforeunload']);

      // Inside the app, a link asks too; staying keeps the text.
      await openMenu(page, 'Clientes');
      const dialog = page.getByRole('dialog', { name: 'Sair sem salvar?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(page.getByLabel('Razão Social')).toHaveValue(name);

      await page.getByRole('button', { name: 'Descartar rascunho' }).click();
      await expect(page.getByLabel('Razão Social')).toHaveValue('');
      await expect(page.getByText('Rascunho restaurado')).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Novo cliente' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByLabel('Razão Social')).toHaveValue('');
    });

    test('a code file missing after a deploy reloads once, then shows the pt-BR recovery page', async ({ page }) => {
      await loginAs(page, 'admin');
      await page.goto('/');
      // The menu is there (folded on a phone) once the user is known.
      await expect(page.locator('#nav-registers')).toBeAttached({ timeout: 20_000 });
      // The deploy: the audit log screen's code file of the build this page came from is gone.
      const gone = '**/assets/audit-logs-page-*.js';
      await page.route(gone, (route) => route.fulfill({ status: 404, body: 'Not found' }));
      let documents = 0;
      page.on('request', (r) => {
        if (r.resourceType() === 'document') documents += 1;
      });
      const seen: string[] = [];
      page.on('framenavigated', (f) => {
        if (f === page.mainFrame()) seen.push(f.url());
      });
      await openMenu(page, 'Logs');
      await expect(page.getByRole('heading', { name: 'Algo deu errado' }))
        .toBeVisible({ timeout: 20_000 })
        .catch((err: unknown) => {
          // What the page went through, for a failure that could not be reproduced so far.
          throw new Error(`${String(err)}\nat ${page.url()}; documents ${documents}; navigations ${seen.join(' → ')}`);
        });
      // One automatic reload, no more.
      expect(documents).toBe(1);
      await expect(page.getByText(/developer/i)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Voltar ao início' })).toBeVisible();
      // The menu frame stays around the page.
      await expect(page.getByRole('link', { name: 'Ordem Certa' })).toBeVisible();

      // Once the file is there again, 'Tentar novamente' opens the screen.
      await page.unroute(gone);
      await page.getByRole('button', { name: 'Tentar novamente' }).click();
      await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible({ timeout: 20_000 });
      expect(documents).toBe(2);
    });

    test('offline, a list says "Sem conexão" and recovers with \'Tentar novamente\'', async ({ page, context }) => {
      await loginAs(page, 'admin');
      const admin = await apiAs(page.request, 'admin');
      const { data } = (await (await admin.get('/customers?take=1')).json()) as { data: Array<{ name: string }> };
      const term = data[0]!.name.slice(0, 8);
      await page.goto('/customers');
      const rows = page.getByRole('table').locator('tbody tr');
      await expect(rows.first()).toContainText(data[0]!.name, { timeout: 20_000 });

      await context.setOffline(true);
      await page.getByRole('button', { name: 'Filtros' }).click();
      await page.getByLabel('Pesquisar').fill(term);
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await expect(page.getByRole('alert', { name: 'Sem conexão' })).toBeVisible();
      await expect(page.getByText('Carregando...')).toHaveCount(0);
      await expect(page.getByText('Nenhum registro')).toHaveCount(0);

      // Back online but the server still out of reach: the notice stays until the retry succeeds.
      await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
      await context.setOffline(false);
      await expect(page.getByRole('alert', { name: 'Sem conexão' })).toBeVisible();
      await page.unroute('**/api/**');
      await page.getByRole('button', { name: 'Tentar novamente' }).click();
      await expect(page.getByRole('alert', { name: 'Sem conexão' })).toHaveCount(0);
      await expect(rows.first()).toContainText(term);
    });
  });
}

test.describe('dates in an English browser', () => {
  test.use({ locale: 'en-US', viewport: { width: 375, height: 740 } });

  test('date fields still show and take dd/mm/aaaa', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/reports');
    await page.getByRole('link', { name: /Ordens de serviço por período e situação/ }).click();
    const from = page.getByLabel('Aberta a partir de');
    await expect(from).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await expect(from).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await from.fill('05/03/2026');
    await expect(from).toHaveValue('05/03/2026');
    await page.getByRole('button', { name: 'Abrir calendário' }).first().click();
    await expect(page.getByRole('button', { name: '5 de março de 2026', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press('Escape');
    await from.fill('31/02/2026');
    await from.blur();
    await expect(page.getByText('Data inválida: use dd/mm/aaaa com uma data que exista')).toBeVisible();
  });
});
