import { expect, loginAs, test } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';
import { addAddress, RUA_AUGUSTA, setOrderCustomerContact } from '../fixtures/customers.ts';

test('the admin books the visit; the technician on a phone sees whom to call, where to go and what is wrong', async ({
  browser,
  page,
  request,
}) => {
  const { id, number, admin } = await startedOrder(request, { label: 'Cliente Visita', withWorker: true });
  const order = await setOrderCustomerContact(admin, id, { phone: '11987654321', email: 'visita@example.com.br' });
  await addAddress(admin, order.customerId, RUA_AUGUSTA);

  await loginAs(page, 'admin');
  await page.goto(`/invoices/${id}/edit`);
  const card = page.getByRole('region', { name: 'Atendimento' });
  await card.getByRole('button', { name: 'Alterar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar atendimento' });
  await dialog.getByLabel('Problema relatado').fill('Split da sala não gela e pinga água');
  await dialog.getByLabel('Agendada para').fill('25/11/2026');
  await dialog.getByLabel('Hora', { exact: true }).fill('09:30');
  await dialog
    .getByLabel('Endereço do atendimento')
    .selectOption({ label: 'Rua Augusta, 1500 - Consolação - São Paulo/SP - CEP 01304-001' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Atendimento registrado com sucesso')).toBeVisible();
  await expect(card).toContainText('Split da sala não gela e pinga água');
  const saved = await (await admin.get(`/invoices/${id}`)).json();
  expect(saved).toMatchObject({ scheduledAt: '2026-11-25T12:30:00.000Z', address: { address: 'Rua Augusta' } });

  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const tech = await phone.newPage();
  await loginAs(tech, 'worker');
  await tech.goto(`/invoices/${id}/edit`);
  await expect(tech.getByRole('heading', { name: `Ordem de Serviço #${number}` })).toBeVisible();
  const visit = tech.getByRole('region', { name: 'Atendimento' });
  await expect(visit.getByRole('link', { name: '(11) 98765-4321' })).toHaveAttribute('href', 'tel:+5511987654321');
  await expect(visit.getByRole('link', { name: 'visita@example.com.br' })).toBeVisible();
  await expect(visit).toContainText('Rua Augusta, 1500');
  await expect(visit.getByRole('link', { name: 'Abrir no mapa' })).toHaveAttribute(
    'href',
    /google\.com\/maps.*Rua%20Augusta/,
  );
  await expect(visit).toContainText(/25\/11\/2026,? 09:30/);
  await expect(visit).toContainText('Split da sala não gela e pinga água');
  await expect(visit.getByRole('button', { name: 'Alterar' })).toHaveCount(0);
  await phone.close();
});
