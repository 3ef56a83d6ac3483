import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { newCompany } from '../fixtures/companies.ts';

test("the company's WhatsApp message carries the order's signing link to the customer's mobile; a landline says why not", async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const companyName = unique('Empresa Zap');
  const company = await newCompany(admin, companyName, { alias: 'Zap' });
  /** An order of the company for a new customer with this phone. */
  const order = async (phone: string) => {
    const customerRes = await admin.post('/customers', {
      type: 2,
      identifier: newCpf().raw,
      name: unique('Cliente Zap'),
      phone,
    });
    expect(customerRes.status(), await customerRes.text()).toBe(201);
    const customer: { id: number; name: string } = await customerRes.json();
    const orderRes = await admin.post('/invoices', {
      company: company.id,
      customer: customer.id,
      transactionNature: 1,
    });
    expect(orderRes.status(), await orderRes.text()).toBe(201);
    const created: { id: number; number: number } = await orderRes.json();
    return { ...created, customer };
  };
  const mobile = await order('(11) 98765-4321');
  const landline = await order('(11) 3456-7890');

  // The company's own message, written on its WhatsApp tab.
  await loginAs(page, 'admin');
  await page.goto(`/companies/${company.id}/edit?tab=whatsapp`);
  const template = page.getByLabel('Mensagem da ordem de serviço');
  await template.fill('Oi {{cliente}}, OS {{numero}}');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('A mensagem deve conter {{link}}, para o cliente receber o link')).toBeVisible();
  await template.fill('Oi {{cliente}}, OS {{numero}} da {{empresa}}. Assine: {{link}}');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Mensagens do WhatsApp salvas')).toBeVisible();

  await page.goto(`/invoices/${mobile.id}/edit`);
  const toolbar = page.getByRole('toolbar', { name: 'Ações da ordem de serviço' });
  const link = toolbar.getByRole('link', { name: 'Enviar pelo WhatsApp' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
  const text = new URL(href!).searchParams.get('text')!;
  const signLink = new RegExp(
    `^Oi ${mobile.customer.name}, OS ${mobile.number} da ${companyName}\\. Assine: ` +
      `${page.url().split('/invoices/')[0]}/invoices/${mobile.id}/sign\\?token=[\\w-]+$`,
  );
  expect(text).toMatch(signLink);

  // It opens in a new tab (wa.me answered here: the machine is offline).
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  const opened = new URL(tab.url());
  expect(opened.origin + opened.pathname).toBe('https://wa.me/5511987654321');
  expect(opened.searchParams.get('text')).toBe(text);
  await tab.close();

  await page.goto(`/invoices/${landline.id}/edit`);
  await expect(toolbar.getByRole('button', { name: 'Enviar pelo WhatsApp' })).toBeDisabled();
  await expect(toolbar.getByText('Celular do cliente inválido', { exact: true })).toBeVisible();
});
