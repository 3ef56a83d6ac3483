import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '@ordem-certa/contracts';
import { expect, loginAs, test } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

test('a phone photo over the size limit is shrunk in the browser, upright, and saved', async ({ page, request }) => {
  test.slow(); // a 4000 px photo is decoded and re-encoded in the browser
  const { id, admin } = await startedOrder(request, { label: 'Cliente Foto Grande' });
  // A landscape sensor image the camera marks "rotate 90°" (EXIF orientation 6), as phones write them.
  const big = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 100 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  expect(big.length).toBeGreaterThan(IMAGE_MAX_BYTES);

  await loginAs(page, 'admin');
  await page.goto(`/invoices/${id}/edit`);
  await page.getByLabel('Arquivos de fotos').setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: big });
  await expect(page.getByText('Foto salva com sucesso')).toBeVisible({ timeout: 30_000 });
  const { data } = await (await admin.get(`/invoices/${id}/attachments/pictures`)).json();
  expect(data).toHaveLength(1);
  expect(data[0].size).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
  // Upright: the portrait the camera meant, not the sideways sensor image.
  expect(data[0].height).toBeGreaterThan(data[0].width);
});
