import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { lookupData } from '../fixtures/lookups.ts';

/** axe-core's serious and critical findings in the open dialog (WCAG 2 A and AA rules). */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .include('.modal')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** A new customer (an individual) and its 'Endereços' tab open, with 'Adicionar endereço' clicked. */
async function openNewAddress(page: Page, request: APIRequestContext) {
  const admin = await apiAs(request, 'admin');
  const created = await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: unique('Cliente CEP') });
  expect(created.status()).toBe(201);
  const customerId = (await created.json()).id as number;
  await loginAs(page, 'admin');
  await page.goto(`/customers/${customerId}/edit?tab=enderecos`);
  await page.getByRole('button', { name: 'Adicionar endereço' }).click();
  const modal = page.getByRole('dialog', { name: 'Adicionar endereço' });
  return { admin, customerId, modal };
}

test.describe('addresses: the CEP fills the form', () => {
  test('typing a CEP fills street, neighbourhood, city and UF; saved with the IBGE code', async ({ page, request }) => {
    const { admin, customerId, modal } = await openNewAddress(page, request);
    await modal.getByLabel('CEP').pressSequentially('01310100');
    await expect(modal.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista');
    await expect(modal.getByLabel('Bairro')).toHaveValue('Bela Vista');
    await expect(modal.getByLabel('Cidade')).toHaveValue('São Paulo');
    await expect(modal.getByLabel('UF')).toHaveValue('SP');
    // The number is next: the focus is already there.
    await expect(modal.getByLabel('Número')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.type('1000');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Endereço salvo')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Avenida Paulista' });
    await expect(row).toContainText('1000');
    await expect(row).toContainText('São Paulo');

    const saved = await (await admin.get(`/customers/${customerId}/addresses`)).json();
    expect(saved.data).toEqual([
      expect.objectContaining({ postalCode: '01310100', city: 'São Paulo', state: 'SP', ibgeCode: '3550308' }),
    ]);
  });

  test('with the CEP services down the form says so, and the address is typed and saved by hand', async ({
    page,
    request,
  }) => {
    const { admin, customerId, modal } = await openNewAddress(page, request);
    await modal.getByLabel('CEP').pressSequentially(lookupData.downCep);
    await expect(
      modal.getByText('Não foi possível consultar o CEP agora; preencha o endereço manualmente'),
    ).toBeVisible();
    // Nothing else is announced: no alert beside the form's own words.
    await expect(page.getByText('Houve um problema ao realizar a sua requisição')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await modal.getByLabel('Endereço', { exact: true }).fill('Rua Rio Grande do Sul');
    await modal.getByLabel('Número').fill('45');
    await modal.getByLabel('Bairro').fill('Centro');
    await modal.getByLabel('Cidade').fill('rio branco');
    await modal.getByRole('option', { name: /^Rio Branco\s*AC$/ }).click();
    await expect(modal.getByLabel('UF')).toHaveValue('AC');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Endereço salvo')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Rua Rio Grande do Sul' })).toContainText('Rio Branco');

    const saved = await (await admin.get(`/customers/${customerId}/addresses`)).json();
    expect(saved.data).toEqual([
      expect.objectContaining({ postalCode: lookupData.downCep, city: 'Rio Branco', state: 'AC', ibgeCode: '1200401' }),
    ]);
  });

  test("'Preencher pelo CNPJ' fills a new company and adds the CNPJ's address on save", async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/companies/new');
    await page.getByLabel('CNPJ').pressSequentially(lookupData.okbr.cnpj);
    await page.getByRole('button', { name: 'Preencher pelo CNPJ' }).click();
    await expect(page.getByText('Campos vazios preenchidos com os dados do CNPJ')).toBeVisible();
    await expect(page.getByLabel('Razão Social')).toHaveValue('OPEN KNOWLEDGE BRASIL');
    await expect(page.getByLabel('Nome Fantasia')).toHaveValue('REDE PELO CONHECIMENTO LIVRE');
    await expect(page.getByLabel('E-mail')).toHaveValue('contato@okbr.org.br');
    await expect(page.getByLabel('Telefone')).toHaveValue('(11) 2385-1939');
    await expect(page.getByLabel('Adicionar este endereço ao salvar')).toBeChecked();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(/\/companies\/\d+\/edit$/);
    await page.getByRole('tab', { name: 'Endereços' }).click();
    const row = page.getByRole('row').filter({ hasText: 'AVENIDA PAULISTA' });
    await expect(row).toContainText('São Paulo');
    await expect(row).toContainText('01311-902');
  });
});
