import { describe, expect, it } from 'vitest';
import { crc16, InvoiceState, pixMessages } from '@ordem-certa/contracts';
import { worldPerFile } from '../../../test/invoice-fixtures.ts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';

// PIX: the company's key (validated by kind), and the static BR Code of what is still due on the
// order's PDF and public page; nothing without a key, without values, or once paid.
const t = worldPerFile();

const setKey = (pixKey: string | null, token = t.org.admin.token) =>
  t.ctx.app.inject({
    method: 'PUT',
    url: `/api/organizations/${t.org.organization.id}/companies/${t.world.company.id}/pix`,
    headers: t.org.as(token),
    payload: { pixKey },
  });
const tokenOf = (signUrl: string) => new URL(signUrl, 'http://x').searchParams.get('token')!;

async function pricedOrder() {
  const { id, number } = await t.world.createInvoice();
  await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 2 });
  await t.world.moveTo(id, InvoiceState.Wip);
  const detail = (await t.world.admin('GET', `/${id}`)).json();
  return { id, number, detail };
}

describe('company PIX key', () => {
  it('is normalized by kind, refused with a pt-BR message on the field, removed with null; admin only', async () => {
    const saved = await setKey('+55 (11) 98765-4321');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().pixKey).toBe('+5511987654321');
    const bad = await setKey('12345');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { pixKey: [pixMessages.invalidKey] } });
    expect((await setKey(null)).json().pixKey).toBeNull();
    expect((await setKey('financeiro@oficina.com.br', t.org.worker.token)).statusCode).toBe(403);
  });
});

describe('PIX on the order', () => {
  it('the public page and the PDF carry the code of the amount due; a collaborator link and a paid order do not', async () => {
    await setKey('financeiro@oficina.com.br');
    const { id, number, detail } = await pricedOrder();
    const total = detail.total as number;

    const page = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/public/invoices/${id}?token=${tokenOf(detail.signUrl)}`,
    });
    const pix = page.json().pix as { code: string; qr: string; amount: number };
    expect(pix.amount).toBe(total);
    expect(pix.code).toContain('0014br.gov.bcb.pix0125financeiro@oficina.com.br');
    expect(pix.code).toContain(`54${String(total.toFixed(2).length).padStart(2, '0')}${total.toFixed(2)}`);
    const reference = `OS${number}`;
    expect(pix.code).toContain(`05${String(reference.length).padStart(2, '0')}${reference}`);
    expect(pix.code.slice(-4)).toBe(crc16(pix.code.slice(0, -4)));
    expect(pix.qr).toMatch(/^data:image\/png;base64,/);

    const link = await t.world.admin('POST', `/${id}/pdf`, { showValues: true });
    const text = pdfText((await t.ctx.app.inject({ method: 'GET', url: link.json().url })).rawPayload).replace(
      /\s+/g,
      '',
    );
    expect(text).toContain('PAGAMENTOPORPIX');
    expect(text).toContain(pix.code.replace(/\s+/g, ''));

    // A collaborator's link shows no values, so no PIX either.
    await t.world.assignWorker(id);
    const forWorker = (await t.world.worker('GET', `/${id}`)).json();
    const workerPage = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/public/invoices/${id}?token=${tokenOf(forWorker.signUrl)}`,
    });
    expect(workerPage.json().pix ?? null).toBeNull();

    // After a deposit, the code is of what is left.
    expect(
      (await t.world.admin('POST', `/${id}/payments`, { amount: 10, method: 'pix', paidAt: '2026-11-19' })).statusCode,
    ).toBe(201);
    const rest = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/public/invoices/${id}?token=${tokenOf(detail.signUrl)}`,
    });
    expect(rest.json().pix.amount).toBe(Math.round((total - 10) * 100) / 100);
    const restLink = await t.world.admin('POST', `/${id}/pdf`, { showValues: true });
    const restText = pdfText((await t.ctx.app.inject({ method: 'GET', url: restLink.json().url })).rawPayload).replace(
      /\s+/g,
      '',
    );
    expect(restText).toContain(rest.json().pix.code.replace(/\s+/g, ''));

    // Paid: nothing due.
    expect((await t.world.admin('POST', `/${id}/complete`)).statusCode).toBe(200);
    expect((await t.world.admin('POST', `/${id}/pay`, { date: '2026-11-20' })).statusCode).toBe(200);
    const paid = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/public/invoices/${id}?token=${tokenOf(detail.signUrl)}`,
    });
    expect(paid.json().pix ?? null).toBeNull();
  });

  it('without a key there is no PIX anywhere', async () => {
    await setKey(null);
    const { id, detail } = await pricedOrder();
    const page = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/public/invoices/${id}?token=${tokenOf(detail.signUrl)}`,
    });
    expect(page.json().pix ?? null).toBeNull();
  });
});

describe('PIX on the estimate PDF', () => {
  it('a sent quote prints its deposit as PIX (none without one); a draft does not', async () => {
    await setKey('+5511987654321');
    const est = (url: string, method: 'GET' | 'POST' | 'PATCH' = 'GET', payload?: object) =>
      t.ctx.app.inject({
        method,
        url: `/api/organizations/${t.org.organization.id}/estimates${url}`,
        headers: t.org.as(t.org.admin.token),
        ...(payload ? { payload } : {}),
      });
    const created = await est('', 'POST', {
      company: t.world.company.id,
      customer: t.world.customer.id,
      transactionNature: t.world.nature.id,
    });
    const { id, number } = created.json() as { id: number; number: number };
    expect(
      (await est(`/${id}/services`, 'POST', { service: t.world.service.id, quantity: 1, isGrouped: false })).statusCode,
    ).toBe(201);
    const printed = async () => {
      const link = await est(`/${id}/pdf`, 'POST');
      expect(link.statusCode, link.body).toBe(200);
      return pdfText((await t.ctx.app.inject({ method: 'GET', url: link.json().url })).rawPayload).replace(/\s+/g, '');
    };
    expect((await est(`/${id}/deposit`, 'POST', { kind: 'percent', value: 50 })).statusCode).toBe(200);
    expect(await printed()).not.toContain('PAGAMENTOPORPIX');
    expect((await est(`/${id}`, 'PATCH', { status: 1 })).statusCode).toBe(200);
    const text = await printed();
    expect(text).toContain('PAGAMENTOPORPIX');
    // Half of the R$ 180,00 service: the deposit, not the total.
    expect(text).toContain('Valor:R$90,00');
    expect((await est(`/${id}/deposit`, 'POST', { kind: 'none' })).statusCode).toBe(200);
    expect(await printed()).not.toContain('PAGAMENTOPORPIX');
    expect(text).toContain(`0114+5511987654321`);
    expect(text).toContain(`ORC${number}`);
  });
});
