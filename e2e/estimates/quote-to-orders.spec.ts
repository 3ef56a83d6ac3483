import type { Page } from '@playwright/test';
import { expect, loginAs, test, unique } from '../fixtures/index.ts';
import { addLines, generateOneOrderWithEverything, moveEstimate, newEstimate } from '../fixtures/estimates.ts';
import { receivedFor } from '../fixtures/inbox.ts';

async function confirmDialog(page: Page, text: string, button: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('quote → e-mail with the PDF → approve → two orders (a new one, then an existing one) → start one → the tab lists both', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // Arrange the quote through the API: a customer with an e-mail and an equipment, lines, started.
  const email = `${unique('cliente').replace(/\s/g, '.').toLowerCase()}@exemplo.com.br`;
  const { admin, customer, estimate } = await newEstimate(request, 'Cliente Orçamento', email);
  expect(
    (
      await admin.post(`/customers/${customer.id}/equipments`, {
        name: 'Split 18k',
        brand: 'LG',
        model: 'Dual',
        serialNumber: unique('SN'),
      })
    ).status(),
  ).toBe(201);
  const [equipment] = (await (await admin.get(`/estimates/${estimate.id}/equipments/available`)).json()).data;
  expect((await admin.post(`/estimates/${estimate.id}/equipments`, { equipment: equipment.id })).status()).toBe(201);
  await addLines(admin, estimate.id, 2, 3);

  await loginAs(page, 'admin');
  await page.goto(`/estimates/${estimate.id}/edit`);
  const toolbar = page.getByRole('toolbar', { name: 'Ações do orçamento' });
  // A draft already has its PDF and e-mail (the PDF marked as a draft).
  // The first screen after the login loads the app's code: on a loaded machine past the 7 s default.
  await expect(page.getByTestId('estimate-status-badge')).toHaveText('Rascunho', { timeout: 30_000 });
  await expect(toolbar.getByRole('button', { name: 'PDF' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Enviar por e-mail' })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Iniciar' }).click();
  // The confirmation says what 'Iniciar' does before asking.
  await expect(page.getByRole('dialog')).toContainText('Iniciar passa o orçamento de Rascunho para Em Andamento');
  await confirmDialog(page, 'Você deseja alterar o status do Orçamento?', 'Iniciar');
  await expect(page.getByTestId('estimate-status-badge')).toHaveText('Em Andamento');

  // E-mail: the customer's address is pre-filled; a second one is added; no duplicates.
  await toolbar.getByRole('button', { name: 'Enviar por e-mail' }).click();
  const mail = page.getByRole('dialog', { name: /Enviar orçamento/ });
  await expect(mail.getByRole('list', { name: 'Lista de destinatários' })).toContainText(email);
  await mail.getByLabel('Destinatários', { exact: true }).fill('compras@exemplo.com.br');
  await mail.getByRole('button', { name: 'Adicionar' }).click();
  await mail.getByLabel('Destinatários', { exact: true }).fill(email.toUpperCase());
  await mail.getByRole('button', { name: 'Adicionar' }).click();
  await expect(mail.getByRole('listitem')).toHaveCount(2);
  await mail.getByRole('button', { name: 'Enviar' }).click();
  // The PDF is rendered and handed to SMTP before the answer: on a loaded machine past the 7 s default.
  await expect(page.getByText('O Orçamento foi enviado')).toBeVisible({ timeout: 30_000 });
  const message = await receivedFor(email);
  expect(message.subject).toContain(String(estimate.number));
  const [pdf] = message.attachments;
  expect(pdf!.contentType).toBe('application/pdf');
  expect(pdf!.filename).toBe(`Orcamento-${estimate.number}.pdf`);
  expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByRole('tab', { name: 'E-mails enviados' }).click();
  await expect(page.getByRole('table', { name: 'E-mails enviados' })).toContainText('Enviado');
  await page.getByRole('tab', { name: 'Dados' }).click();

  // Approve, then generate.
  await toolbar.getByRole('button', { name: 'Aprovar' }).click();
  await confirmDialog(page, 'Você deseja alterar o status do Orçamento?', 'Aprovar');
  await expect(page.getByTestId('estimate-status-badge')).toHaveText('Aprovado');
  await expect(page.getByRole('button', { name: /^Remover / })).toHaveCount(0);

  await toolbar.getByRole('button', { name: 'Gerar Ordens de Serviço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gerar Ordens de Serviço' });
  // Every item comes ticked. A new order with the equipment and one unit of the service.
  await expect(dialog.getByLabel(/Split 18k/)).toBeChecked();
  await expect(dialog.getByLabel(/agrupado · 3 un\./)).toBeChecked();
  await dialog.getByLabel('Nova +').check();
  await dialog.getByLabel(/restam 2 de 2 un\./).check();
  await dialog.getByLabel(/^Unidades de/).fill('1');
  await dialog.getByLabel(/agrupado · 3 un\./).uncheck();
  await dialog.getByRole('button', { name: 'Adicionar à OS' }).click();
  await confirmDialog(page, 'Adicionar os itens selecionados', 'Adicionar');
  // An add answers once the estimate and the lists are refreshed: on a loaded machine past the 7 s default.
  const ADD = { timeout: 30_000 };
  await expect(page.getByText(/Os itens foram adicionados à ordem de serviço nº/)).toBeVisible(ADD);
  // The equipment is not offered again; one unit is left.
  await expect(dialog.getByLabel(/Split 18k/)).toHaveCount(0);
  await expect(dialog.getByLabel(/restam 1 de 2 un\./)).toBeVisible();
  // The new order is now selected: the grouped product goes to that existing order.
  const orders = await (await admin.get(`/estimates/${estimate.id}/invoices`)).json();
  const first = orders.data[0];
  await expect(dialog.getByLabel(new RegExp(`OS nº ${first.number}`))).toBeChecked();
  await expect(dialog.getByLabel(/agrupado · 3 un\./)).toBeChecked();
  await dialog.getByLabel(/restam 1 de 2 un\./).uncheck();
  await dialog.getByRole('button', { name: 'Adicionar à OS' }).click();
  await confirmDialog(page, 'Adicionar os itens selecionados', 'Adicionar');
  await expect(dialog.getByLabel(/agrupado · 3 un\./)).toHaveCount(0, ADD);
  // A second new order with the last unit (ticked again after the add).
  await dialog.getByLabel('Nova +').check();
  await expect(dialog.getByLabel(/restam 1 de 2 un\./)).toBeChecked();
  await dialog.getByRole('button', { name: 'Adicionar à OS' }).click();
  await confirmDialog(page, 'Adicionar os itens selecionados', 'Adicionar');
  await expect(dialog.getByText('Todos os itens do orçamento já estão em ordens de serviço.')).toBeVisible(ADD);
  await dialog.locator('.modal-footer').getByRole('button', { name: 'Fechar' }).click();

  const after = await (await admin.get(`/estimates/${estimate.id}/invoices`)).json();
  expect(after.data).toHaveLength(2);
  const second = after.data.find((o: { id: number }) => o.id !== first.id);

  // Start the first order on its own screen; it shows where it came from.
  await page.goto(`/invoices/${first.id}/edit`);
  await expect(page.getByRole('link', { name: `orçamento nº ${estimate.number}` })).toBeVisible(ADD);
  await page
    .getByRole('toolbar', { name: 'Ações da ordem de serviço' })
    .getByRole('button', { name: 'Iniciar' })
    .click();
  await confirmDialog(page, 'Você deseja alterar o status da Ordem de Serviço?', 'Iniciar');
  await expect(page.getByTestId('status-badge').first()).toHaveText('Em Andamento');

  // The estimate's tab lists both orders.
  await page.getByRole('link', { name: `orçamento nº ${estimate.number}` }).click();
  await page.getByRole('tab', { name: 'Ordens de Serviço' }).click();
  const tab = page.getByRole('table', { name: 'Ordens de serviço do orçamento' });
  await expect(tab.getByRole('row')).toHaveCount(3);
  // The row by its number's link: the number's digits also appear in the row's date.
  await expect(
    tab.getByRole('row').filter({ has: page.getByRole('link', { name: String(first.number), exact: true }) }),
  ).toContainText('Em Andamento');
  await expect(tab.getByRole('link', { name: String(second.number), exact: true })).toBeVisible();
});

test("'Gerar OS com todos os itens' makes one order with everything and opens it in the same tab", async ({
  page,
  request,
}) => {
  const { admin, estimate } = await newEstimate(request, 'Cliente Tudo');
  await addLines(admin, estimate.id, 2, 3);
  await moveEstimate(admin, estimate.id, 1, 10);

  await loginAs(page, 'admin');
  await page.goto(`/estimates/${estimate.id}/edit`);
  await expect(page.getByTestId('estimate-status-badge')).toHaveText('Aprovado', { timeout: 30_000 });
  const pagesBefore = page.context().pages().length;
  await generateOneOrderWithEverything(page);
  expect(page.context().pages()).toHaveLength(pagesBefore);
  await expect(page.getByRole('link', { name: `orçamento nº ${estimate.number}` })).toBeVisible();
  // Two units of the non-grouped service as two lines, the grouped product whole.
  await expect(page.getByRole('region', { name: 'Serviços' }).getByText('Carga de gás refrigerante')).toHaveCount(2);
  const orders = await (await admin.get(`/estimates/${estimate.id}/invoices`)).json();
  expect(orders.data).toHaveLength(1);
  expect(page.url()).toContain(`/invoices/${orders.data[0].id}/edit`);
  expect(orders.remaining).toEqual({ equipments: [], services: [], products: [] });
});
