import type { Locator, Page } from '@playwright/test';
import { addDays, occurrenceDate } from '@ordem-certa/contracts';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';

/** Opens a searchable select, types to search the server and picks the option. */
async function pick(scope: Page | Locator, label: string, search: string, option: string | RegExp) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(search);
  await scope.getByRole('option', { name: option }).click();
}

/** 'YYYY-MM-DD' as typed in the date fields. */
const br = (iso: string) => iso.split('-').toReversed().join('/');
/** Today in São Paulo (the browser's and the demo organization's zone). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

test('admin: creates a maintenance plan on /maintenance-plans, generates its orders and opens them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Arrange: a customer with two air conditioners and a checklist (not the behaviour under test).
  const admin = await apiAs(request, 'admin');
  const customerName = unique('Condomínio PMOC');
  const customer = await (
    await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: customerName })
  ).json();
  for (const [name, serialNumber] of [
    ['Split hall 18k', 'PMOC-A1'],
    ['Split sala 12k', 'PMOC-A2'],
  ])
    expect(
      (
        await admin.post(`/customers/${customer.id}/equipments`, { name, brand: 'LG', model: 'Dual', serialNumber })
      ).status(),
    ).toBe(201);
  const checklist = unique('PMOC mensal');
  expect(
    (
      await admin.post('/checklist-templates', { name: checklist, items: [{ label: 'Filtros limpos', kind: 'check' }] })
    ).status(),
  ).toBe(201);

  // The visits: ten days from now and a month later. No lead days, so the server's job leaves them
  // for the button.
  const start = addDays(today(), 10);
  const second = occurrenceDate(start, 'monthly', 1);

  await loginAs(page, 'admin');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'PMOC' }).click();
  await expect(page.getByRole('heading', { name: 'Planos de manutenção (PMOC)' })).toBeVisible();
  await page.getByRole('link', { name: 'Novo plano' }).click();

  await pick(page, 'Empresa', 'Demo', /Demo Refrigeração/);
  await pick(page, 'Cliente', customerName, customerName);
  await pick(page, 'Natureza da Operação', 'Contrato', 'Contrato de manutenção');
  await page.getByLabel(/Split hall 18k/).check();
  await page.getByLabel(/Split sala 12k/).check();
  await page.getByLabel('Periodicidade').selectOption({ label: 'Mensal' });
  await page.getByLabel('Primeira manutenção').fill(br(start));
  await page.getByLabel('Gerar a ordem de serviço com quantos dias de antecedência').fill('0');
  await pick(page, 'Checklist', checklist, checklist);
  await pick(page, 'Técnico', 'João', /Técnico João da Silva/);
  await page.getByRole('button', { name: 'Adicionar serviço' }).click();
  await pick(page, 'Serviço 1', 'Limpeza e higien', /Limpeza e higienização de split/);
  await page.getByLabel('Quantidade do serviço 1').fill('2');
  await page.getByLabel('Nome do engenheiro responsável').fill('Eng. Marta Quintela');
  await page.getByLabel('Registro (CREA/CFT)').fill('CREA-SP 5062345678');
  await page.getByLabel('Nº da ART').fill('28027230201234567');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page.getByText('Plano de manutenção criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/maintenance-plans\/\d+$/);
  const planId = Number(/\/maintenance-plans\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: `Plano de manutenção nº ${planId}` })).toBeVisible();
  const visits = page.getByRole('list', { name: 'Manutenções do plano' });
  // Nothing generated yet: the next three visits, each with the day its order will be made.
  await expect(visits.getByText(`OS será gerada em ${br(start)}`)).toBeVisible();
  await expect(visits.getByRole('link')).toHaveCount(0);

  await page.getByRole('button', { name: 'Gerar ordens de serviço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gerar ordens de serviço' });
  await dialog.getByLabel('Gerar as manutenções até').fill(br(addDays(start, 35)));
  await dialog.getByRole('button', { name: 'Gerar', exact: true }).click();
  await expect(page.getByText('2 ordens de serviço geradas')).toBeVisible();

  // The two visits now have their orders, linked from the plan.
  const orders = visits.getByRole('link', { name: /^OS nº \d+$/ });
  await expect(orders).toHaveCount(2);
  const firstVisit = visits.getByRole('listitem').filter({ hasText: br(start) });
  await expect(firstVisit.getByText('Próxima')).toBeVisible();
  await expect(
    visits
      .getByRole('listitem')
      .filter({ hasText: br(second) })
      .getByRole('link'),
  ).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/shots/maintenance-plan-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The order of the first visit: the plan's equipment, service, technician and checklist, scheduled
  // at 08:00 of the visit's day, and a link back to its plan.
  await firstVisit.getByRole('link', { name: /^OS nº \d+$/ }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
  await expect(page.getByText('Split hall 18k').first()).toBeVisible();
  await expect(page.getByText('Split sala 12k').first()).toBeVisible();
  await expect(page.getByText('Limpeza e higienização de split').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Checklists' }).getByRole('heading', { name: checklist }),
  ).toBeVisible();
  await expect(
    page
      .getByText(`${br(start)} 08:00`)
      .or(page.getByText(`${br(start)}, 08:00`))
      .first(),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Plano de manutenção' }).click();
  await expect(page).toHaveURL(new RegExp(`/maintenance-plans/${planId}$`));

  // The list finds it by the customer.
  await page.goto('/maintenance-plans');
  await page.getByPlaceholder('Digite para pesquisar').fill(customerName);
  await expect(page.getByRole('link', { name: customerName })).toBeVisible();
});
