import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { startedOrder } from '../fixtures/orders.ts';
import { addLines, newEstimate } from '../fixtures/estimates.ts';

/** axe-core's serious and critical findings on the page as it is now (WCAG 2 A and AA rules). */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const [label, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['375', { width: 375, height: 812 }],
] as const) {
  test.describe(`main screens at ${label} px`, () => {
    test.use({ viewport });

    test('admin: home, orders, an order, customers, requests, import, profile, dashboard', async ({
      page,
      request,
    }) => {
      test.slow(); // ten pages, each analysed by axe
      const { id } = await startedOrder(request, { label: 'Cliente A11y' });
      await loginAs(page, 'admin');
      for (const [path, ready] of [
        ['/', page.getByRole('region', { name: 'Serviços não concluídos' }).getByTestId('card-count')],
        ['/invoices', page.getByTestId('pagination')],
        [`/invoices/${id}/edit`, page.getByRole('region', { name: 'Atendimento' })],
        ['/customers', page.getByTestId('pagination')],
        ['/service-requests', page.getByTestId('pagination')],
        ['/agenda', page.getByRole('region', { name: 'Agenda do dia' })],
        ['/checklist-templates', page.getByTestId('pagination')],
        ['/import', page.getByLabel('O que importar')],
        ['/painel', page.getByTestId('fig-nps')],
        ['/profile', page.getByRole('tab', { name: 'Assinatura' })],
      ] as const) {
        await page.goto(path);
        await expect(ready).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await page.getByRole('tab', { name: 'Assinatura' }).click();
      // The tab fades in: axe must see it shown, not half transparent (its colours then fail contrast).
      await expect(page.getByRole('tabpanel', { name: 'Assinatura' })).toHaveCSS('opacity', '1');
      expect(await seriousViolations(page), '/profile Assinatura').toEqual([]);
    });

    test('admin: the maintenance plans and a plan with its visits', async ({ page, request }) => {
      const admin = await apiAs(request, 'admin');
      const customer = await (
        await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: unique('Cliente A11y PMOC') })
      ).json();
      const equipment = await (
        await admin.post(`/customers/${customer.id}/equipments`, {
          name: 'Split 12k',
          brand: 'LG',
          model: 'Dual',
          serialNumber: 'A11Y-1',
        })
      ).json();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const plan = await (
        await admin.post('/maintenance-plans', {
          company: 1,
          customer: customer.id,
          transactionNature: 1,
          equipments: [equipment.id],
          frequency: 'monthly',
          startDate: today,
          leadDays: 0,
          services: [{ service: 4, quantity: 1 }],
        })
      ).json();
      expect((await admin.post(`/maintenance-plans/${plan.id}/generate`, { until: today })).status()).toBe(200);
      await loginAs(page, 'admin');
      await page.goto('/maintenance-plans');
      await expect(page.getByTestId('pagination')).toBeVisible();
      expect(await seriousViolations(page), '/maintenance-plans').toEqual([]);
      await page.goto(`/maintenance-plans/${plan.id}`);
      await expect(page.getByRole('list', { name: 'Manutenções do plano' }).getByRole('link')).toHaveCount(1);
      expect(await seriousViolations(page), '/maintenance-plans/{id}').toEqual([]);
    });

    test('admin: the contracts, a contract with its charges, and the late ones', async ({ page, request }) => {
      const admin = await apiAs(request, 'admin');
      const customer = await (
        await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: unique('Cliente A11y Contrato') })
      ).json();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const contract = await (
        await admin.post('/contracts', {
          company: 1,
          customer: customer.id,
          amount: 480,
          billingDay: Number(today.slice(8)),
          startDate: today,
          readjustmentIndex: 'IPCA',
        })
      ).json();
      await loginAs(page, 'admin');
      await page.goto('/contracts');
      await expect(page.getByTestId('contracts-summary')).toBeVisible();
      expect(await seriousViolations(page), '/contracts').toEqual([]);
      await page.goto(`/contracts/${contract.id}`);
      await expect(page.getByRole('region', { name: 'Cobranças' })).toBeVisible();
      expect(await seriousViolations(page), '/contracts/{id}').toEqual([]);
      await page.goto('/contracts/overdue');
      await expect(page.getByTestId('overdue-summary')).toBeVisible();
      expect(await seriousViolations(page), '/contracts/overdue').toEqual([]);
    });

    test('admin: the products with their stock, and a product with its movements', async ({ page }) => {
      await loginAs(page, 'admin');
      await page.goto('/products');
      await expect(page.getByTestId('pagination')).toBeVisible();
      expect(await seriousViolations(page), '/products').toEqual([]);
      // Demo product 3 is below its minimum: its badge and the stock card are on the page.
      await page.goto('/products/3/edit');
      await expect(page.getByRole('region', { name: 'Estoque' }).getByTestId('stock-quantity')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Estoque' }).getByTestId('pagination')).toBeVisible();
      expect(await seriousViolations(page), '/products/{id}/edit').toEqual([]);
    });

    test('admin: the expenses with the form open, and the cash flow with its chart', async ({ page, request }) => {
      const admin = await apiAs(request, 'admin');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      await admin.post('/expenses', {
        description: unique('Aluguel A11y'),
        category: 'Aluguel',
        amount: 1800,
        dueDate: today,
        paidAt: null,
      });
      await loginAs(page, 'admin');
      await page.goto('/expenses');
      await expect(page.getByTestId('pagination')).toBeVisible();
      expect(await seriousViolations(page), '/expenses').toEqual([]);
      await page.getByRole('button', { name: 'Nova despesa' }).click();
      await expect(page.getByRole('dialog', { name: 'Nova despesa' })).toHaveCSS('opacity', '1');
      expect(await seriousViolations(page), '/expenses (form)').toEqual([]);
      await page.goto('/reports/cash-flow');
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await expect(page.getByRole('figure', { name: 'Fluxo de caixa' }).locator('canvas')).toBeVisible();
      expect(await seriousViolations(page), '/reports/cash-flow').toEqual([]);
    });

    test('collaborator on an order, and the customer on the signing page', async ({ page, request, browser }) => {
      const { id, admin } = await startedOrder(request, { label: 'Cliente A11y', withWorker: true });
      await loginAs(page, 'worker');
      await page.goto(`/invoices/${id}/edit`);
      await expect(page.getByRole('region', { name: 'Atendimento' })).toBeVisible();
      expect(await seriousViolations(page), 'order (collaborator)').toEqual([]);

      const { signUrl } = await (await admin.get(`/invoices/${id}`)).json();
      const context = await browser.newContext({ viewport, locale: 'pt-BR' });
      const customer = await context.newPage();
      await customer.goto(signUrl);
      await customer.getByRole('button', { name: 'Ver valores' }).click();
      await expect(customer.getByTestId('public-total')).toBeVisible();
      expect(await seriousViolations(customer), 'signing page').toEqual([]);
      await context.close();
    });

    test('a new shop: the sign-up page, then its home with the e-mail banner and the checklist', async ({ page }) => {
      await page.goto('/cadastro');
      await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
      expect(await seriousViolations(page), '/cadastro').toEqual([]);
      const res = await page.request.post('/api/signup', {
        data: {
          company: { type: 2, identifier: newCpf().raw, name: unique('Oficina A11y') },
          owner: {
            name: 'Dona A11y',
            email: `${unique('a11y').replace(/\s+/g, '-').toLowerCase()}@oficina.com.br`,
            password: 'uma-senha-forte',
          },
        },
      });
      expect(res.status()).toBe(201);
      const { token } = await res.json();
      await page.evaluate((t) => localStorage.setItem('jwt', t), token);
      await page.goto('/');
      await expect(page.getByTestId('first-steps')).toBeVisible();
      await expect(page.getByTestId('verify-email-banner')).toBeVisible();
      expect(await seriousViolations(page), 'new shop home').toEqual([]);
    });

    test('the customer on a shared estimate’s page', async ({ request, browser }) => {
      const { admin, estimate } = await newEstimate(request, 'Cliente A11y Link');
      await addLines(admin, estimate.id, 1, 1);
      const { url } = await (await admin.post(`/estimates/${estimate.id}/share`, {})).json();
      const context = await browser.newContext({ viewport, locale: 'pt-BR' });
      const customer = await context.newPage();
      await customer.goto(url);
      await expect(customer.getByRole('button', { name: 'Aprovar' })).toBeVisible();
      expect(await seriousViolations(customer), 'shared estimate page').toEqual([]);
      await context.close();
    });
  });
}
