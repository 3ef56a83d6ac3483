import { apiAs, expect, test, unique } from '../fixtures/index.ts';
import { addLines, moveEstimate, openEstimateEmail } from '../fixtures/estimates.ts';
import { newCompany } from '../fixtures/companies.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { receivedFor } from '../fixtures/inbox.ts';

test("the estimate's e-mail greets the customer, names the company by its nome fantasia and carries the approval link, which opens the estimate", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiAs(request, 'admin');
  const stamp = Date.now().toString(36);
  const alias = unique('Climatização Ágil');
  const company = await newCompany(admin, unique('Ágil Refrigeração Ltda'), {
    alias,
    email: `contato.${stamp}@agil.com.br`,
  });
  const email = `joana.${stamp}@exemplo.com.br`;
  const customer = await (
    await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: unique('Joana Conceição'), email })
  ).json();
  const created = await admin.post('/estimates', { company: company.id, customer: customer.id, transactionNature: 1 });
  expect(created.status(), await created.text()).toBe(201);
  const estimate = (await created.json()) as { id: number; number: number };
  await addLines(admin, estimate.id, 1);
  await moveEstimate(admin, estimate.id, 1);

  const dialog = await openEstimateEmail(page, estimate.id, email);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('O Orçamento foi enviado').first()).toBeVisible({ timeout: 20_000 });

  const mail = await receivedFor(email);
  expect(mail.subject).toBe(`Orçamento nº ${estimate.number} — ${alias}`);
  expect(mail.from?.value[0]).toMatchObject({ name: alias, address: `contato.${stamp}@agil.com.br` });
  const text = mail.text ?? '';
  expect(text).toContain('Olá, Joana!');
  expect(text).toMatch(/no valor de R\$\s[\d.]+,\d{2}, válido até \d{2}\/\d{2}\/\d{4}/);
  const link = /https?:\/\/[^\s)]+\/estimates\/\d+\/review\?token=[^\s)]+/.exec(text)?.[0];
  expect(link, text).toContain(`/estimates/${estimate.id}/review?token=`);
  expect(mail.html || '').toContain(`href="${link}"`);

  // The customer opens the link on a phone, without a login.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const customerPage = await phone.newPage();
  await customerPage.goto(link!);
  await expect(customerPage.getByRole('heading', { name: `Orçamento nº ${estimate.number}` })).toBeVisible();
  await expect(customerPage.getByText(customer.name, { exact: true })).toBeVisible();
  await expect(customerPage.getByRole('button', { name: 'Aprovar', exact: true })).toBeVisible();
  await phone.close();
});
