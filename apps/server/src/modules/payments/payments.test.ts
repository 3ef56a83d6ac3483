import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { InvoiceState, type InvoiceStateValue } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { notifyOverdueReceivables } from './receivable-job.ts';

// An order's payments and instalments, 'Pagar' / 'Desfazer pagamento' on top of them, the receivables
// list and its overdue notifications.
const t = perFile({ other: true, world: invoiceWorld });
const { Draft, Wip, Completed, Canceled } = InvoiceState;

/** An order of R$ 180,00 less `discount` (R$ 80,00 makes it R$ 100,00), moved to `state`. */
async function orderOf(discount = 80, state: InvoiceStateValue = Wip, world = t.world) {
  const { id } = await world.createInvoice();
  await world.admin('POST', `/${id}/services`, { service: world.service.id, quantity: 1 });
  if (discount) await world.admin('POST', `/${id}/discount`, { discount });
  await world.moveTo(id, state);
  return id;
}
const pix = (amount: number, paidAt = '2026-03-05') => ({ amount, method: 'pix', paidAt });
const payments = (id: number) => t.world.admin('GET', `/${id}/payments`);
const receivablesUrl = (rest = '') => `/api/organizations/${t.org.organization.id}/receivables${rest}`;
const asAdmin = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  t.ctx.app.inject({ method, url, headers: t.org.as(t.org.admin.token), ...(payload ? { payload } : {}) });

