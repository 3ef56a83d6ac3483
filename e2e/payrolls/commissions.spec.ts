import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { newCompany } from '../fixtures/companies.ts';
import { generateTodaysPayroll, todayBr } from '../fixtures/payrolls.ts';

/** axe-core's serious and critical findings (WCAG 2 A and AA), as e2e/frame/accessibility.spec.ts checks the main screens. */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('commissions: a percentage rule on a collaborator, an order completed, the payroll line computed and explained', async ({
  page,
  request,
}) => {
  // Arrange through the API: a collaborator, a company and a service of their own (so the payroll
  // holds only this order), at a known price.
  const admin = await apiAs(request, 'admin');
  const headers = { authorization: `Bearer ${admin.token}` };
  const usersPath = admin.org.replace('/api/organizations/', '/api/admin/organizations/') + '/users';
  const name = unique('Paula Comissão');
  const user = await (
    await request.post(usersPath, {
      headers,
      data: {
        name,
        role: 'ROLE_USER',
        email: `${name.replace(/\W+/g, '-').toLowerCase()}@teste.com.br`,
        plainPassword: 'senha-da-paula',
      },
    })
  ).json();
  const companyName = unique('Comissões E2E Ltda');
  const company = await newCompany(admin, companyName);
  const customer = await (
    await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: unique('Cliente Comissão') })
  ).json();
  const service = await (await admin.post('/services', { name: unique('Instalação split'), price: 450 })).json();

  // The rule, on the collaborator's screen: 10% of services from today.
  await loginAs(page, 'admin');
  await page.goto(`/admin/users/${user.id}/edit`);
  await page.getByRole('tab', { name: 'Financeiro' }).click();
  await expect(page.getByTestId('pay-rule-current')).toContainText(/Valor fixo por OS: R\$\s0,00 \(regra inicial\)/);
  const form = page.getByRole('form', { name: 'Nova regra de pagamento' });
  await form.getByLabel('Percentual dos serviços e produtos', { exact: true }).check();
  await expect(form.getByLabel('Vale a partir de')).toHaveValue(todayBr());
  await form.getByLabel('Percentual dos serviços', { exact: true }).pressSequentially('10');
  await form.getByRole('button', { name: 'Adicionar regra' }).click();
  await expect(page.getByText('Regra de pagamento salva')).toBeVisible();
  await expect(page.getByTestId('pay-rule-current')).toContainText(
    'Percentual dos serviços e produtos: 10% dos serviços (desde',
  );
  const history = page.getByRole('list', { name: 'Versões da regra' }).getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText('Em vigor');
  await expect(history.last()).toContainText('Regra inicial');
  await expect(page.getByRole('tabpanel', { name: 'Financeiro' })).toHaveCSS('opacity', '1');
  expect(await seriousViolations(page), 'Financeiro').toEqual([]);

  // An order with the service, the collaborator on it, completed today.
  const order = await (
    await admin.post('/invoices', { company: company.id, customer: customer.id, transactionNature: 1 })
  ).json();
  expect((await admin.post(`/invoices/${order.id}/services`, { service: service.id, quantity: 1 })).status()).toBe(201);
  expect((await admin.post(`/invoices/${order.id}/workers`, { worker: user.id })).status()).toBe(201);
  expect((await admin.post(`/invoices/${order.id}/start`)).ok()).toBe(true);
  expect((await admin.post(`/invoices/${order.id}/complete`)).ok()).toBe(true);

  // Generate the payroll of today for the company.
  await page.goto('/payrolls');
  await generateTodaysPayroll(page, companyName);

  // One line: 10% of R$ 450,00, with how it was computed.
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText(/R\$\s45,00/);
  await expect(rows.first().getByRole('listitem')).toHaveText([/^10% de R\$\s450,00 em serviços = R\$\s45,00$/]);
  await expect(page.getByTestId('payroll-summary')).toContainText(/Total\s*R\$\s45,00/);
  expect(await seriousViolations(page), 'payroll').toEqual([]);
});
