import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { pdfText } from '@ordem-certa/test-support/pdf-text';
import { expect, loginAs, test, unique } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

const photos = join(import.meta.dirname, '..', 'fixtures', 'photos');

async function confirmDialog(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('photos: three at once with thumbnails, a refused non-image under the field, full size, removal', async ({
  page,
  request,
}) => {
  const { id } = await startedOrder(request, { label: 'Cliente Papelada', quantity: 2 });
  await loginAs(page, 'admin');
  await page.goto(`/invoices/${id}/edit`);
  const section = page.getByRole('region', { name: /^Fotos/ });
  await expect(section.getByText('Nenhuma foto')).toBeVisible();

  await page
    .getByLabel('Arquivos de fotos')
    .setInputFiles([join(photos, 'antes.jpg'), join(photos, 'durante.jpg'), join(photos, 'depois.png')]);
  await expect(page.getByText('3 fotos salvas com sucesso')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Fotos (3)' })).toBeVisible();
  for (const name of ['antes.jpg', 'durante.jpg', 'depois.png']) {
    const thumb = section.getByRole('img', { name });
    await expect(thumb).toBeVisible();
    // Shown 80 px high, loaded from the server-made thumbnail.
    expect(
      await thumb.evaluate((img: HTMLImageElement) => [img.naturalHeight, img.getBoundingClientRect().height]),
    ).toEqual([160, 80]);
  }

  // A text file named .png passes the browser's check by name; the server reads its bytes.
  await page.getByLabel('Arquivos de fotos').setInputFiles(join(photos, 'nota-fiscal.png'));
  await expect(section.getByRole('alert')).toHaveText('nota-fiscal.png: Envie uma imagem PNG ou JPEG');
  await expect(section.getByRole('heading', { name: 'Fotos (3)' })).toBeVisible();

  await section.getByRole('button', { name: 'Ver foto durante.jpg', exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'durante.jpg' });
  const full = viewer.getByRole('img', { name: 'durante.jpg' });
  await expect(full).toBeVisible();
  expect(await full.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([480, 640]);
  await viewer.locator('.modal-footer').getByRole('button', { name: 'Fechar' }).click();

  await section.getByRole('button', { name: 'Remover foto antes.jpg' }).click();
  await confirmDialog(page, 'Remover');
  await expect(page.getByText('Foto removida com sucesso')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Fotos (2)' })).toBeVisible();
  await expect(section.getByRole('img', { name: 'antes.jpg' })).toHaveCount(0);
});

test('tags: the admin tags an order and removes the tag; the list shows it', async ({ page, request }) => {
  const { id, number, admin } = await startedOrder(request, { label: 'Cliente Papelada', quantity: 2 });
  const tagName = unique('Garantia');
  expect((await admin.post('/tags', { name: tagName, color: 'eb5a46' })).status()).toBe(201);
  await loginAs(page, 'admin');
  await page.goto(`/invoices/${id}/edit`);
  const card = page.getByRole('region', { name: 'Etiquetas' });
  await card.getByRole('button', { name: 'Adicionar etiqueta' }).click();
  const modal = page.getByRole('dialog', { name: 'Adicionar etiqueta' });
  await modal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(modal.getByText('Selecione a etiqueta')).toBeVisible();
  const box = modal.getByLabel('Etiqueta', { exact: true });
  await box.click();
  await box.fill(tagName.slice(0, 12));
  await page.getByRole('option', { name: tagName }).click();
  await modal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('A etiqueta foi adicionada com sucesso')).toBeVisible();
  const badge = card.getByText(tagName, { exact: true });
  await expect(badge).toHaveCSS('background-color', 'rgb(235, 90, 70)');

  await page.goto(`/invoices?q=${number}`);
  await expect(page.getByRole('row').filter({ hasText: tagName })).toBeVisible();

  await page.goto(`/invoices/${id}/edit`);
  await card.getByRole('button', { name: `Remover etiqueta ${tagName}` }).click();
  await confirmDialog(page, 'Remover');
  await expect(page.getByText('A etiqueta foi removida da Ordem de Serviço')).toBeVisible();
  await expect(card.getByText('Nenhuma etiqueta')).toBeVisible();
});

test('PDF with and without values opens in a new tab without a login', async ({ page, request }) => {
  const { id, number } = await startedOrder(request, { label: 'Cliente Papelada', quantity: 2 });
  await loginAs(page, 'admin');
  await page.goto(`/invoices/${id}/edit`);

  const open = async (item: string) => {
    await page.getByRole('button', { name: 'PDF' }).click();
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: item }).click()]);
    await tab.waitForURL(new RegExp(`/api/pdfs/invoices/${id}\\?token=`));
    const url = tab.url();
    await tab.close();
    // The link needs no bearer header: a request without any login gets the document.
    const res = await request.get(url, { headers: {} });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    return pdfText(await res.body());
  };
  const withValues = await open('PDF com valores');
  expect(withValues).toContain(`Nº ${number}`);
  expect(withValues).toMatch(/R\$\s[\d.]+,\d\d/);
  expect(withValues).toContain('Total');
  const without = await open('PDF sem valores');
  expect(without).toContain(`Nº ${number}`);
  expect(without).not.toContain('R$');
});
