import { randomInt } from 'node:crypto';
import { baseURL } from '../playwright.config.ts';
import { expect, loginAs, test } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';
import { setOrderCustomerContact } from '../fixtures/customers.ts';
import { connectWhatsApp, press, sentTo } from '../fixtures/whatsapp-stand-in.ts';

test('the admin schedules a visit; the customer gets the template and confirms it; the agenda shows it confirmed', async ({
  page,
  request,
}) => {
  const { id, number, admin } = await startedOrder(request, { label: 'Cliente WhatsApp', withWorker: true });
  const business = await connectWhatsApp(request, admin, baseURL);
  // The customer's mobile and consent.
  const line = `9${randomInt(6000, 9999)}${String(randomInt(0, 9999)).padStart(4, '0')}`;
  const order = await setOrderCustomerContact(admin, id, { phone: `11${line}`, email: null });
  expect(
    (await admin.put(`/customers/${order.customerId}/whatsapp-consent`, { optIn: true, source: 'form' })).ok(),
  ).toBe(true);

  await loginAs(page, 'admin');
  await page.goto(`/invoices/${id}/edit`);
  const card = page.getByRole('region', { name: 'Atendimento' });
  await card.getByRole('button', { name: 'Alterar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar atendimento' });
  await dialog.getByLabel('Agendada para').fill('12/02/2031');
  await dialog.getByLabel('Hora', { exact: true }).fill('10:00');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Atendimento registrado com sucesso')).toBeVisible();

  // The stand-in Cloud API received the template, with the visit's date, time and technician.
  const sent = await sentTo(request, `5511${line}`, (m) => m.template?.name === 'oc_visita_agendada_v1');
  expect(sent.template!.parameters).toEqual([
    expect.any(String),
    expect.any(String),
    String(number),
    'quarta-feira, 12/02/2031',
    '10:00',
    'Técnico',
  ]);
  // The order's conversation shows it delivered.
  await page.reload();
  const conversation = page.getByRole('region', { name: 'WhatsApp' });
  await expect(conversation.getByRole('listitem').filter({ hasText: '12/02/2031' })).toContainText('Entregue');

  // The customer presses 'Confirmar': a signed webhook back to the server.
  await press(request, business.phoneNumberId, `5511${line}`, sent.id, {
    payload: sent.template!.payloads[0]!,
    text: 'Confirmar',
  });

  await page.goto('/agenda');
  await page.locator('label[for="agenda-view-week"]').click();
  await page.getByLabel('Ir para a data').fill('2031-02-12');
  await expect(page.getByTestId(`agenda-visit-${id}`)).toContainText('Confirmada');
});
