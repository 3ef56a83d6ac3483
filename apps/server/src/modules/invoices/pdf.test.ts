import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createOrg, perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { multipartFiles } from '../../../test/factories.ts';
import { pdfPageCount, pdfText } from '@ordem-certa/test-support/pdf-text';

// The PDF: a short-lived signed link that needs no login; what the document prints, with and without values.
const t = perFile({ world: invoiceWorld });

const open = (url: string, headers: Record<string, string> = {}) => t.ctx.app.inject({ method: 'GET', url, headers });

/** A started order with a service (R$ 180,00 x 2), a product, equipment, comments of every type. */
async function fullOrder() {
  const { id, number } = await t.world.createInvoice();
  await t.world.admin('POST', `/${id}/services`, {
    service: t.world.service.id,
    quantity: 2,
    description: 'Sala de reunião',
  });
  await t.world.admin('POST', `/${id}/products`, { product: t.world.product.id, quantity: 1 });
  await t.world.admin('POST', `/${id}/equipments`, { equipment: t.world.equipment.id });
  await t.world.admin('POST', `/${id}/discount`, { discount: 15.9 });
  await t.world.moveTo(id, InvoiceState.Wip);
  await t.world.admin('POST', `/${id}/comments`, { comment: 'Cliente pediu atenção à ação do dreno', type: 1 });
  await t.world.admin('POST', `/${id}/comments`, { comment: 'Pressão do gás conferida', type: 2 });
  await t.world.admin('POST', `/${id}/comments`, { comment: 'Cobrar visita extra', type: 3 });
  return { id, number };
}

const pdfUrl = async (id: number, showValues: boolean, as: 'admin' | 'worker' = 'admin') => {
  const res = await t.world[as]('POST', `/${id}/pdf`, { showValues });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url as string;
};

