import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { newCompany } from '../fixtures/companies.ts';
import { receivedFor } from '../fixtures/inbox.ts';

/** Every QR code found on the PDF's pages, rendered by poppler (pdftoppm) and read by jsQR. */
function qrCodesOf(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'os-pdf-'));
  writeFileSync(join(dir, 'os.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '200', join(dir, 'os.pdf'), join(dir, 'page')]);
  const codes: string[] = [];
  for (const page of readdirSync(dir).filter((f) => f.endsWith('.ppm'))) {
    // Binary PPM: "P6 <width> <height> 255" and then RGB bytes.
    const ppm = readFileSync(join(dir, page));
    const header = ppm
      .subarray(0, 64)
      .toString('latin1')
      .match(/^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const rgb = ppm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let p = 0; p < width * height; p++) {
      rgba[p * 4] = rgb[p * 3]!;
      rgba[p * 4 + 1] = rgb[p * 3 + 1]!;
      rgba[p * 4 + 2] = rgb[p * 3 + 2]!;
      rgba[p * 4 + 3] = 255;
    }
    const found = jsQR(rgba, width, height);
    if (found) codes.push(found.data);
  }
  return codes;
}

test("the order goes out by e-mail with its PDF and signing link; the PDF's PIX QR code is the page's copia e cola for the amount due", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiAs(request, 'admin');
  const company = await newCompany(admin, unique('Frio Mail Ltda'), {
    email: 'contato@friomail.com.br',
    alias: 'Frio',
  });
  expect((await admin.put(`/companies/${company.id}/pix`, { pixKey: 'pix@friomail.com.br' })).status()).toBe(200);
  const email = `${unique('os').replace(/\s/g, '.').toLowerCase()}@exemplo.com.br`;
  const customer = await (
    await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: unique('Cliente OS Mail'), email })
  ).json();
  const order = await (
    await admin.post('/invoices', { company: company.id, customer: customer.id, transactionNature: 1 })
  ).json();
  expect((await admin.post(`/invoices/${order.id}/services`, { service: 4, quantity: 2 })).status()).toBe(201);
  expect((await admin.post(`/invoices/${order.id}/start`)).ok()).toBe(true);
  const detail = await (await admin.get(`/invoices/${order.id}`)).json();

  // The admin sends it from the order's toolbar to the customer's e-mail, already on the list.
  await loginAs(page, 'admin');
  await page.goto(`/invoices/${order.id}/edit`);
  await page
    .getByRole('toolbar', { name: 'Ações da ordem de serviço' })
    .getByRole('button', { name: 'Enviar por e-mail' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Enviar ordem de serviço nº ${order.number} por e-mail` });
  await expect(dialog.getByRole('list', { name: 'Lista de destinatários' })).toContainText(email);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('A Ordem de Serviço foi enviada').first()).toBeVisible({ timeout: 20_000 });
  const history = page.getByRole('region', { name: 'E-mails enviados' });
  await expect(
    history.getByRole('row', { name: new RegExp(`Ordem de serviço nº ${order.number}.*Enviado`) }),
  ).toBeVisible();

  // The message carries the signing link and the PDF.
  const mail = await receivedFor(email);
  expect(mail.subject).toBe(`Ordem de serviço nº ${order.number}`);
  const link = mail.text!.match(/https?:\/\/\S+\/invoices\/\d+\/sign\?token=[\w-]+/)![0];
  expect(new URL(link).pathname + new URL(link).search).toBe(detail.signUrl);
  const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
  expect(pdf.filename).toBe(`OS-${order.number}.pdf`);

  // The QR code printed on the PDF, decoded from the rendered page, is the page's PIX copia e cola,
  // for the amount still due.
  const codes = qrCodesOf(pdf.content);
  expect(codes).toHaveLength(1);
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto(link);
  const copiaECola = await phone.getByTestId('pix-card').getByLabel('PIX copia e cola').inputValue();
  expect(codes[0]).toBe(copiaECola);
  const amount = (detail.total as number).toFixed(2);
  expect(copiaECola).toContain(`54${String(amount.length).padStart(2, '0')}${amount}`);
  await phone.close();
});