describe('access', () => {
  it('401 without a token', async () => {
    const id = await orderOf();
    const url = `/api/organizations/${t.org.organization.id}/invoices/${id}/payments`;
    expect((await t.ctx.app.inject({ url })).statusCode).toBe(401);
    expect((await t.ctx.app.inject({ url: receivablesUrl() })).statusCode).toBe(401);
  });

  it("another organization's order or instalment is a 404, and nothing is written", async () => {
    const theirs = await orderOf(80, Wip, t.theirs);
    await t.theirs.admin('POST', `/${theirs}/installments`, {
      count: 2,
      firstDueDate: '2026-04-10',
      method: 'boleto',
    });
    const { installments } = (await t.theirs.admin('GET', `/${theirs}/payments`)).json();
    const paid = await t.theirs.admin('POST', `/${theirs}/payments`, pix(0.01));
    expect(paid.statusCode).toBe(422); // all of it is in instalments
    expect((await t.world.admin('GET', `/${theirs}/payments`)).statusCode).toBe(404);
    expect((await t.world.admin('POST', `/${theirs}/payments`, pix(10))).statusCode).toBe(404);
    expect(
      (await t.world.admin('POST', `/${theirs}/installments`, { count: 2, firstDueDate: '2026-04-10', method: 'pix' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await asAdmin(receivablesUrl(`/${installments[0].id}/pay`), 'POST', { paidAt: '2026-04-10' })).statusCode,
    ).toBe(404);
    const after = (await t.theirs.admin('GET', `/${theirs}/payments`)).json();
    expect(after.paid).toBe(0);
    expect(after.installments.every((x: { status: string }) => x.status !== 'paid')).toBe(true);
    // Their instalments are not in our list.
    const mine = (await asAdmin(receivablesUrl('?take=100'))).json();
    expect(mine.data.some((x: { invoiceId: number }) => x.invoiceId === theirs)).toBe(false);
  });

  it('a collaborator gets 403 on every payment route, even on an order they work on', async () => {
    const id = await orderOf();
    await t.world.assignWorker(id);
    const { id: paymentId } = (await t.world.admin('POST', `/${id}/payments`, pix(10))).json().payments[0];
    expect((await t.world.worker('GET', `/${id}/payments`)).statusCode).toBe(403);
    expect((await t.world.worker('POST', `/${id}/payments`, pix(10))).statusCode).toBe(403);
    expect((await t.world.worker('DELETE', `/${id}/payments/${paymentId}`)).statusCode).toBe(403);
    expect(
      (await t.world.worker('POST', `/${id}/installments`, { count: 2, firstDueDate: '2026-04-10', method: 'pix' }))
        .statusCode,
    ).toBe(403);
    const headers = t.org.as(t.org.worker.token);
    expect((await t.ctx.app.inject({ url: receivablesUrl(), headers })).statusCode).toBe(403);
    expect((await t.ctx.app.inject({ url: receivablesUrl('/csv'), headers })).statusCode).toBe(403);
    // Their order screen carries no money.
    const detail = (await t.world.worker('GET', `/${id}`)).json();
    expect(detail.total).toBeUndefined();
  });
});

describe('payments', () => {
  it('partial payments make the order paid when they cover the total', async () => {
    const id = await orderOf();
    const first = await t.world.admin('POST', `/${id}/payments`, { ...pix(30), note: 'Sinal' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ total: 100, paid: 30, balance: 70, isPaid: false });
    expect(first.json().payments[0]).toMatchObject({
      amount: 30,
      method: 'pix',
      paidAt: '2026-03-05',
      note: 'Sinal',
      createdByName: 'Admin Teste',
    });
    expect((await t.world.admin('GET', `/${id}`)).json().isPaid).toBe(false);
    const rest = await t.world.admin('POST', `/${id}/payments`, {
      amount: 70,
      method: 'cartao_credito',
      paidAt: '2026-03-07',
    });
    expect(rest.json()).toMatchObject({ paid: 100, balance: 0, isPaid: true });
    expect((await t.world.admin('GET', `/${id}`)).json()).toMatchObject({ isPaid: true, paymentDate: '2026-03-07' });
    // Paid in full: nothing more to receive.
    const more = await t.world.admin('POST', `/${id}/payments`, pix(1));
    expect(more.statusCode).toBe(409);
    expect(more.json().errors).toEqual(['Esta ordem de serviço não tem saldo a receber']);
  });

  it('422 on amount above the balance, with the balance in the message; nothing written', async () => {
    const id = await orderOf();
    await t.world.admin('POST', `/${id}/payments`, pix(30));
    const res = await t.world.admin('POST', `/${id}/payments`, pix(70.01));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ amount: ['O valor passa do saldo a receber (R$\u00a070,00)'] });
    expect((await payments(id)).json()).toMatchObject({ paid: 30, balance: 70 });
  });

  it('422 on each field: amount, method, paidAt, note', async () => {
    const id = await orderOf();
    const res = await t.world.admin('POST', `/${id}/payments`, {
      amount: 0,
      method: 'cheque',
      paidAt: '05/03/2026',
      note: 'x'.repeat(501),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      amount: ['O valor deve ser maior que zero'],
      method: ['Selecione a forma de pagamento'],
      paidAt: ['Informe a data do pagamento'],
      note: ['Deve ter no máximo 500 caracteres'],
    });
    const cents = await t.world.admin('POST', `/${id}/payments`, pix(10.005));
    expect(cents.json().errors).toEqual({ amount: ['Use no máximo 2 casas decimais'] });
  });

  it('409 on Draft and Canceled orders', async () => {
    for (const state of [Draft, Canceled]) {
      const id = await orderOf(80, state);
      const res = await t.world.admin('POST', `/${id}/payments`, pix(10));
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual(['Ordens de serviço em rascunho ou canceladas não podem ser pagas']);
    }
  });

  it('deleting a payment makes a paid order unpaid again, audited with a System comment', async () => {
    const id = await orderOf(80, Completed);
    await t.world.admin('POST', `/${id}/payments`, pix(40));
    const paid = await t.world.admin('POST', `/${id}/payments`, {
      amount: 60,
      method: 'dinheiro',
      paidAt: '2026-03-06',
    });
    expect(paid.json().isPaid).toBe(true);
    const cash = paid.json().payments.find((x: { method: string }) => x.method === 'dinheiro');
    const res = await t.world.admin('DELETE', `/${id}/payments/${cash.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paid: 40, balance: 60, isPaid: false });
    expect((await t.world.admin('GET', `/${id}`)).json()).toMatchObject({ isPaid: false, paymentDate: null });
    // The 'Contas a receber' report shows what is left, not the total.
    const report = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/reports/receivables/data`,
      headers: t.org.as(t.org.admin.token),
      payload: {},
    });
    const number = (await t.world.admin('GET', `/${id}`)).json().number;
    expect(report.json().body.find((r: unknown[]) => r[0] === number)?.[5]).toBe(60);
    const trail = (await t.world.auditOf(id)).filter((a) => a.action === 'update').at(-1)!;
    expect(trail.data).toEqual([
      { field: 'payments', before: 'R$\u00a060,00 (Dinheiro) em 06/03/2026', after: null },
      { field: 'isPaid', before: true, after: false },
      { field: 'paymentDate', before: '2026-03-06', after: null },
    ]);
    const comments = (await t.world.admin('GET', `/${id}/comments/type/4`)).json().data;
    expect(comments.at(-1).comment).toBe('Admin Teste removeu o pagamento de R$\u00a060,00 (Dinheiro) em 06/03/2026.');
    // Gone: a second delete is a 404, as is a payment of another order.
    expect((await t.world.admin('DELETE', `/${id}/payments/${cash.id}`)).statusCode).toBe(404);
    const other = await orderOf();
    const pixId = res.json().payments[0].id;
    expect((await t.world.admin('DELETE', `/${other}/payments/${pixId}`)).statusCode).toBe(404);
  });

  it('a new total settles the order again: a discount forgiving the rest pays it, a line added owes again', async () => {
    const id = await orderOf(0);
    await t.world.admin('POST', `/${id}/payments`, pix(170));
    expect((await payments(id)).json()).toMatchObject({ total: 180, balance: 10, isPaid: false });
    const discount = await t.world.admin('POST', `/${id}/discount`, { discount: 10 });
    expect(discount.json()).toMatchObject({ isPaid: true, total: 170, paymentDate: '2026-03-05' });
    const trail = (await t.world.auditOf(id)).filter((a) => a.action === 'update').at(-1)!;
    expect(trail.data).toEqual([
      { field: 'discount', before: 0, after: 10 },
      { field: 'isPaid', before: false, after: true },
      { field: 'paymentDate', before: null, after: '2026-03-05' },
    ]);
    await t.world.admin('POST', `/${id}/products`, { product: t.world.product.id, quantity: 1 });
    expect((await payments(id)).json()).toMatchObject({ total: 205.9, balance: 35.9, isPaid: false });
    expect((await t.world.admin('GET', `/${id}`)).json()).toMatchObject({ isPaid: false, paymentDate: null });
  });

  it('two payments at once cannot pay more than the total (the order row lock)', async () => {
    const id = await orderOf();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.world.admin('POST', `/${id}/payments`, pix(60))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422, 422, 422]);
    const [row] = await t.ctx.database.db
      .select({ paid: sql<string>`sum(${schema.invoicePayments.amountCents})` })
      .from(schema.invoicePayments)
      .where(eq(schema.invoicePayments.invoiceId, id));
    expect(Number(row!.paid)).toBe(6000);
  });
});

