import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { apiAs, expect, loginAs, test } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

const antes = readFileSync(fileURLToPath(new URL('../fixtures/photos/antes.jpg', import.meta.url)));

test('an admin exports a customer’s data as a ZIP and anonymizes the customer after confirming', async ({
  page,
  request,
}) => {
  // A customer with an order that has a photo, arranged through the API.
  const order = await startedOrder(request, { label: 'Titular LGPD' });
  const { admin } = order;
  const detail = await (await admin.get(`/invoices/${order.id}`)).json();
  const customerId = detail.customerId as number;
  const upload = await request.post(`${admin.org}/invoices/${order.id}/attachments/pictures`, {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: { attachment: { name: 'antes.jpg', mimeType: 'image/jpeg', buffer: antes } },
  });
  expect(upload.status()).toBe(201);
  // A collaborator is refused both, whatever the screen shows.
  const worker = await apiAs(request, 'worker');
  expect((await worker.get(`/customers/${customerId}/export`)).status()).toBe(403);
  expect((await worker.post(`/customers/${customerId}/anonymize`)).status()).toBe(403);

  await loginAs(page, 'admin');
  await page.goto(`/customers/${customerId}/edit`);
  await expect(page.getByRole('heading', { name: order.customerName })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar dados (LGPD)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`dados-cliente-${customerId}.zip`);
  const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const data = JSON.parse(strFromU8(zip['data.json']!));
  expect(data.cliente.nome).toBe(order.customerName);
  expect(data.aviso).toContain('NFS-e');
  const photo = data.ordensDeServico[0].fotos[0];
  expect(photo.nome).toBe('antes.jpg');
  expect([...zip[photo.arquivo]!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

  // Asked first, with what it removes and keeps; 'Cancelar' changes nothing.
  await page.getByRole('button', { name: 'Anonimizar cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anonimizar cliente?' });
  await expect(dialog).toContainText('documentos fiscais (como o XML da NFS-e)');
  await expect(dialog).toContainText('Essa ação não poderá ser desfeita.');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: order.customerName })).toBeVisible();

  await page.getByRole('button', { name: 'Anonimizar cliente' }).click();
  await page.getByRole('dialog', { name: 'Anonimizar cliente?' }).getByRole('button', { name: 'Anonimizar' }).click();
  await expect(page.getByText('Cliente anonimizado', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Cliente anonimizado #${customerId}` })).toBeVisible();
  await expect(page.getByText('Anonimizado', { exact: true })).toBeVisible();
  await expect(page.getByText('XML da NFS-e')).toBeVisible();
  // Nothing left to edit or export; the order is still there.
  await expect(page.getByRole('button', { name: 'Exportar dados (LGPD)' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Anonimizar cliente' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Ordem de serviço ${order.number}`, exact: true })).toBeVisible();
  expect((await admin.get(`/invoices/${order.id}/attachments/pictures`)).ok()).toBe(true);
  expect((await (await admin.get(`/invoices/${order.id}/attachments/pictures`)).json()).data).toEqual([]);

  // The old name finds nothing in the customer list.
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByLabel('Pesquisar').fill(order.customerName);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();
});
