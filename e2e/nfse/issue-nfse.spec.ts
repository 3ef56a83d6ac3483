import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestA1 } from '@ordem-certa/nfse-xml/testing';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCompany } from '../fixtures/companies.ts';

test('the admin sets up the company for NFS-e (A1 certificate, fiscal data) and issues the NFS-e of a completed order', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  // A company of its own, so the DPS numbers and certificate of other specs stay apart.
  const company = await newCompany(admin, unique('Clima Fiscal Ltda'), { alias: 'Clima Fiscal' });
  const order = (await (
    await admin.post('/invoices', { company: company.id, customer: 1, transactionNature: 1 })
  ).json()) as { id: number; number: number };
  expect((await admin.post(`/invoices/${order.id}/services`, { service: 4, quantity: 1 })).status()).toBe(201);

  // The certificate as a shop gets it: a .pfx file and its password.
  const dir = mkdtempSync(join(tmpdir(), 'nfse-e2e-'));
  const pfxPath = join(dir, 'clima-fiscal.pfx');
  writeFileSync(
    pfxPath,
    makeTestA1({ cnpj: company.identifier, password: 'senha-do-certificado', name: 'CLIMA FISCAL LTDA' }),
  );

  await loginAs(page, 'admin');
  await page.goto(`/companies/${company.id}/edit`);
  await page.getByRole('tab', { name: 'Fiscal (NFS-e)' }).click();

  await page.getByLabel('Arquivo do certificado (.pfx ou .p12)').setInputFiles(pfxPath);
  await page.getByLabel('Senha do certificado').fill('senha-errada');
  await page.getByRole('button', { name: 'Enviar certificado' }).click();
  await expect(page.getByText('Senha do certificado incorreta')).toBeVisible();
  await page.getByLabel('Senha do certificado').fill('senha-do-certificado');
  await page.getByRole('button', { name: 'Enviar certificado' }).click();
  await expect(page.getByTestId('certificate-subject')).toContainText('CLIMA FISCAL LTDA');

  await page.getByLabel('Município (código IBGE)').fill('3550308');
  await page.getByLabel('Inscrição municipal').fill('1234567');
  await page.getByLabel('Código de tributação nacional').fill('14.01.01');
  await page.getByLabel('Simples Nacional').selectOption({ label: 'Optante — ME/EPP' });
  await page.getByLabel('Alíquota do ISS (%)').fill('2,5');
  await page.getByRole('button', { name: 'Salvar dados fiscais' }).click();
  await expect(page.getByText('Dados fiscais salvos')).toBeVisible();
  await expect(page.getByText('São Paulo — SP')).toBeVisible();

  // The order, completed, gets its NFS-e from the order screen.
  expect((await admin.post(`/invoices/${order.id}/start`)).status()).toBe(200);
  expect((await admin.post(`/invoices/${order.id}/complete`)).status()).toBe(200);
  await page.goto(`/invoices/${order.id}/edit`);
  const card = page.getByRole('region', { name: 'NFS-e' });
  await card.getByRole('button', { name: 'Emitir NFS-e' }).click();
  await expect(card.getByTestId('nfse-status')).toHaveText('Emitida', { timeout: 20_000 });
  const number = (await card.getByTestId('nfse-number').textContent())!.trim();
  expect(number).toMatch(/^\d+$/);
  await expect(card.getByRole('button', { name: 'XML da NFS-e' })).toBeVisible();
  // The order's 'NF' is the NFS-e's number.
  await expect(page.getByLabel('Nota fiscal')).toHaveValue(number);
  const nfse = (await (await admin.get(`/invoices/${order.id}/nfse`)).json()) as { status: string; number: string };
  expect(nfse).toMatchObject({ status: 'issued', number });
});
