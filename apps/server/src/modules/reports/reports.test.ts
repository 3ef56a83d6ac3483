import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { InvoiceState, messages, reportMessages } from '@ordem-certa/contracts';
import { type TestOrg, perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// Reports on a small, hand-made organization: every figure below is computed by hand from the orders
// set up in beforeAll (prices: service 180,00, product 35,90), in America/Sao_Paulo.
const t = perFile({ other: true, lite: true, world: invoiceWorld });
const orders = {} as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', { id: number; number: number }>;
const period = { from: '2026-03-01', to: '2026-04-30' };

const url = (o: TestOrg, rest = '') => `/api/organizations/${o.organization.id}/reports${rest}`;
const run = (report: string, body: object, o: TestOrg = t.org, token = o.admin.token) =>
  t.ctx.app.inject({ method: 'POST', url: url(o, `/${report}/data`), headers: o.as(token), payload: body });

async function setTimes(id: number, created: string, finished?: string) {
  await t.ctx.database.db.execute(
    sql`UPDATE invoices SET created_at = ${created}::timestamptz, finished_at = ${finished ?? null}::timestamptz WHERE id = ${id}`,
  );
}

beforeAll(async () => {
  await t.ctx.database.db.execute(
    sql`UPDATE customers SET name = ${'=2+3;"x"'} WHERE id = ${t.world.otherCustomer.id}`,
  );
  const line = async (id: number, service: number, product = 0) => {
    await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: service });
    if (product) await t.world.admin('POST', `/${id}/products`, { product: t.world.product.id, quantity: product });
  };
  // A: Álvaro, 2 × 180 + 35,90 = 395,90, completed in March, unpaid, with the collaborator.
  orders.A = await t.world.createInvoice();
  await line(orders.A.id, 2, 1);
  await t.world.assignWorker(orders.A.id);
  await t.world.moveTo(orders.A.id, InvoiceState.Completed);
  await setTimes(orders.A.id, '2026-03-10T15:00:00Z', '2026-03-15T13:00:00Z');
  // B: Álvaro, 180 − 10 discount = 170, completed on 2 April (São Paulo), paid.
  orders.B = await t.world.createInvoice();
  await line(orders.B.id, 1);
  await t.world.admin('POST', `/${orders.B.id}/discount`, { discount: 10 });
  await t.world.moveTo(orders.B.id, InvoiceState.Completed);
  await t.world.admin('POST', `/${orders.B.id}/pay`, { date: '2026-04-03' });
  await setTimes(orders.B.id, '2026-03-20T15:00:00Z', '2026-04-02T02:00:00Z');
  // C: in progress, 180, with the collaborator. D: draft, empty. E: canceled in February (outside).
  orders.C = await t.world.createInvoice();
  await line(orders.C.id, 1);
  await t.world.assignWorker(orders.C.id);
  await t.world.moveTo(orders.C.id, InvoiceState.Wip);
  await setTimes(orders.C.id, '2026-04-05T15:00:00Z');
  orders.D = await t.world.createInvoice();
  await setTimes(orders.D.id, '2026-04-06T15:00:00Z');
  orders.E = await t.world.createInvoice();
  await t.world.moveTo(orders.E.id, InvoiceState.Canceled);
  await setTimes(orders.E.id, '2026-02-01T15:00:00Z');
  // F: the other customer (a name that looks like a formula), 180, completed in April, unpaid.
  orders.F = await t.world.createInvoice(t.world.otherCustomer.id);
  await line(orders.F.id, 1);
  await t.world.moveTo(orders.F.id, InvoiceState.Completed);
  await setTimes(orders.F.id, '2026-04-10T15:00:00Z', '2026-04-11T15:00:00Z');
  // Another organization's completed order in the same period must never show.
  const foreign = await t.theirs.createInvoice();
  await t.theirs.admin('POST', `/${foreign.id}/services`, { service: t.theirs.service.id, quantity: 5 });
  await t.theirs.moveTo(foreign.id, InvoiceState.Completed);
  await t.ctx.database.db.execute(
    sql`UPDATE invoices SET created_at = '2026-03-11T15:00:00Z', finished_at = '2026-03-12T15:00:00Z' WHERE id = ${foreign.id}`,
  );
});

