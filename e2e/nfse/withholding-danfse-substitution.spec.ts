import { readFileSync } from 'node:fs';
import { makeTestA1 } from '@ordem-certa/nfse-xml/testing';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCnpj } from '../fixtures/identifiers.ts';
import { newCompany } from '../fixtures/companies.ts';
import { addAddress, RUA_AUGUSTA } from '../fixtures/customers.ts';
import { userWithRole } from '../fixtures/team.ts';

// The office's month with a company customer that withholds: the customer's 'Retenções (NFS-e)' set on
// its screen, the order's NFS-e issued with the ISS withheld and the net shown, the DANFSe downloaded,
// the NFS-e substituted, and 'Notas fiscais' listing both. The admin sets the customer up; the office's
// Financeiro does the rest.
test('the NFS-e of a customer that withholds: ISS withheld, DANFSe, substitution, Notas fiscais', async ({
  page: adminPage,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs(request, 'admin');
  // A company of its own, outside the Simples Nacional, so São Paulo's rate (the stand-in's 2 %) applies.
  const company = await newCompany(admin, unique('Refrigeração Retida Ltda'), { alias: 'RR' });
  expect(
    (
      await admin.put(`/companies/${company.id}/fiscal`, {
        municipalityCode: '3550308',
        municipalRegistration: '7654321',
        simplesNacional: 1,
        specialRegime: 0,
        serviceCode: '140101',
        issRate: null,
        environment: 'homologation',
        dpsSeries: '2',
        nextDpsNumber: 1,
      })
    ).status(),
  ).toBe(200);
  const pfx = makeTestA1({ cnpj: company.identifier, password: 'senha-a1', name: 'REFRIGERACAO RETIDA LTDA' });
  const upload = await request.post(`${admin.org}/companies/${company.id}/certificate`, {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: { password: 'senha-a1', file: { name: 'empresa.pfx', mimeType: 'application/x-pkcs12', buffer: pfx } },
  });
  expect(upload.status()).toBe(200);

  // A condominium that withholds, with its address in São Paulo.
  const customerName = unique('Condomínio Jardim');
  const customer = (await (
    await admin.post('/customers', { type: 1, identifier: newCnpj().raw, name: customerName, alias: 'Jardim' })
  ).json()) as { id: number };
  await addAddress(admin, customer.id, RUA_AUGUSTA);

  await loginAs(adminPage, 'admin');
  await adminPage.goto(`/customers/${customer.id}/edit?tab=retencoes`);
  await adminPage.getByLabel('O tomador retém o ISS (ISS retido na fonte)').check();
  await adminPage.getByLabel('IRRF (%)').fill('1,5');
  await adminPage.getByRole('button', { name: 'Salvar retenções' }).click();
  await expect(adminPage.getByText('Retenções do cliente salvas')).toBeVisible();

  const order = (await (
    await admin.post('/invoices', { company: company.id, customer: customer.id, transactionNature: 1 })
  ).json()) as { id: number };
  expect((await admin.post(`/invoices/${order.id}/services`, { service: 4, quantity: 2 })).status()).toBe(201);
  expect((await admin.post(`/invoices/${order.id}/start`)).status()).toBe(200);
  expect((await admin.post(`/invoices/${order.id}/complete`)).status()).toBe(200);
  const total = ((await (await admin.get(`/invoices/${order.id}`)).json()) as { total: number }).total;

  const finance = await userWithRole(request, 'finance', 'Fernanda Financeiro');
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, finance.email, finance.password);
  await page.goto(`/invoices/${order.id}/edit`);
  const card = page.getByRole('region', { name: 'NFS-e' });
  // The first screen of a new session loads the app's code: on a loaded machine past the 7 s default.
  await expect(card.getByTestId('order-withholdings')).toContainText('ISS retido, IRRF 1,5% (do cliente)', {
    timeout: 30_000,
  });
  await card.getByRole('button', { name: 'Emitir NFS-e' }).click();
  await expect(card.getByTestId('nfse-status')).toHaveText('Emitida', { timeout: 30_000 });
  const first = (await card.getByTestId('nfse-number').textContent())!.trim();
  // ISS 2 % and IRRF 1,5 % of the total withheld: the net is what the order expects to receive.
  const withheld = Math.round(total * 2) / 100 + Math.round(total * 1.5) / 100;
  const net = (total - withheld).toLocaleString('pt-BR', { minimumFractionDigits: 2 });
  await expect(card.getByTestId('nfse-values')).toContainText('ISS retido (2%)');
  await expect(card.getByTestId('nfse-net')).toContainText(net);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'DANFSe (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`DANFSe-${first}.pdf`);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  await card.getByRole('button', { name: 'Substituir NFS-e' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Motivo da substituição').selectOption('99');
  await dialog.getByLabel('Descrição do motivo').fill('Endereço do tomador corrigido');
  await dialog.getByRole('button', { name: 'Substituir NFS-e' }).click();
  await expect(card.getByTestId('nfse-replaces')).toHaveText(`NFS-e nº ${first}`, { timeout: 30_000 });
  await expect(card.getByTestId('nfse-status')).toHaveText('Emitida', { timeout: 30_000 });
  const second = (await card.getByTestId('nfse-number').textContent())!.trim();
  expect(second).not.toBe(first);
  // The order's 'Nota fiscal' (on the admin's panel) follows the new NFS-e.
  await expect
    .poll(
      async () => ((await (await admin.get(`/invoices/${order.id}`)).json()) as { invoiceInfo2: string }).invoiceInfo2,
    )
    .toBe(second);

  // 'Notas fiscais': both, the old one substituída.
  await page.goto('/nfse');
  await expect(page.getByRole('heading', { name: 'Notas fiscais' })).toBeVisible({ timeout: 30_000 });
  // Who only issues and reads the NFS-e does not choose who gets the month's files.
  await expect(page.getByText('Envio ao contador')).toHaveCount(0);
  const list = page.getByRole('table').first();
  const rows = list.getByRole('row').filter({ hasText: customerName });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `substitui ${first}` })).toContainText('Emitida');
  await expect(rows.filter({ hasText: 'Substituída' })).toHaveCount(1);
  await context.close();
});