describe("'Pagar' and 'Desfazer pagamento' on payments", () => {
  it("'Pagar' records one payment of what is due after a deposit; undo removes only that one", async () => {
    const id = await orderOf(80, Completed);
    await t.world.admin('POST', `/${id}/payments`, pix(30, '2026-03-01'));
    const res = await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-05', description: 'Maquininha' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isPaid: true, paymentDate: '2026-03-05', paymentDescription: 'Maquininha' });
    const after = (await payments(id)).json();
    expect(after).toMatchObject({ paid: 100, balance: 0, isPaid: true });
    expect(
      after.payments.map((x: { amount: number; method: string | null; note: string | null }) => [
        x.amount,
        x.method,
        x.note,
      ]),
    ).toEqual([
      [30, 'pix', null],
      [70, null, 'Maquininha'],
    ]);
    const undo = await t.world.admin('POST', `/${id}/undo-payment`);
    expect(undo.json()).toMatchObject({ isPaid: false, paymentDate: null, paymentDescription: null });
    expect((await payments(id)).json()).toMatchObject({ paid: 30, balance: 70, isPaid: false });
  });

  it("'Pagar' with a method; an order of total 0 is only marked paid, and unmarked", async () => {
    const id = await orderOf();
    await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-05', method: 'boleto' });
    expect((await payments(id)).json().payments.map((x: { method: string }) => x.method)).toEqual(['boleto']);
    const free = await orderOf(180);
    const res = await t.world.admin('POST', `/${free}/pay`, { date: '2026-03-05' });
    expect(res.json()).toMatchObject({ isPaid: true, total: 0 });
    expect((await payments(free)).json().payments).toEqual([]);
    expect((await t.world.admin('POST', `/${free}/undo-payment`)).json().isPaid).toBe(false);
  });

  it("'Pagar' receives the whole balance: open instalments are dropped", async () => {
    const id = await orderOf();
    await t.world.admin('POST', `/${id}/installments`, { count: 2, firstDueDate: '2026-04-10', method: 'boleto' });
    await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-05' });
    expect((await payments(id)).json()).toMatchObject({ paid: 100, isPaid: true, installments: [] });
  });
});