describe('access', () => {
  it('401 without a token', async () => {
    expect((await t.ctx.app.inject({ url: url(t.org) })).statusCode).toBe(401);
    expect(
      (await t.ctx.app.inject({ method: 'POST', url: url(t.org, '/service-orders/data'), payload: {} })).statusCode,
    ).toBe(401);
  });
  it("another organization's id → 403 in the path, 422 as a filter value", async () => {
    const res = await t.ctx.app.inject({ url: url(t.other), headers: t.org.as(t.org.admin.token) });
    expect(res.statusCode).toBe(403);
    const foreignCompany = await run('revenue-by-month', { ...period, company: String(t.theirs.company.id) });
    expect(foreignCompany.statusCode).toBe(422);
    expect(foreignCompany.json().errors).toEqual({ company: [reportMessages.invalidOption] });
  });
  it('403 for a collaborator and for an organization without the reports feature', async () => {
    for (const [o, token] of [
      [t.org, t.org.worker.token],
      [t.lite, t.lite.admin.token],
    ] as const) {
      expect((await t.ctx.app.inject({ url: url(o), headers: o.as(token) })).statusCode).toBe(403);
      expect((await run('service-orders', period, o, token)).statusCode).toBe(403);
      expect(
        (await t.ctx.app.inject({ url: url(o, '/service-orders/filters'), headers: o.as(token) })).statusCode,
      ).toBe(403);
    }
    expect(
      (await t.ctx.app.inject({ url: url(t.lite), headers: t.lite.as(t.lite.admin.token) })).json().errors,
    ).toEqual([messages.featureDisabled]);
  });
  it('404 for an unknown report', async () => {
    expect((await run('nope', period)).statusCode).toBe(404);
    expect(
      (await t.ctx.app.inject({ url: url(t.org, '/nope/filters'), headers: t.org.as(t.org.admin.token) })).statusCode,
    ).toBe(404);
  });
});

