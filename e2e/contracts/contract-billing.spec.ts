import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { receivedFor } from '../fixtures/inbox.ts';

/** Today in São Paulo (the browser's and the demo organization's zone). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const br = (iso: string) => iso.split('-').toReversed().join('/');

test('admin: creates a contract on /contracts; the job bills its period, due today, and e-mails the charge', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Arrange: a customer with an e-mail (not the behaviour under test).
  const admin = await apiAs(request, 'admin');
  const customerName = unique('Condomínio Contrato');
  const email = `${unique('contrato')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}@exemplo.com.br`;
  expect(
    (await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: customerName, email })).status(),
  ).toBe(201);

  await loginAs(page, 'admin');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('button', { name: 'Financeiro' }).click();
  await nav.getByRole('link', { name: 'Contratos' }).click();
  await expect(page.getByRole('heading', { name: 'Contratos' })).toBeVisible();
  await page.getByRole('link', { name: 'Novo contrato' }).click();

  const pick = async (label: string, search: string, option: string | RegExp) => {
    const box = page.getByLabel(label, { exact: true });
    await box.click();
    await box.fill(search);
    await page.getByRole('option', { name: option }).click();
  };
  await pick('Empresa', 'Demo', /Demo Refrigeração/);
  await pick('Cliente', customerName, customerName);
  await page.getByLabel('Valor por período').fill('750,00');
  await page.getByLabel('Dia de cobrança').fill(String(Number(today().slice(8))));
  await page.getByLabel('Início').fill(br(today()));
  await page.getByLabel('Índice de reajuste anual').fill('IGP-M');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page.getByText('Contrato criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/contracts\/\d+$/);
  const id = Number(/\/contracts\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: `Contrato nº ${id}` })).toBeVisible();

  // The job bills today's period: the screen shows it once the list of charges is read again.
  const charges = page.getByRole('region', { name: 'Cobranças' });
  await expect(async () => {
    await page.reload();
    await expect(charges.getByRole('link', { name: /^OS \d+$/ })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(charges.getByText(br(today()))).toBeVisible();
  await expect(charges.getByText('R$ 750,00')).toBeVisible();
  const orderLink = charges.getByRole('link', { name: /^OS \d+$/ });
  const orderNumber = (await orderLink.textContent())!.replace('OS ', '');

  // Its instalment is on the receivables screen, due today.
  await page.goto('/receivables');
  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByLabel('Cliente').fill(customerName);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row').filter({ hasText: customerName });
  await expect(row.first()).toContainText(orderNumber);
  await expect(row.first()).toContainText(br(today()));
  await expect(row.first()).toContainText('R$ 750,00');

  // The charge reached the customer's mailbox.
  const mail = await receivedFor(email);
  expect(mail.subject).toContain(`contrato nº ${id}`);
  expect(mail.text).toMatch(/R\$\s750,00/);
  expect(mail.text).toContain(br(today()));
});
