import { describe, expect, it } from 'vitest';
import { InvoiceState, type InvoiceStateValue } from '@ordem-certa/contracts';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// Payment, undo, the admin panel (info) and the discount.
const t = perFile({ world: invoiceWorld });
const { Draft, Todo, Wip, Blocked, Canceled, Completed } = InvoiceState;

async function orderIn(state: InvoiceStateValue, lines = true) {
  const { id } = await t.world.createInvoice();
  if (lines) await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
  await t.world.moveTo(id, state);
  return id;
}

describe('pay', () => {
  it('pays an order that is not Draft or Canceled, once', async () => {
    for (const state of [Todo, Wip, Blocked, Completed]) {
      const id = await orderIn(state);
      const res = await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-05', description: 'PIX' });
      expect(res.statusCode, String(state)).toBe(200);
      expect(res.json()).toMatchObject({ isPaid: true, paymentDate: '2026-03-05', paymentDescription: 'PIX' });
      const again = await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-06' });
      expect(again.statusCode).toBe(409);
      expect(again.json().errors).toEqual(['Esta ordem de serviço já está paga']);
      expect((await t.world.admin('GET', `/${id}`)).json().paymentDate).toBe('2026-03-05');
    }
  });

  it('409 on Draft and Canceled orders', async () => {
    for (const state of [Draft, Canceled]) {
      const id = await orderIn(state);
      const res = await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-05' });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual(['Ordens de serviço em rascunho ou canceladas não podem ser pagas']);
      expect((await t.world.admin('GET', `/${id}`)).json().isPaid).toBe(false);
    }
  });

  it('422 on date when missing or not a date; description optional', async () => {
    const id = await orderIn(Wip);
    for (const payload of [{}, { date: '' }, { date: '05/03/2026' }, { date: '2026-02-30' }]) {
      const res = await t.world.admin('POST', `/${id}/pay`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual({ date: ['Informe a data de pagamento'] });
    }
    const long = await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-05', description: 'x'.repeat(501) });
    expect(long.json().errors).toEqual({ description: ['Deve ter no máximo 500 caracteres'] });
    const ok = await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-05' });
    expect(ok.json()).toMatchObject({ isPaid: true, paymentDescription: null });
  });

  it('writes a System comment and the audit line', async () => {
    const id = await orderIn(Completed);
    await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-05', description: 'Boleto' });
    const comments = (await t.world.admin('GET', `/${id}/comments/type/4`)).json().data;
    expect(comments.at(-1).comment).toBe('Admin Teste registrou o pagamento de R$\u00a0180,00 em 05/03/2026 (Boleto).');
    const trail = (await t.world.auditOf(id)).filter((a) => a.action === 'update').at(-1)!;
    expect(trail.data).toEqual([
      { field: 'payments', before: null, after: 'R$\u00a0180,00 em 05/03/2026' },
      { field: 'isPaid', before: false, after: true },
      { field: 'paymentDate', before: null, after: '2026-03-05' },
      { field: 'paymentDescription', before: null, after: 'Boleto' },
    ]);
  });
});

describe('undo payment', () => {
  it('undoes a paid order and clears the payment; 409 when not paid', async () => {
    const id = await orderIn(Completed);
    const notPaid = await t.world.admin('POST', `/${id}/undo-payment`);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().errors).toEqual(['Esta ordem de serviço não está paga']);
    await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-05', description: 'PIX', method: 'pix' });
    const res = await t.world.admin('POST', `/${id}/undo-payment`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isPaid: false, paymentDate: null, paymentDescription: null });
    // Unpaid again, a Completed order may be reopened again.
    expect((await t.world.admin('GET', `/${id}/allowed-changes`)).json().data).toEqual([Wip]);
    const comments = (await t.world.admin('GET', `/${id}/comments/type/4`)).json().data;
    expect(comments.at(-1).comment).toBe('Admin Teste desfez o pagamento de R$\u00a0180,00 (PIX) em 05/03/2026.');
  });
});