describe('definitions', () => {
  it('lists every report by title', async () => {
    const res = await t.ctx.app.inject({ url: url(t.org), headers: t.org.as(t.org.admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { name: string }) => r.name)).toEqual([
      'service-orders',
      'revenue-by-month',
      'revenue-by-customer',
      'items-sold',
      'orders-per-worker',
      'estimates',
      'receivables',
      'order-margin',
      'cash-flow',
      'nfse-issued',
      'contract-revenue-by-month',
      'contracts-by-status',
      'contract-cancellations',
      'contract-receivables',
      'nps',
      'ratings',
      'field-time-by-technician',
      'field-time-by-customer',
      'field-time-by-service',
      'field-km-by-day',
    ]);
  });
  it("serves each report's filters with types, options and bounds; select options are the organization's own", async () => {
    const res = await t.ctx.app.inject({
      url: url(t.org, '/revenue-by-month/filters'),
      headers: t.org.as(t.org.admin.token),
    });
    const def = res.json();
    expect(def.title).toBe('Faturamento por mês');
    expect(def.filters.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([
      ['from', 'date'],
      ['to', 'date'],
      ['company', 'select'],
    ]);
    expect(def.filters[0]).toMatchObject({ required: true, min: '2000-01-01' });
    expect(def.filters[0].default).toMatch(/^\d{4}-\d{2}-01$/);
    expect(def.filters[2].options).toEqual([{ value: String(t.world.company.id), label: t.world.company.name }]);
  });
});

describe('validation: 422 with the message on each field, nothing run', () => {
  it.each([
    ['a missing required date', 'service-orders', { to: '2026-04-30', from: '' }, { from: [messages.required] }],
    [
      'a date that does not exist',
      'service-orders',
      { from: '2026-02-30', to: '2026-04-30' },
      { from: [reportMessages.invalidDate] },
    ],
    [
      'an end before the start',
      'service-orders',
      { from: '2026-04-30', to: '2026-03-01' },
      { to: [reportMessages.endBeforeStart] },
    ],
    [
      'a period over 366 days',
      'service-orders',
      { from: '2025-01-01', to: '2026-01-02' },
      { to: [reportMessages.periodTooLong(366)] },
    ],
    [
      'over a quarter for the services and products sold',
      'items-sold',
      { from: '2026-01-01', to: '2026-04-30' },
      { to: [reportMessages.periodTooLong(92)] },
    ],
    [
      'a date before the minimum',
      'service-orders',
      { from: '1999-12-31', to: '2000-01-05' },
      { from: [reportMessages.dateBefore('01/01/2000')] },
    ],
    ['an unknown option', 'service-orders', { ...period, state: '99' }, { state: [reportMessages.invalidOption] }],
    [
      'a text too short',
      'revenue-by-customer',
      { ...period, customer: 'a' },
      { customer: [reportMessages.tooShort(2)] },
    ],
    ['a text too long', 'items-sold', { ...period, name: 'x'.repeat(101) }, { name: [reportMessages.tooLong(100)] }],
  ])('%s', async (_label, report, body, errors) => {
    const res = await run(report, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
  });
  it('several fields at once', async () => {
    const res = await run('receivables', { company: 'x', customer: 'a' });
    expect(res.json().errors).toEqual({
      company: [reportMessages.invalidOption],
      customer: [reportMessages.tooShort(2)],
    });
  });
});

const bodyOf = async (report: string, filters: object = period) => {
  const res = await run(report, filters);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('results against hand-computed figures', () => {
  it('service orders by period and status: per month and state, with the chart', async () => {
    const r = await bodyOf('service-orders');
    expect(r.header.map((h: { type: string }) => h.type)).toEqual(['month', 'string', 'int', 'money']);
    expect(r.body).toEqual([
      ['2026-03', 'Concluído', 2, 565.9],
      ['2026-04', 'Concluído', 1, 180],
      ['2026-04', 'Em Andamento', 1, 180],
      ['2026-04', 'Rascunho', 1, 0],
    ]);
    expect(r).toMatchObject({ title: 'Ordens de serviço por período e situação', total: 4, cap: 500 });
    expect(r.chart).toMatchObject({ kind: 'bar', x: 'month', y: 'orders', series: 'status' });
    expect((await bodyOf('service-orders', { ...period, state: '20' })).body).toEqual([
      ['2026-03', 'Concluído', 2, 565.9],
      ['2026-04', 'Concluído', 1, 180],
    ]);
    expect((await bodyOf('service-orders', { from: '2026-02-01', to: '2026-02-28' })).body).toEqual([
      ['2026-02', 'Cancelado', 1, 0],
    ]);
  });
  it('revenue per month: completed orders by the month they were finished (B on 1 April 23:00 in São Paulo)', async () => {
    expect((await bodyOf('revenue-by-month')).body).toEqual([
      ['2026-03', 1, 395.9, 0, 395.9],
      ['2026-04', 2, 360, 10, 350],
    ]);
    expect((await bodyOf('revenue-by-month', { from: '2026-04-02', to: '2026-04-30' })).body).toEqual([
      ['2026-04', 1, 180, 0, 180],
    ]);
  });
  it('revenue by customer, largest first, searchable by name', async () => {
    const r = await bodyOf('revenue-by-customer');
    expect(r.body.map((row: unknown[]) => [row[0], row[2], row[3]])).toEqual([
      [t.world.customer.name, 2, 565.9],
      ['=2+3;"x"', 1, 180],
    ]);
    expect(r.body[0][4]).toBe('2026-04-02T02:00:00.000Z');
    expect((await bodyOf('revenue-by-customer', { ...period, customer: 'alvaro' })).body).toHaveLength(1);
  });
  it('services and products sold (lines of completed orders, before discount)', async () => {
    expect((await bodyOf('items-sold')).body).toEqual([
      ['Serviço', 'Limpeza de split', 4, 720],
      ['Produto', 'Filtro de ar', 1, 35.9],
    ]);
    expect((await bodyOf('items-sold', { ...period, kind: 'products' })).body).toEqual([
      ['Produto', 'Filtro de ar', 1, 35.9],
    ]);
    expect((await bodyOf('items-sold', { ...period, name: 'limpeza' })).body).toHaveLength(1);
  });
  it('orders per worker', async () => {
    expect((await bodyOf('orders-per-worker')).body).toEqual([['Colaborador Teste', 2, 1, 1, 395.9]]);
  });
  it('estimates by status and conversion (an estimate converts when a non-canceled order came from it)', async () => {
    const db = t.ctx.database.db;
    const o = t.org.organization.id;
    const est = (n: number, status: number, cents: number) => sql`
      INSERT INTO estimates (organization_id, number, company_id, customer_id, transaction_nature_id, status, subtotal_cents, created_at)
      VALUES (${o}, ${n}, ${t.world.company.id}, ${t.world.customer.id}, ${t.world.nature.id}, ${status}, ${cents}, '2026-03-05T15:00:00Z')
      RETURNING id`;
    const ids: number[] = [];
    for (const [n, status, cents] of [
      [1, 10, 10000],
      [2, 10, 20000],
      [3, -1, 5000],
      [4, 10, 7000],
    ] as const) {
      ids.push(((await db.execute(est(n, status, cents))) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
    }
    await db.execute(sql`UPDATE invoices SET estimate_id = ${ids[0]} WHERE id = ${orders.A.id}`);
    await db.execute(sql`UPDATE invoices SET estimate_id = ${ids[3]} WHERE id = ${orders.E.id}`); // canceled: not converted
    await db.execute(sql`UPDATE estimates SET created_at = '2026-05-05T15:00:00Z' WHERE id = ${ids[1]}`); // outside
    expect((await bodyOf('estimates')).body).toEqual([
      ['Aprovado', 2, 170, 1, 50],
      ['Cancelado', 1, 50, 0, 0],
      ['Total', 3, 220, 1, 33.3],
    ]);
  });
  it('receivables: completed and unpaid, oldest first, with the days open', async () => {
    const r = await bodyOf('receivables', {});
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const days = (d: string) => Math.round((Date.parse(today) - Date.parse(d)) / 86_400_000);
    expect(r.body).toEqual([
      [
        orders.A.number,
        '2026-03-15T13:00:00.000Z',
        t.world.customer.name,
        t.world.company.name,
        days('2026-03-15'),
        395.9,
      ],
      [orders.F.number, '2026-04-11T15:00:00.000Z', '=2+3;"x"', t.world.company.name, days('2026-04-11'), 180],
    ]);
    expect((await bodyOf('receivables', { customer: 'alvaro' })).body).toHaveLength(1);
  });
  it("'(Nenhum resultado encontrado)' is the screen's: the server answers an empty body and total 0", async () => {
    const r = await bodyOf('service-orders', { from: '2020-01-01', to: '2020-01-31' });
    expect(r).toMatchObject({ body: [], total: 0 });
  });
});

describe('CSV', () => {
  it('UTF-8 with BOM, ";" separated, decimal commas, quoted where needed, formulas neutralised, named after the title and time', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, '/revenue-by-customer/csv'),
      headers: t.org.as(t.org.admin.token),
      payload: period,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Faturamento por cliente \d{4}-\d{2}-\d{2} \d{2}h\d{2}\.csv"; filename\*=UTF-8''Faturamento%20por%20cliente%20/,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Cliente;CPF/CNPJ;Ordens;Total;Última conclusão');
    expect(lines[1]).toMatch(
      new RegExp(`^${t.world.customer.name};\\d{3}\\.\\d{3}\\.\\d{3}-\\d{2};2;565,90;01/04/2026 23:00$`),
    );
    expect(lines[2]).toMatch(/^"'=2\+3;""x""";[\d.-]+;1;180,00;11\/04\/2026 12:00$/);
    expect(lines.at(-1)).toBe('');
  });
  it('months and text starting with + - @ are written safely', async () => {
    await t.ctx.database.db.execute(sql`UPDATE products SET name = '-Filtro' WHERE id = ${t.world.product.id}`);
    await t.ctx.database.db.execute(
      sql`UPDATE invoice_products SET name = '@Filtro' WHERE invoice_id = ${orders.A.id}`,
    );
    const csv = async (report: string) =>
      (
        await t.ctx.app.inject({
          method: 'POST',
          url: url(t.org, `/${report}/csv`),
          headers: t.org.as(t.org.admin.token),
          payload: period,
        })
      ).rawPayload
        .subarray(3)
        .toString('utf8');
    expect(await csv('items-sold')).toContain("\r\nProduto;'@Filtro;1;35,90\r\n");
    expect(await csv('revenue-by-month')).toContain('\r\n03/2026;1;395,90;0,00;395,90\r\n');
  });
  it('the CSV refuses bad filters like the data does', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, '/service-orders/csv'),
      headers: t.org.as(t.org.admin.token),
      payload: { from: 'x', to: '2026-01-01' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ from: [reportMessages.invalidDate] });
  });
});
