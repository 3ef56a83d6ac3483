import { expect, test, unique } from '../fixtures/index.ts';
import { receivedTextFor } from '../fixtures/inbox.ts';
import { lookupData } from '../fixtures/lookups.ts';

// A new shop's first day, alone: it signs up from the login page, confirms the e-mail through the
// link, and saves its first estimate without visiting Cadastros.
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['375 px', { width: 375, height: 740 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`a new shop signs up, confirms the e-mail and saves its first estimate (${label})`, async ({ page }) => {
      const email = `${unique('dono').replace(/\s+/g, '-').toLowerCase()}@oficina.com.br`;
      await page.goto('/login');
      await page.getByRole('link', { name: 'Criar conta' }).click();
      await expect(page).toHaveURL('/cadastro');

      await page.getByLabel('CNPJ').fill(lookupData.okbr.cnpj);
      await page.getByRole('button', { name: 'Preencher pelo CNPJ' }).click();
      await expect(page.getByLabel('Razão Social')).toHaveValue('OPEN KNOWLEDGE BRASIL');
      await expect(page.getByLabel('Nome Fantasia')).toHaveValue('REDE PELO CONHECIMENTO LIVRE');
      await page.getByLabel('Seu nome').fill('Marta Dona');
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByLabel('Senha', { exact: true }).fill('uma-senha-forte');
      await page.getByLabel('Confirme a senha').fill('uma-senha-forte');
      await page.getByRole('button', { name: 'Criar conta' }).click();

      await expect(page).toHaveURL('/');
      const banner = page.getByTestId('verify-email-banner');
      await expect(banner).toContainText('Confirme seu e-mail.');
      await expect(banner).toContainText(email);

      const link = new URL(/https?:\/\/\S+\/confirmar-email\?token=\S+/.exec(await receivedTextFor(email))![0]);
      await page.goto(link.pathname + link.search);
      await expect(page.getByTestId('email-confirmed')).toHaveText(
        'E-mail confirmado. Você já pode enviar orçamentos e ordens de serviço aos clientes.',
      );
      await page.getByRole('link', { name: 'Ir para o início' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { name: 'Início' })).toBeAttached();
      await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);

      // The home's checklist: nothing done yet, each step a link; the first estimate from it.
      const steps = page.getByTestId('first-steps');
      await expect(steps.getByRole('heading', { name: 'Primeiros passos' })).toBeVisible();
      await expect(steps).toContainText('Faltam 5 passos');
      await expect(steps.getByRole('link', { name: 'Cadastre a chave PIX para receber dos clientes' })).toBeVisible();
      await steps.getByRole('link', { name: 'Faça o primeiro orçamento' }).click();

      // The first estimate: the one company and the one nature are chosen already; the customer is
      // registered in place.
      await expect(page).toHaveURL('/estimates/new');
      await expect(page.getByLabel('Empresa', { exact: true })).toHaveValue('REDE PELO CONHECIMENTO LIVRE');
      await expect(page.getByLabel('Natureza da Operação')).toHaveValue('Prestação de serviço');
      await page.getByRole('button', { name: '+ Cadastrar cliente' }).click();
      const modal = page.getByRole('dialog', { name: 'Novo cliente' });
      await modal.getByLabel('Tipo').selectOption({ label: 'Pessoa física' });
      await modal.getByLabel('CPF').fill('529.982.247-25');
      await modal.getByLabel('Nome', { exact: true }).fill('Primeiro Cliente da Silva');
      await modal.getByRole('button', { name: 'Salvar' }).click();
      await expect(modal).toBeHidden();
      await expect(page.getByLabel('Cliente', { exact: true })).toHaveValue('Primeiro Cliente da Silva');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page).toHaveURL(/\/estimates\/\d+\/edit$/);
      await expect(page.getByText('Orçamento criado com sucesso')).toBeVisible();

      // A service not in the catalogue yet is registered from the line's picker and added.
      await page.getByRole('button', { name: 'Adicionar serviço' }).click();
      const serviceModal = page.getByRole('dialog', { name: 'Adicionar serviço' });
      await serviceModal.getByRole('button', { name: '+ Cadastrar serviço' }).click();
      await serviceModal.getByLabel('Nome do serviço').fill('Instalação de split 9.000 BTUs');
      await serviceModal.getByLabel('Preço').fill('380,00');
      await serviceModal.getByRole('button', { name: 'Cadastrar', exact: true }).click();
      await expect(serviceModal.getByLabel('Serviço', { exact: true })).toHaveValue('Instalação de split 9.000 BTUs');
      await serviceModal.getByRole('button', { name: 'Adicionar', exact: true }).click();
      await expect(page.getByText('Serviço adicionado com sucesso')).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Serviços' }).getByRole('row').filter({ hasText: 'Instalação de split' }),
      ).toContainText('R$ 380,00');

      // Back home, the customer and the estimate are done.
      await page.goto('/');
      await expect(steps).toContainText('Faltam 3 passos');
      await expect(steps.getByRole('link', { name: 'Faça o primeiro orçamento' })).toHaveCount(0);
      await expect(steps.getByText('Faça o primeiro orçamento (feito)')).toBeVisible();
      await steps.getByRole('button', { name: 'Dispensar esta lista' }).click();
      await expect(steps).toHaveCount(0);
    });
  });
}
