import { formatMoney } from '@ordem-certa/contracts';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCompany } from '../fixtures/companies.ts';

test("'Materiais incluídos no valor do serviço': the order's NFS-e section says what the note covers, with the amount", async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  // A company of its own: its fiscal setting changes no other spec's orders.
  const company = await newCompany(admin, unique('Peças à Parte Ltda'));
  const order = (await (
    await admin.post('/invoices', { company: company.id, customer: 1, transactionNature: 1 })
  ).json()) as { id: number };
  expect((await admin.post(`/invoices/${order.id}/services`, { service: 4, quantity: 1 })).status()).toBe(201);
  const part = await admin.post('/products', { name: unique('Capacitor 35 µF'), price: 48.9 });
  expect(part.status(), await part.text()).toBe(201);
  const line = await admin.post(`/invoices/${order.id}/products`, { product: (await part.json()).id, quantity: 2 });
  expect(line.status(), await line.text()).toBe(201);
  expect((await admin.post(`/invoices/${order.id}/start`)).status()).toBe(200);
  expect((await admin.post(`/invoices/${order.id}/complete`)).status()).toBe(200);
  const { price } = (await (await admin.get('/services/4')).json()) as { price: number };

  await loginAs(page, 'admin');
  await page.goto(`/companies/${company.id}/edit`);
  await page.getByRole('tab', { name: 'Fiscal (NFS-e)' }).click();
  const materials = page.getByLabel('Materiais incluídos no valor do serviço');
  await expect(materials).toHaveValue('true');
  await page.getByLabel('Município (código IBGE)').fill('3550308');
  await page.getByLabel('Código de tributação nacional').fill('14.01.01');
  await materials.selectOption({ label: 'Não' });
  await page.getByRole('button', { name: 'Salvar dados fiscais' }).click();
  await expect(page.getByText('Dados fiscais salvos')).toBeVisible();

  await page.goto(`/invoices/${order.id}/edit`);
  const covers = page.getByRole('region', { name: 'NFS-e' }).getByTestId('nfse-covers');
  await expect(covers).toHaveText(
    `A NFS-e cobre só os serviços: ${formatMoney(price)} · os materiais (${formatMoney(97.8)}) ficam fora da nota`,
  );

  await page.goto(`/companies/${company.id}/edit?tab=fiscal`);
  await expect(materials).toHaveValue('false');
  await materials.selectOption({ label: 'Sim' });
  await page.getByRole('button', { name: 'Salvar dados fiscais' }).click();
  await expect(page.getByText('Dados fiscais salvos')).toBeVisible();
  await page.goto(`/invoices/${order.id}/edit`);
  await expect(covers).toHaveText(`A NFS-e cobre os serviços e os materiais: ${formatMoney(price + 97.8)}`);
});