describe('access', () => {
  it('401 without a token, another organization 404; a collaborator only on their orders', async () => {
    const { id } = await fullOrder();
    expect((await t.ctx.app.inject({ method: 'POST', url: t.world.url(`/${id}/pdf`), payload: {} })).statusCode).toBe(
      401,
    );
    const other = await createOrg(t.ctx);
    const foreign = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${other.organization.id}/invoices/${id}/pdf`,
      headers: other.as(other.admin.token),
      payload: { showValues: true },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.world.worker('POST', `/${id}/pdf`, { showValues: false })).statusCode).toBe(404);
    await t.world.assignWorker(id);
    expect((await t.world.worker('POST', `/${id}/pdf`, { showValues: false })).statusCode).toBe(200);
  });

  it('409 for Draft and Canceled orders, as the button is hidden there', async () => {
    for (const state of [InvoiceState.Draft, InvoiceState.Canceled]) {
      const { id } = await t.world.createInvoice();
      await t.world.moveTo(id, state);
      const res = await t.world.admin('POST', `/${id}/pdf`, { showValues: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual(['O PDF não está disponível para ordens de serviço em rascunho ou canceladas']);
    }
  });
});

describe('the link', () => {
  it('opens without a login, as an inline PDF named after the order', async () => {
    const { id, number } = await fullOrder();
    const url = await pdfUrl(id, true);
    expect(url).toMatch(new RegExp(`^/api/pdfs/invoices/${id}\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    const res = await open(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="OS-${number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses an altered, a foreign or an expired token', async () => {
    const { id } = await fullOrder();
    const url = await pdfUrl(id, false);
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const [h, p, s] = token.split('.');
    // Another claim with the old signature, and a flipped signature.
    const forged = `${h}.${Buffer.from(JSON.stringify({ inv: id, org: t.org.organization.id, values: true, exp: 9999999999, aud: 'invoice-pdf' })).toString('base64url')}.${s}`;
    const flipped = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [forged, flipped, '', 'abc', t.org.admin.token]) {
      const res = await open(`/api/pdfs/invoices/${id}?token=${bad}`);
      expect(res.statusCode, bad.slice(0, 20)).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Link do PDF inválido');
    }
    expect((await open(`/api/pdfs/invoices/${id}`)).statusCode).toBe(404);
    // A valid token for another order does not open this one.
    const { id: otherId } = await fullOrder();
    expect((await open(`/api/pdfs/invoices/${otherId}?token=${token}`)).statusCode).toBe(404);
    // Expired: signed the same way, in the past.
    const expired = await t.ctx.app.links.sign(
      'invoice-pdf',
      { inv: id, org: t.org.organization.id, values: false },
      -5,
    );
    const gone = await open(`/api/pdfs/invoices/${id}?token=${expired}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('Este link do PDF expirou');
    // A PDF token is not a login token.
    const asBearer = await t.world.call(token, 'GET', `/${id}`);
    expect(asBearer.statusCode).toBe(401);
  });
});

describe('the document', () => {
  it('prints the order with values when the admin asks, and without them otherwise', async () => {
    const { id, number } = await fullOrder();
    const withValues = pdfText((await open(await pdfUrl(id, true))).rawPayload);
    for (const text of [
      'ORDEM DE SERVIÇO',
      `Nº ${number}`,
      t.world.company.name,
      t.world.customer.name,
      'Limpeza de split',
      'Sala de reunião',
      'Filtro de ar',
      'Split 12k',
      'SN-1',
      'Cliente pediu atenção à ação do dreno',
      'Pressão do gás conferida',
      'R$ 180,00',
      'R$ 360,00',
      'R$ 35,90',
      'Subtotal',
      '- R$ 15,90',
      'R$ 380,00',
    ]) {
      // Intl writes a no-break space after R$.
      expect(withValues, text).toContain(text.replace('R$ ', 'R$\u00a0'));
    }
    // Internal and System comments are never printed.
    expect(withValues).not.toContain('Cobrar visita extra');
    expect(withValues).not.toContain('alterou o status');

    const without = pdfText((await open(await pdfUrl(id, false))).rawPayload);
    expect(without).toContain('Limpeza de split');
    expect(without).not.toContain('R$');
    expect(without).not.toContain('Subtotal');
  });

  it("a not-started order's PDF is its job sheet, marked 'NÃO INICIADA'; a started one is not", async () => {
    const { id, number } = await t.world.createInvoice();
    await t.world.moveTo(id, InvoiceState.Todo);
    const res = await t.world.admin('POST', `/${id}/pdf`, { showValues: true });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText((await open(res.json().url)).rawPayload);
    // Across every page, and in the footer.
    expect(text).toContain('NÃO INICIADA');
    expect(text).toContain(`Ordem de Serviço nº ${number} (não iniciada)`);
    await t.world.moveTo(id, InvoiceState.Wip);
    const started = pdfText((await open(await pdfUrl(id, true))).rawPayload);
    expect(started).not.toContain('NÃO INICIADA');
    expect(started).not.toContain('não iniciada');
  });

  it('lists the payments received under the total and the balance still to pay, new with each payment', async () => {
    const { id } = await fullOrder(); // total R$ 380,00
    const noPayments = pdfText((await open(await pdfUrl(id, true))).rawPayload);
    expect(noPayments).not.toContain('Saldo a pagar');
    const pay = (amount: number, method: string, paidAt: string) =>
      t.world.admin('POST', `/${id}/payments`, { amount, method, paidAt });
    expect((await pay(100, 'pix', '2026-03-05')).statusCode).toBe(201);
    const url = await pdfUrl(id, true);
    const deposit = pdfText((await open(url)).rawPayload);
    expect(deposit).toContain('Recebido em 05/03/2026 · PIX');
    expect(deposit).toContain('- R$\u00a0100,00');
    expect(deposit).toContain('Saldo a pagar');
    expect(deposit).toContain('R$\u00a0280,00');
    // The same link after another payment: a new document, not the cached one.
    expect((await pay(80, 'dinheiro', '2026-03-06')).statusCode).toBe(201);
    const second = pdfText((await open(url)).rawPayload);
    expect(second).toContain('Recebido em 06/03/2026 · Dinheiro');
    expect(second).toContain('R$\u00a0200,00');
    // Without values, none of it.
    expect(pdfText((await open(await pdfUrl(id, false))).rawPayload)).not.toContain('Recebido em');
  });

  it('prints the reported problem, the scheduled time and the address chosen for the job', async () => {
    const { id } = await fullOrder();
    const first = await t.world.addAddress({ address: 'Rua Primeira', number: 1 });
    const chosen = await t.world.addAddress({
      address: 'Avenida do Serviço',
      number: 900,
      city: 'Campinas',
      state: 'SP',
    });
    expect(first).toBeDefined();
    const saved = await t.world.admin('POST', `/${id}/visit`, {
      reportedProblem: 'Câmara fria não chega a -18 °C',
      scheduledAt: '2026-11-25T09:30:00-03:00',
      address: chosen.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const text = pdfText((await open(await pdfUrl(id, false))).rawPayload);
    expect(text).toContain('PROBLEMA RELATADO');
    expect(text).toContain('Câmara fria não chega a -18 °C');
    expect(text).toContain('Agendada para');
    expect(text).toMatch(/25\/11\/2026,? 09:30/);
    expect(text).toContain('Avenida do Serviço, 900');
    expect(text).not.toContain('Rua Primeira');
  });

  it("a collaborator's request never carries values, even when asked", async () => {
    const { id } = await fullOrder();
    await t.world.assignWorker(id);
    const text = pdfText((await open(await pdfUrl(id, true, 'worker'))).rawPayload);
    expect(text).toContain('Limpeza de split');
    expect(text).not.toContain('R$');
  });

  it("a collaborator's PDF leaves out the purchase-order and fiscal-note numbers the API hides from them", async () => {
    const { id } = await fullOrder();
    await t.world.assignWorker(id);
    await t.world.admin('POST', `/${id}/info`, { invoiceInfo1: 'PC-7781', invoiceInfo2: 'NF-99123' });
    const admin = pdfText((await open(await pdfUrl(id, false))).rawPayload);
    expect(admin).toContain('PC-7781');
    expect(admin).toContain('NF-99123');
    const worker = pdfText((await open(await pdfUrl(id, false, 'worker'))).rawPayload);
    expect(worker).not.toContain('PC-7781');
    expect(worker).not.toContain('NF-99123');
  });

  it('a link stops working when its requester loses access: taken off the order, or deactivated', async () => {
    const { id } = await fullOrder();
    const line = await t.world.assignWorker(id);
    const url = await pdfUrl(id, false, 'worker');
    expect((await open(url)).statusCode).toBe(200);
    expect((await t.world.admin('DELETE', `/${id}/workers/${line.id}`)).statusCode).toBe(204);
    expect((await open(url)).statusCode).toBe(404);

    const adminUrl = await pdfUrl(id, true);
    await t.ctx.database.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, t.org.admin.id));
    try {
      expect((await open(adminUrl)).statusCode).toBe(404);
    } finally {
      await t.ctx.database.db.update(schema.users).set({ isActive: true }).where(eq(schema.users.id, t.org.admin.id));
    }
  });

  it('a stored logo that does not decode is left out; the PDF still opens', async () => {
    const { id } = await fullOrder();
    // A file that only starts like a PNG, stored as it could have been before uploads were decoded.
    const fake = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 7)]);
    const key = `${t.org.organization.id}/companies/${t.world.company.id}/logo-fake.png`;
    await t.ctx.app.storage.put(key, fake, 'image/png');
    await t.ctx.database.db
      .update(schema.companies)
      .set({ logoKey: key, logoContentType: 'image/png' })
      .where(eq(schema.companies.id, t.world.company.id));
    const res = await open(await pdfUrl(id, true));
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toContain(t.world.company.name);
  });

  it('prints the photos, and the signature with its evidence, marked when outdated', async () => {
    const { id } = await fullOrder();
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const mp = multipartFiles(
      'attachment',
      [1, 2, 3, 4].map((n) => ({ data: jpeg, filename: `foto-${n}.jpg`, contentType: 'image/jpeg' })),
    );
    const up = await t.ctx.app.inject({
      method: 'POST',
      url: t.world.url(`/${id}/attachments/pictures`),
      headers: { ...t.org.as(t.org.admin.token), ...mp.headers },
      payload: mp.payload,
    });
    expect(up.statusCode).toBe(201);
    const unsigned = pdfText((await open(await pdfUrl(id, true))).rawPayload);
    expect(unsigned).toContain('foto-4.jpg');
    expect(unsigned).toContain('Data: ____/____/________');

    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><rect width="300" height="120" fill="#fff"/><path d="M10 100 L 150 20 L 290 100" stroke="#000" stroke-width="3"/></svg>`;
    const signature = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
    const token = new URL((await t.world.admin('GET', `/${id}`)).json().signUrl, 'http://x').searchParams.get('token');
    const signed = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/public/invoices/${id}/sign?token=${token}`,
      payload: { signature, signerName: 'Joana Prado' },
      remoteAddress: '200.100.50.25',
    });
    expect(signed.statusCode).toBe(200);
    const pdf = (await open(await pdfUrl(id, true))).rawPayload;
    const text = pdfText(pdf);
    expect(text).toContain('Joana Prado');
    expect(text).toMatch(/Assinado eletronicamente em \d\d\/\d\d\/\d{4}, \d\d:\d\d/);
    expect(text).toContain('IP 200.100.50.25');
    expect(text).toMatch(/Código de verificação [0-9A-F]{4} [0-9A-F]{4} [0-9A-F]{4} [0-9A-F]{4}/);
    expect(text).not.toContain('DESATUALIZADA');
    // 4 photos and the signature are images in the file.
    expect((pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(2);

    await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
    const outdated = pdfText((await open(await pdfUrl(id, true))).rawPayload);
    expect(outdated).toContain('ASSINATURA DESATUALIZADA');
  });
});