describe('admin panel (info)', () => {
  it('saves purchase order, invoice number, 50% and bonus (empty bonus = 0) with the changed fields audited', async () => {
    const id = await orderIn(Wip);
    const res = await t.world.admin('POST', `/${id}/info`, {
      invoiceInfo1: ' PC-123 ',
      invoiceInfo2: 'NF 998',
      isPayingJustTheHalf: true,
      payrollBonus: 25.5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      invoiceInfo1: 'PC-123',
      invoiceInfo2: 'NF 998',
      isPayingJustTheHalf: true,
      payrollBonus: 25.5,
    });
    const cleared = await t.world.admin('POST', `/${id}/info`, {
      invoiceInfo1: 'PC-123',
      invoiceInfo2: '',
      isPayingJustTheHalf: true,
      payrollBonus: null,
    });
    expect(cleared.json()).toMatchObject({ invoiceInfo2: null, payrollBonus: 0 });
    const trail = (await t.world.auditOf(id)).filter((a) => a.action === 'update').at(-1)!;
    expect(trail.data).toEqual([
      { field: 'invoiceInfo2', before: 'NF 998', after: null },
      { field: 'payrollBonus', before: 25.5, after: 0 },
    ]);
  });

  it('422 per field', async () => {
    const id = await orderIn(Wip);
    const res = await t.world.admin('POST', `/${id}/info`, {
      invoiceInfo1: 'x'.repeat(101),
      payrollBonus: -1,
      isPayingJustTheHalf: 'sim',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['invoiceInfo1', 'isPayingJustTheHalf', 'payrollBonus']);
    const cents = await t.world.admin('POST', `/${id}/info`, { payrollBonus: 1.234 });
    expect(cents.json().errors).toEqual({ payrollBonus: ['Use no máximo 2 casas decimais'] });
  });

  it('locks the payroll fields on Draft, Canceled and Completed orders, not the purchase order and invoice number', async () => {
    for (const state of [Draft, Canceled, Completed]) {
      const id = await orderIn(state);
      const half = await t.world.admin('POST', `/${id}/info`, { isPayingJustTheHalf: true });
      expect(half.statusCode, String(state)).toBe(409);
      expect(half.json().errors).toEqual([
        'O pagamento de 50% e o bônus não podem ser alterados em ordens de serviço em rascunho, canceladas ou concluídas',
      ]);
      const bonus = await t.world.admin('POST', `/${id}/info`, { payrollBonus: 10 });
      expect(bonus.statusCode).toBe(409);
      const nf = await t.world.admin('POST', `/${id}/info`, { invoiceInfo2: 'NF 1' });
      expect(nf.statusCode).toBe(200);
      expect(nf.json()).toMatchObject({ invoiceInfo2: 'NF 1', isPayingJustTheHalf: false, payrollBonus: 0 });
    }
  });
});

describe('discount', () => {
  it('sets, changes and removes (0) the discount; the total follows', async () => {
    const id = await orderIn(Wip); // subtotal 180
    const res = await t.world.admin('POST', `/${id}/discount`, { discount: 30.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subTotal: 180, discount: 30.5, total: 149.5 });
    expect((await t.world.admin('POST', `/${id}/discount`, { discount: 180 })).json().total).toBe(0);
    expect((await t.world.admin('POST', `/${id}/discount`, { discount: 0 })).json()).toMatchObject({
      discount: 0,
      total: 180,
    });
    const trail = (await t.world.auditOf(id)).filter((a) => a.action === 'update').at(-1)!;
    expect(trail.data).toEqual([{ field: 'discount', before: 180, after: 0 }]);
  });

  it('422: above the subtotal, below 0.01, more than 2 decimals, missing', async () => {
    const id = await orderIn(Wip);
    const cases: Array<[object, string]> = [
      [{ discount: 180.01 }, 'O desconto não pode ser maior que o subtotal'],
      [{ discount: 0.001 }, 'Use no máximo 2 casas decimais'],
      [{ discount: -1 }, 'O valor deve ser no mínimo 0'],
      [{}, 'Informe um valor'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.world.admin('POST', `/${id}/discount`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.discount).toContain(message);
    }
    expect((await t.world.admin('GET', `/${id}`)).json().discount).toBe(0);
  });

  it('409 on Canceled or paid orders', async () => {
    const canceled = await orderIn(Canceled);
    const paid = await orderIn(Completed);
    await t.world.admin('POST', `/${paid}/pay`, { date: '2026-03-05' });
    for (const id of [canceled, paid]) {
      const res = await t.world.admin('POST', `/${id}/discount`, { discount: 10 });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual(['O desconto não pode ser alterado em ordens de serviço canceladas ou pagas']);
    }
  });
});
