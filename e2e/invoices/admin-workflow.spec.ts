import type { Locator, Page } from '@playwright/test';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';

/** Opens a searchable select, types to search the server and picks the option. */
async function pick(scope: Page | Locator, label: string, search: string, option: string | RegExp) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(search);
  await scope.getByRole('option', { name: option }).click();
}

async function confirmDialog(page: Page, text: string, button: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('admin: order from a customer page, lines, start, block, reopen, complete, pay and undo payment', async ({
  page,
  request,
}) => {
  // One long journey through the whole screen: more than the default 30 s on a shared machine.
  test.setTimeout(120_000);
  // Arrange: a customer with one equipment (not the behaviour under test).
  const admin = await apiAs(request, 'admin');
  const customerName = unique('Cliente OS E2E');
  const customer = await (
    await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: customerName })
  ).json();
  const equipmentName = unique('Split Sala');
  expect(
    (
      await admin.post(`/customers/${customer.id}/equipments`, {
        name: equipmentName,
        brand: 'Gree',
        model: 'G-Top',
        serialNumber: 'SN-E2E-1',
      })
    ).status(),
  ).toBe(201);

  // The customer's 'Ordens de Serviço' tab opens the new-order form in a new tab, customer preselected.
  await loginAs(page, 'admin');
  await page.goto(`/customers/${customer.id}/edit?tab=ordens`);
  await expect(page.getByText('Nenhuma ordem de serviço encontrada')).toBeVisible();
  const [form] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Nova OS' }).click(),
  ]);
  await expect(form).toHaveURL(new RegExp(`/invoices/new\\?customerId=${customer.id}$`));
  await expect(form.getByRole('heading', { name: 'Nova Ordem de Serviço' })).toBeVisible();
  await expect(form.getByLabel('Cliente', { exact: true })).toHaveValue(customerName);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('Selecione a empresa')).toBeVisible();
  await pick(form, 'Empresa', 'Demo', /Demo Refrigeração/);
  await pick(form, 'Natureza da Operação', 'avulso', /Prestação de serviço/);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('Ordem de serviço criada com sucesso')).toBeVisible();
  await expect(form).toHaveURL(/\/invoices\/\d+\/edit$/);
  await expect(form.getByRole('heading', { name: /^Ordem de Serviço #\d+$/ })).toBeVisible();
  await expect(form.getByTestId('status-badge')).toHaveText('Rascunho');

  // Lines: name and price copied from the catalogue, totals computed by the server.
  await form.getByRole('button', { name: 'Adicionar serviço' }).click();
  const serviceModal = form.getByRole('dialog', { name: 'Adicionar serviço' });
  await pick(serviceModal, 'Serviço', 'carga', /Carga de gás refrigerante/);
  await serviceModal.getByLabel('Quantidade').fill('0');
  await serviceModal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(serviceModal.getByText('A quantidade mínima é 1')).toBeVisible();
  await serviceModal.getByLabel('Quantidade').fill('2');
  await serviceModal.getByLabel('Descrição').fill('Recarga e teste de vazamento');
  await serviceModal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(form.getByText('Serviço adicionado com sucesso')).toBeVisible();
  const services = form.getByRole('region', { name: 'Serviços' });
  await expect(services.getByRole('row').filter({ hasText: 'Carga de gás refrigerante' })).toContainText('R$ 500,00');
  await expect(form.getByTestId('subtotal')).toHaveText('R$ 500,00');

  await form.getByRole('button', { name: 'Adicionar produto' }).click();
  const productModal = form.getByRole('dialog', { name: 'Adicionar produto' });
  await pick(productModal, 'Produto', 'capacitor', /Capacitor de partida/);
  await productModal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(form.getByRole('region', { name: 'Produtos' })).toContainText('Capacitor de partida');
  await expect(form.getByTestId('total')).toHaveText('R$ 548,00');

  await form.getByRole('button', { name: 'Adicionar equipamento' }).click();
  const equipmentModal = form.getByRole('dialog', { name: 'Adicionar equipamento' });
  await pick(equipmentModal, 'Equipamento', 'split', new RegExp(equipmentName));
  await equipmentModal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(form.getByText('Equipamento adicionado com sucesso')).toBeVisible();
  await expect(form.getByRole('region', { name: 'Equipamentos' })).toContainText(equipmentName);

  await form.getByRole('button', { name: 'Adicionar colaborador' }).click();
  const workerModal = form.getByRole('dialog', { name: 'Adicionar colaborador' });
  await pick(workerModal, 'Colaborador', 'joão', /Técnico João da Silva/);
  await workerModal.getByRole('button', { name: 'Adicionar' }).click();
  const workers = form.getByRole('region', { name: 'Colaboradores' });
  await expect(workers).toContainText('Técnico João da Silva');
  await expect(workers).toContainText('Não pago');

  // Workflow: only the allowed buttons, each asking for confirmation.
  const toolbar = form.getByRole('toolbar', { name: 'Ações da ordem de serviço' });
  await expect(toolbar.getByRole('button', { name: 'Concluir' })).toHaveCount(0);
  await toolbar.getByRole('button', { name: 'Iniciar' }).click();
  await confirmDialog(form, 'Você deseja alterar o status da Ordem de Serviço?', 'Iniciar');
  await expect(form.getByTestId('status-badge')).toHaveText('Em Andamento');

  await toolbar.getByRole('button', { name: 'Bloquear' }).click();
  const reason = form.getByRole('dialog', { name: 'Bloquear Ordem de Serviço' });
  await reason.getByLabel('Motivo').selectOption({ label: 'Aguardando peça' });
  await reason.getByRole('button', { name: 'Bloquear' }).click();
  await expect(form.getByTestId('status-badge')).toHaveText('Aguardando peça');

  // Started once: going back to work is 'Reabrir'.
  await expect(toolbar.getByRole('button', { name: 'Iniciar' })).toHaveCount(0);
  await toolbar.getByRole('button', { name: 'Reabrir' }).click();
  await confirmDialog(form, 'Você deseja alterar o status da Ordem de Serviço?', 'Reabrir');
  await expect(form.getByTestId('status-badge')).toHaveText('Em Andamento');

  await toolbar.getByRole('button', { name: 'Concluir' }).click();
  await confirmDialog(form, 'Você deseja alterar o status da Ordem de Serviço?', 'Concluir');
  await expect(form.getByTestId('status-badge')).toHaveText('Concluído');
  // Completed: no more adds or removes.
  await expect(form.getByRole('button', { name: /^Adicionar (serviço|produto|equipamento|colaborador)$/ })).toHaveCount(
    0,
  );
  await expect(form.getByRole('button', { name: /^Remover / })).toHaveCount(0);

  // Every change wrote a System comment.
  await form.getByRole('tab', { name: 'Sistema' }).click();
  await expect(form.getByRole('list', { name: 'Comentários Sistema' }).getByRole('listitem')).toHaveCount(4);

  // Payment.
  await toolbar.getByRole('button', { name: 'Pagar' }).click();
  await confirmDialog(form, 'Deseja continuar?', 'Continuar');
  const pay = form.getByRole('dialog', { name: 'Informe a data de pagamento' });
  await pay.getByLabel('Data do pagamento').fill('21/11/2026');
  await pay.getByLabel('Descrição').fill('PIX');
  await pay.getByRole('button', { name: 'Pagar' }).click();
  await expect(form.getByText('A ordem de serviço foi paga')).toBeVisible();
  await expect(form.getByTestId('paid-badge')).toBeVisible();
  await expect(form.getByTestId('payment-date')).toHaveText('21/11/2026');
  // Paid: reopening is refused, so no state button is offered.
  await expect(toolbar.getByRole('button', { name: 'Reabrir' })).toHaveCount(0);

  await toolbar.getByRole('button', { name: 'Desfazer pagamento' }).click();
  await confirmDialog(form, 'O pagamento será desfeito', 'Desfazer pagamento');
  await expect(form.getByText('Pagamento desfeito')).toBeVisible();
  await expect(form.getByTestId('paid-badge')).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Pagar' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Reabrir' })).toBeVisible();

  // The customer's tab lists the order.
  await page.reload();
  await expect(page.getByRole('link', { name: /^Ordem de serviço \d+$/ })).toHaveCount(1);
});
