import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { InvoiceState, messages, reportMessages } from '@ordem-certa/contracts';
import { type TestOrg, perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// The cash flow over a hand-made organization: payments, instalments and expenses on chosen days, and
// every bucket and balance below computed by hand from them.
const t = perFile({ other: true, world: invoiceWorld });

const url = (o: TestOrg, rest = '') => `/api/organizations/${o.organization.id}/reports/cash-flow${rest}`;
const run = (body: object, o: TestOrg = t.org, token = o.admin.token) =>
  t.ctx.app.inject({ method: 'POST', url: url(o, '/data'), headers: o.as(token), payload: body });

async function payment(o: TestOrg, invoiceId: number, cents: number, paidAt: string) {
  const r = await t.ctx.database.db.execute(
    sql`INSERT INTO invoice_payments (organization_id, invoice_id, amount_cents, method, paid_at)
        VALUES (${o.organization.id}, ${invoiceId}, ${cents}, 'pix', ${paidAt}) RETURNING id`,
  );
  return (r as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
}
async function receivable(
  o: TestOrg,
  invoiceId: number,
  cents: number,
  dueDate: string,
  paymentId: number | null = null,
) {
  await t.ctx.database.db.execute(
    sql`INSERT INTO receivables (organization_id, invoice_id, amount_cents, due_date, method, installment_number, installment_count, payment_id)
        VALUES (${o.organization.id}, ${invoiceId}, ${cents}, ${dueDate}, 'boleto', 1, 1, ${paymentId})`,
  );
}
async function expense(o: TestOrg, amount: number, dueDate: string, paidAt: string | null) {
  const res = await t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${o.organization.id}/expenses`,
    headers: o.as(o.admin.token),
    payload: { description: `Despesa ${amount}`, category: 'Geral', amount, dueDate, paidAt },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  const live = await t.world.createInvoice();
  const canceled = await t.world.createInvoice();
  await t.world.moveTo(canceled.id, InvoiceState.Canceled);
  // Before March: received 1.000,00, paid 300,00 (opening realized 700,00); an open instalment of
  // 200,00 and an unpaid expense of 50,00 both overdue (opening expected +150,00).
  await payment(t.org, live.id, 100000, '2026-02-20');
  await expense(t.org, 300, '2026-02-25', '2026-02-25');
  await receivable(t.org, live.id, 20000, '2026-02-27');
  await expense(t.org, 50, '2026-02-28', null);
  // March.
  await payment(t.org, live.id, 10000, '2026-03-01'); // Sunday: the first week is that one day
  const paidInstalment = await payment(t.org, live.id, 25050, '2026-03-09');
  await receivable(t.org, live.id, 25050, '2026-03-12', paidInstalment); // received: not expected any more
  await expense(t.org, 80.25, '2026-03-06', '2026-03-08');
  await expense(t.org, 40, '2026-03-31', '2026-03-31');
  await receivable(t.org, live.id, 40000, '2026-03-20');
  await expense(t.org, 120, '2026-03-15', null);
  // A canceled order's open instalment is expected nowhere.
  await receivable(t.org, canceled.id, 99900, '2026-03-10');
  await receivable(t.org, canceled.id, 11100, '2026-02-10');
  // April.
  await payment(t.org, live.id, 77700, '2026-04-01');
  await expense(t.org, 999, '2026-04-01', null);
  // Another organization's money never shows.
  const theirs = await t.theirs.createInvoice();
  await payment(t.other, theirs.id, 500000, '2026-03-05');
  await expense(t.other, 700, '2026-03-05', null);
});

const bodyOf = async (body: object) => {
  const res = await run(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('cash flow', () => {
  it('is admin-only and under the reports feature, like every report', async () => {
    expect((await run({}, t.org, t.org.worker.token)).statusCode).toBe(403);
    expect((await t.ctx.app.inject({ method: 'POST', url: url(t.org, '/data'), payload: {} })).statusCode).toBe(401);
  });

  it('offers a period reaching into the future and a grouping (week by default)', async () => {
    const res = await t.ctx.app.inject({ url: url(t.org, '/filters'), headers: t.org.as(t.org.admin.token) });
    const def = res.json();
    expect(def.title).toBe('Fluxo de caixa');
    expect(def.filters.map((f: { name: string }) => f.name)).toEqual(['from', 'to', 'groupBy']);
    expect(def.filters[0].default).toMatch(/^\d{4}-\d{2}-01$/);
    expect(def.filters[1].default > def.filters[0].default).toBe(true);
    expect(def.filters[1].max > def.filters[1].default).toBe(true);
    expect(def.filters[2]).toMatchObject({ required: true, default: 'week' });
    expect(def.filters[2].options.map((o: { value: string }) => o.value)).toEqual(['day', 'week', 'month']);
  });

  it('by week (Monday to Sunday, cut to the period): each bucket and both running balances', async () => {
    const r = await bodyOf({ from: '2026-03-01', to: '2026-03-31', groupBy: 'week' });
    expect(r.header.map((h: { label: string }) => h.label)).toEqual([
      'De',
      'Até',
      'Recebido',
      'Pago',
      'A receber',
      'A pagar',
      'Saldo realizado',
      'Saldo previsto',
    ]);
    expect(r.total).toBe(6);
    expect(r.body).toEqual([
      ['2026-03-01', '2026-03-01', 100, 0, 0, 0, 800, 950],
      ['2026-03-02', '2026-03-08', 0, 80.25, 0, 0, 719.75, 869.75],
      ['2026-03-09', '2026-03-15', 250.5, 0, 0, 120, 970.25, 1000.25],
      ['2026-03-16', '2026-03-22', 0, 0, 400, 0, 970.25, 1400.25],
      ['2026-03-23', '2026-03-29', 0, 0, 0, 0, 970.25, 1400.25],
      ['2026-03-30', '2026-03-31', 0, 40, 0, 0, 930.25, 1360.25],
    ]);
    expect(r.chart).toMatchObject({
      bars: ['received', 'paid', 'expectedIn', 'expectedOut'],
      lines: ['balance', 'projected'],
    });
  });

  it("by month, from the middle of one: the first bucket starts on the period's first day", async () => {
    const r = await bodyOf({ from: '2026-02-15', to: '2026-04-10', groupBy: 'month' });
    expect(r.body).toEqual([
      ['2026-02-15', '2026-02-28', 1000, 300, 200, 50, 700, 850],
      ['2026-03-01', '2026-03-31', 350.5, 120.25, 400, 120, 930.25, 1360.25],
      ['2026-04-01', '2026-04-10', 777, 0, 0, 999, 1707.25, 1138.25],
    ]);
  });

  it('by day: one row per day, empty days included', async () => {
    const r = await bodyOf({ from: '2026-03-07', to: '2026-03-09', groupBy: 'day' });
    expect(r.body).toEqual([
      ['2026-03-07', '2026-03-07', 0, 0, 0, 0, 800, 950],
      ['2026-03-08', '2026-03-08', 0, 80.25, 0, 0, 719.75, 869.75],
      ['2026-03-09', '2026-03-09', 250.5, 0, 0, 0, 970.25, 1120.25],
    ]);
  });

  it('the other organization sees only its own', async () => {
    const res = await run({ from: '2026-03-01', to: '2026-03-31', groupBy: 'month' }, t.other);
    expect(res.json().body).toEqual([['2026-03-01', '2026-03-31', 5000, 0, 0, 700, 5000, 4300]]);
  });

  it('422 on the field: grouping, period order and length', async () => {
    const cases: Array<[object, Record<string, string[]>]> = [
      [{ from: '2026-03-01', to: '2026-03-31', groupBy: 'year' }, { groupBy: [reportMessages.invalidOption] }],
      [{ from: '2026-03-01', to: '2026-03-31', groupBy: '' }, { groupBy: [messages.required] }],
      [{ from: '2026-03-31', to: '2026-03-01', groupBy: 'day' }, { to: [reportMessages.endBeforeStart] }],
      [{ from: '2026-01-01', to: '2027-01-02', groupBy: 'month' }, { to: [reportMessages.periodTooLong(366)] }],
    ];
    for (const [body, errors] of cases) {
      const res = await run(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
  });

  it('exports the same rows as CSV', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, '/csv'),
      headers: t.org.as(t.org.admin.token),
      payload: { from: '2026-02-15', to: '2026-04-10', groupBy: 'month' },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'De;Até;Recebido;Pago;A receber;A pagar;Saldo realizado;Saldo previsto',
      '15/02/2026;28/02/2026;1000,00;300,00;200,00;50,00;700,00;850,00',
      '01/03/2026;31/03/2026;350,50;120,25;400,00;120,00;930,25;1360,25',
      '01/04/2026;10/04/2026;777,00;0,00;0,00;999,00;1707,25;1138,25',
    ]);
  });
});