describe('instalments', () => {
  it('splits 100,00 into 33,33 + 33,33 + 33,34, monthly on the same day clamped to the month end', async () => {
    const id = await orderOf();
    const res = await t.world.admin('POST', `/${id}/installments`, {
      count: 3,
      firstDueDate: '2026-01-31',
      method: 'cartao_credito',
      interval: 'monthly',
    });
    expect(res.statusCode).toBe(201);
    const rows = res.json().installments;
    expect(rows.map((x: { amount: number }) => x.amount)).toEqual([33.33, 33.33, 33.34]);
    expect(rows.map((x: { dueDate: string }) => x.dueDate)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(rows.map((x: { installmentNumber: number }) => x.installmentNumber)).toEqual([1, 2, 3]);
    expect(rows.every((x: { installmentCount: number; method: string }) => x.installmentCount === 3)).toBe(true);
    expect(res.json()).toMatchObject({ balance: 100, unscheduled: 0, isPaid: false });
    const leap = await orderOf();
    const feb = await t.world.admin('POST', `/${leap}/installments`, {
      count: 2,
      firstDueDate: '2028-01-31',
      method: 'pix',
    });
    expect(feb.json().installments.map((x: { dueDate: string }) => x.dueDate)).toEqual(['2028-01-31', '2028-02-29']);
  });

  it('splits what a deposit leaves; a free payment may not take what instalments hold', async () => {
    const id = await orderOf();
    await t.world.admin('POST', `/${id}/payments`, pix(10));
    const plan = await t.world.admin('POST', `/${id}/installments`, {
      count: 3,
      firstDueDate: '2020-05-10',
      method: 'boleto',
    });
    expect(plan.json().installments.map((x: { amount: number }) => x.amount)).toEqual([30, 30, 30]);
    const free = await t.world.admin('POST', `/${id}/payments`, pix(5));
    expect(free.statusCode).toBe(422);
    expect(free.json().errors.amount).toEqual([
      'O valor passa do saldo fora das parcelas (R$\u00a00,00). Registre o recebimento pela parcela.',
    ]);
  });

  it('422 on count, firstDueDate and method; 409 with nothing due', async () => {
    const id = await orderOf();
    const bad = await t.world.admin('POST', `/${id}/installments`, { count: 0, firstDueDate: '', method: 'x' });
    expect(bad.json().errors).toEqual({
      count: ['Informe de 1 a 48 parcelas'],
      firstDueDate: ['Informe o vencimento da primeira parcela'],
      method: ['Selecione a forma de pagamento'],
    });
    const interval = await t.world.admin('POST', `/${id}/installments`, {
      count: 2,
      firstDueDate: '2026-04-10',
      method: 'pix',
      interval: 'weekly',
    });
    expect(Object.keys(interval.json().errors)).toEqual(['interval']);
    const cents = await orderOf(179.98);
    const tooMany = await t.world.admin('POST', `/${cents}/installments`, {
      count: 3,
      firstDueDate: '2026-04-10',
      method: 'pix',
    });
    expect(tooMany.json().errors).toEqual({ count: ['O saldo não dá R$ 0,01 por parcela'] });
    await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-05' });
    const none = await t.world.admin('POST', `/${id}/installments`, {
      count: 2,
      firstDueDate: '2026-04-10',
      method: 'pix',
    });
    expect(none.statusCode).toBe(409);
  });

  it('receiving an instalment records its payment; twice is 409; deleting the payment reopens it', async () => {
    const id = await orderOf();
    const { installments } = (
      await t.world.admin('POST', `/${id}/installments`, {
        count: 2,
        firstDueDate: '2026-04-10',
        method: 'cartao_credito',
      })
    ).json();
    const [first, second] = installments;
    const res = await asAdmin(receivablesUrl(`/${first.id}/pay`), 'POST', { paidAt: '2026-04-11' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, status: 'paid', paidAt: '2026-04-11', amount: 50 });
    const again = await asAdmin(receivablesUrl(`/${first.id}/pay`), 'POST', { paidAt: '2026-04-11' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['Esta parcela já foi recebida']);
    let state = (await payments(id)).json();
    expect(state.payments).toMatchObject([{ amount: 50, method: 'cartao_credito', receivableId: first.id }]);
    expect(state).toMatchObject({ paid: 50, isPaid: false });
    await asAdmin(receivablesUrl(`/${second.id}/pay`), 'POST', { paidAt: '2026-05-10' });
    expect((await payments(id)).json().isPaid).toBe(true);
    // Removing the first instalment's payment reopens it.
    const payment = state.payments[0].id;
    state = (await t.world.admin('DELETE', `/${id}/payments/${payment}`)).json();
    expect(state.isPaid).toBe(false);
    expect(state.installments.find((x: { id: number }) => x.id === first.id)).toMatchObject({
      paymentId: null,
      paidAt: null,
    });
  });

  it('two receipts of one instalment at once record one payment', async () => {
    const id = await orderOf();
    const { installments } = (
      await t.world.admin('POST', `/${id}/installments`, { count: 2, firstDueDate: '2026-04-10', method: 'pix' })
    ).json();
    const results = await Promise.all(
      [1, 2, 3].map(() => asAdmin(receivablesUrl(`/${installments[0].id}/pay`), 'POST', { paidAt: '2026-04-10' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await payments(id)).json().payments).toHaveLength(1);
  });

  it('a new plan replaces the open instalments; received ones stay', async () => {
    const id = await orderOf();
    const { installments } = (
      await t.world.admin('POST', `/${id}/installments`, { count: 4, firstDueDate: '2026-04-10', method: 'boleto' })
    ).json();
    await asAdmin(receivablesUrl(`/${installments[0].id}/pay`), 'POST', { paidAt: '2026-04-10' });
    const res = await t.world.admin('POST', `/${id}/installments`, {
      count: 2,
      firstDueDate: '2026-06-01',
      method: 'pix',
    });
    expect(
      res
        .json()
        .installments.map((x: { amount: number; status: string; installmentCount: number }) => [
          x.amount,
          x.installmentCount,
          x.status === 'paid',
        ]),
    ).toEqual([
      [25, 4, true],
      [37.5, 2, false],
      [37.5, 2, false],
    ]);
  });

  it('cancelling the order drops its open instalments; received ones and their payments stay', async () => {
    const id = await orderOf();
    const { installments } = (
      await t.world.admin('POST', `/${id}/installments`, { count: 3, firstDueDate: '2026-04-10', method: 'boleto' })
    ).json();
    await asAdmin(receivablesUrl(`/${installments[0].id}/pay`), 'POST', { paidAt: '2026-04-10' });
    await t.world.moveTo(id, Canceled);
    const after = (await payments(id)).json();
    expect(after.installments).toHaveLength(1);
    expect(after.installments[0]).toMatchObject({ status: 'paid' });
    expect(after.paid).toBe(33.33);
    const trail = (await t.world.auditOf(id)).filter((a) => a.action === 'update').at(-1)!;
    expect(trail.data).toContainEqual({ field: 'installments', before: '2 em aberto', after: null });
  });
});

describe('receivables list', () => {
  it('status by the due date, filters, customer search, paging, total and sum', async () => {
    const customer = t.world.otherCustomer;
    const { id } = await t.world.createInvoice(customer.id);
    await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
    await t.world.admin('POST', `/${id}/discount`, { discount: 80 });
    await t.world.moveTo(id, Wip);
    // 2020-01-15, 2020-02-15 and 2020-03-15: long past; the first received.
    const past = (
      await t.world.admin('POST', `/${id}/installments`, { count: 3, firstDueDate: '2020-01-15', method: 'boleto' })
    ).json().installments;
    await asAdmin(receivablesUrl(`/${past[0].id}/pay`), 'POST', { paidAt: '2020-01-20' });
    // The rest of another order of the same customer falls due far ahead.
    const { id: later } = await t.world.createInvoice(customer.id);
    await t.world.admin('POST', `/${later}/services`, { service: t.world.service.id, quantity: 1 });
    await t.world.moveTo(later, Wip);
    await t.world.admin('POST', `/${later}/installments`, { count: 1, firstDueDate: '2099-12-31', method: 'pix' });

    const q = `customer=${encodeURIComponent(customer.name.toLowerCase().replace('beatriz', 'BEATRIZ'))}`;
    const all = (await asAdmin(receivablesUrl(`?${q}`))).json();
    expect(all.meta).toMatchObject({ total: 4, sum: 280 });
    expect(all.data.map((x: { status: string; dueDate: string }) => [x.dueDate, x.status])).toEqual([
      ['2020-01-15', 'paid'],
      ['2020-02-15', 'overdue'],
      ['2020-03-15', 'overdue'],
      ['2099-12-31', 'open'],
    ]);
    expect(all.data[0]).toMatchObject({
      invoiceId: id,
      customerName: customer.name,
      amount: 33.33,
      method: 'boleto',
      paidAt: '2020-01-20',
      installmentNumber: 1,
      installmentCount: 3,
    });
    const overdue = (await asAdmin(receivablesUrl(`?${q}&status=overdue`))).json();
    expect(overdue.meta).toMatchObject({ total: 2, sum: 66.67 });
    expect((await asAdmin(receivablesUrl(`?${q}&status=open`))).json().meta).toMatchObject({ total: 1, sum: 180 });
    expect((await asAdmin(receivablesUrl(`?${q}&status=paid`))).json().meta).toMatchObject({ total: 1, sum: 33.33 });
    const range = (await asAdmin(receivablesUrl(`?${q}&from=2020-02-01&to=2020-03-14`))).json();
    expect(range.data.map((x: { dueDate: string }) => x.dueDate)).toEqual(['2020-02-15']);
    const paged = (await asAdmin(receivablesUrl(`?${q}&skip=1&take=2`))).json();
    expect(paged.meta).toMatchObject({ total: 4, skip: 1, take: 2, sum: 280 });
    expect(paged.data.map((x: { dueDate: string }) => x.dueDate)).toEqual(['2020-02-15', '2020-03-15']);
    expect((await asAdmin(receivablesUrl('?customer=ninguem-com-este-nome'))).json().meta).toMatchObject({
      total: 0,
      sum: 0,
    });
  });

  it('422 on a bad status or dates out of order', async () => {
    const res = await asAdmin(receivablesUrl('?status=late&from=2026-05-01&to=2026-04-01'));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['status']);
    const order = await asAdmin(receivablesUrl('?from=2026-05-01&to=2026-04-01'));
    expect(order.json().errors).toEqual({ to: ['A data final deve ser igual ou posterior à inicial'] });
  });

  it('exports the filtered rows as CSV', async () => {
    const id = await orderOf();
    await t.world.admin('POST', `/${id}/installments`, {
      count: 2,
      firstDueDate: '2021-07-31',
      method: 'cartao_credito',
    });
    const res = await asAdmin(receivablesUrl('?from=2021-07-01&to=2021-08-31'));
    expect(res.json().meta.total).toBe(2);
    const csv = await asAdmin(receivablesUrl('/csv?from=2021-07-01&to=2021-08-31'));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('Contas a receber');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('OS;Cliente;Parcela;Vencimento;Valor;Forma de pagamento;Situação;Recebida em');
    expect(lines.slice(1).map((l) => l.split(';').slice(2))).toEqual([
      ['1/2', '31/07/2021', '50,00', 'Cartão de crédito', 'Vencida', ''],
      ['2/2', '31/08/2021', '50,00', 'Cartão de crédito', 'Vencida', ''],
    ]);
  });
});

describe('overdue notifications', () => {
  it('tells the admins once of each instalment past due, never of one not yet due or received', async () => {
    const id = await orderOf();
    const plan = (
      await t.world.admin('POST', `/${id}/installments`, { count: 3, firstDueDate: '2022-11-30', method: 'boleto' })
    ).json().installments;
    await asAdmin(receivablesUrl(`/${plan[0].id}/pay`), 'POST', { paidAt: '2022-11-30' });
    const future = await orderOf();
    const ahead = (
      await t.world.admin('POST', `/${future}/installments`, { count: 1, firstDueDate: '2099-01-01', method: 'pix' })
    ).json().installments;

    const db = t.ctx.database.db;
    const n = schema.notifications;
    const notified = async (receivableId: number) =>
      db
        .select({ title: n.title, description: n.description, url: n.url })
        .from(n)
        .where(and(eq(n.userId, t.org.admin.id), eq(n.sourceKey, `receivable-overdue:${receivableId}`)));

    await notifyOverdueReceivables(db);
    await notifyOverdueReceivables(db);
    expect(await notified(plan[0].id)).toEqual([]);
    expect(await notified(ahead[0].id)).toEqual([]);
    const [one, ...more] = await notified(plan[1].id);
    expect(more).toEqual([]);
    expect(one).toMatchObject({ title: 'Parcela vencida', url: `/invoices/${id}/edit` });
    expect(one!.description).toMatch(
      /^Parcela 2\/3 da OS \d+ \(Cliente Álvaro .+\), R\$\u00a033,33, venceu e não foi recebida\.$/,
    );
    expect(await notified(plan[2].id)).toHaveLength(1);
    // Stamped, so the next tick finds nothing of this order.
    const stamped = await db
      .select({ at: schema.receivables.overdueNotifiedAt })
      .from(schema.receivables)
      .where(eq(schema.receivables.invoiceId, id));
    expect(stamped.filter((x) => x.at !== null)).toHaveLength(2);
    const all = await db.select().from(n).where(like(n.sourceKey, 'receivable-overdue:%'));
    expect(new Set(all.map((x) => `${x.userId}:${x.sourceKey}`)).size).toBe(all.length);
  });
});

describe('orders paid before payments existed', () => {
  it('every paid order of the demo data is covered by its payments', async () => {
    const rows = await t.ctx.database.db.execute(sql`
      SELECT i.id FROM invoices i
       WHERE i.is_paid AND i.subtotal_cents - i.discount_cents > 0
         AND i.subtotal_cents - i.discount_cents
             <> coalesce((SELECT sum(p.amount_cents) FROM invoice_payments p WHERE p.invoice_id = i.id), 0)`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  // The migration's own statement, run here over one order paid the old way (no payment row).
  it('the migration gives each of them one payment of its total, on its payment date', async () => {
    const id = await orderOf(80, Completed);
    const unpaid = await orderOf(80, Completed);
    await t.ctx.database.db
      .update(schema.invoices)
      .set({ isPaid: true, paymentDate: '2025-12-01', paymentDescription: 'Cheque' })
      .where(eq(schema.invoices.id, id));
    const file = readFileSync(
      new URL('../../../../../packages/db/migrations/20261125T1100_invoice_payments.sql', import.meta.url),
      'utf8',
    );
    const backfill = file.slice(file.indexOf('INSERT INTO invoice_payments'));
    expect(backfill).toMatch(/^INSERT INTO invoice_payments[\s\S]+WHERE i\.is_paid[\s\S]+;\s*$/);
    // Over the orders paid the old way only (the others here already have their payments).
    await t.ctx.database.db.execute(sql.raw(backfill.replace(/;\s*$/, ` AND i.id = ${id};`)));
    expect((await payments(id)).json()).toMatchObject({
      paid: 100,
      balance: 0,
      isPaid: true,
      payments: [{ amount: 100, method: null, paidAt: '2025-12-01', note: 'Cheque', receivableId: null }],
    });
    expect((await payments(unpaid)).json()).toMatchObject({ paid: 0, payments: [] });
  });
});
