import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { expenseMessages, messages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { multipart, PNG_1x1 } from '../../../test/factories.ts';
import { perFile, type TestOrg } from '../../../test/helpers.ts';

const t = perFile({ other: true });
const base = (o: TestOrg) => `/api/organizations/${o.organization.id}/expenses`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (o: TestOrg, method: Method, path = '', payload?: object, token: string | null = o.admin.token) =>
  t.ctx.app.inject({
    method,
    url: `${base(o)}${path}`,
    headers: token ? o.as(token) : {},
    ...(payload ? { payload } : {}),
  });

/** YYYY-MM-DD of today in a time zone, moved by `days`. */
function dayIn(timeZone: string, days = 0) {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const body = (over: object = {}) => ({
  description: 'Aluguel do galpão',
  category: 'Aluguel',
  amount: 2500,
  dueDate: '2026-03-10',
  paidAt: null,
  ...over,
});

async function create(o: TestOrg, over: object = {}) {
  const res = await call(o, 'POST', '', body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; amount: number; paidAt: string | null };
}

const upload = (o: TestOrg, id: number, data: Buffer, filename: string, type: string, token = o.admin.token) => {
  const mp = multipart('file', data, filename, type);
  return t.ctx.app.inject({
    method: 'POST',
    url: `${base(o)}/${id}/attachment`,
    payload: mp.payload,
    headers: { ...mp.headers, ...o.as(token) },
  });
};

/** A small real PDF: header, one empty page, cross-reference table and trailer. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('expenses: access', () => {
  it('401 without a token on every route', async () => {
    const { id } = await create(t.org);
    for (const [method, path, payload] of [
      ['GET', ''],
      ['GET', '/categories'],
      ['POST', '', body()],
      ['GET', `/${id}`],
      ['PUT', `/${id}`, body()],
      ['POST', `/${id}/pay`, { paidAt: '2026-03-11' }],
      ['GET', `/${id}/attachment`],
      ['DELETE', `/${id}/attachment`],
      ['DELETE', `/${id}`],
    ] as Array<[Method, string, object?]>) {
      expect((await call(t.org, method, path, payload, null)).statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('403 for a collaborator on every route, nothing written', async () => {
    const { id } = await create(t.org);
    for (const [method, path, payload] of [
      ['GET', ''],
      ['GET', '/categories'],
      ['POST', '', body({ description: 'Do colaborador' })],
      ['GET', `/${id}`],
      ['PUT', `/${id}`, body({ description: 'Do colaborador' })],
      ['POST', `/${id}/pay`, { paidAt: '2026-03-11' }],
      ['GET', `/${id}/attachment`],
      ['DELETE', `/${id}/attachment`],
      ['DELETE', `/${id}`],
    ] as Array<[Method, string, object?]>) {
      expect((await call(t.org, method, path, payload, t.org.worker.token)).statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await upload(t.org, id, PDF, 'a.pdf', 'application/pdf', t.org.worker.token)).statusCode).toBe(403);
    const row = (await call(t.org, 'GET', `/${id}`)).json();
    expect(row).toMatchObject({ description: 'Aluguel do galpão', paidAt: null, attachment: null });
  });

  it("403 on another organization's path; 404 for another organization's expense, which stays as it was", async () => {
    const { id } = await create(t.org, { description: 'Só nossa', category: 'Privada' });
    expect((await t.ctx.app.inject({ url: base(t.other), headers: t.org.as(t.org.admin.token) })).statusCode).toBe(403);
    for (const [method, path, payload] of [
      ['GET', `/${id}`],
      ['PUT', `/${id}`, body({ description: 'Invadida' })],
      ['POST', `/${id}/pay`, { paidAt: '2026-03-11' }],
      ['GET', `/${id}/attachment`],
      ['DELETE', `/${id}/attachment`],
      ['DELETE', `/${id}`],
    ] as Array<[Method, string, object?]>) {
      expect((await call(t.other, method, path, payload)).statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await upload(t.other, id, PDF, 'a.pdf', 'application/pdf')).statusCode).toBe(404);
    expect((await call(t.org, 'GET', `/${id}`)).json()).toMatchObject({ description: 'Só nossa', paidAt: null });
    // Their list, search and categories never show it.
    expect((await call(t.other, 'GET', '?q=nossa')).json().meta.total).toBe(0);
    expect((await call(t.other, 'GET', '/categories?q=priv')).json().data).toEqual([]);
  });
});

describe('expenses: create, read, update, pay, delete', () => {
  it('creates with the amount in reais (stored in cents), reads, edits and deletes, each audited', async () => {
    const made = await create(t.org, { description: 'Conta de luz', category: 'Energia', amount: 1234.56 });
    expect(made).toMatchObject({ amount: 1234.56, paidAt: null, attachment: null });
    const [stored] = await t.ctx.database.db
      .select({ cents: schema.expenses.amountCents })
      .from(schema.expenses)
      .where(eq(schema.expenses.id, made.id));
    expect(stored!.cents).toBe(123456);

    const put = await call(
      t.org,
      'PUT',
      `/${made.id}`,
      body({ description: 'Conta de luz (nov)', category: 'Energia', amount: 1300 }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ description: 'Conta de luz (nov)', amount: 1300 });

    expect((await call(t.org, 'DELETE', `/${made.id}`)).statusCode).toBe(204);
    expect((await call(t.org, 'GET', `/${made.id}`)).statusCode).toBe(404);

    const trail = await t.ctx.database.db
      .select({ action: schema.auditLogs.action, data: schema.auditLogs.data, userId: schema.auditLogs.userId })
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.entity, 'expense'), eq(schema.auditLogs.entityId, made.id)))
      .orderBy(schema.auditLogs.id);
    expect(trail.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(trail.every((l) => l.userId === t.org.admin.id)).toBe(true);
    expect(trail[1]!.data).toEqual([
      { field: 'description', before: 'Conta de luz', after: 'Conta de luz (nov)' },
      { field: 'amount', before: 1234.56, after: 1300 },
    ]);
    expect(trail[2]!.data).toContainEqual({ field: 'description', before: 'Conta de luz (nov)', after: null });
  });

  it('pays on a day (status paid, audited), refuses paying twice (409); PUT with paidAt null reopens', async () => {
    const { id } = await create(t.org, { dueDate: '2026-01-05' });
    const paid = await call(t.org, 'POST', `/${id}/pay`, { paidAt: '2026-01-04' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paidAt: '2026-01-04', status: 'paid' });
    const again = await call(t.org, 'POST', `/${id}/pay`, { paidAt: '2026-01-06' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [expenseMessages.alreadyPaid] });
    const reopened = await call(t.org, 'PUT', `/${id}`, body({ dueDate: '2026-01-05', paidAt: null }));
    expect(reopened.json()).toMatchObject({ paidAt: null, status: 'overdue' });
    const [line] = await t.ctx.database.db
      .select({ data: schema.auditLogs.data })
      .from(schema.auditLogs)
      .where(
        and(
          eq(schema.auditLogs.entity, 'expense'),
          eq(schema.auditLogs.entityId, id),
          eq(schema.auditLogs.action, 'update'),
        ),
      )
      .orderBy(schema.auditLogs.id)
      .limit(1);
    expect(line!.data).toEqual([{ field: 'paymentDate', before: null, after: '2026-01-04' }]);
  });

  it('422 in pt-BR on the right field', async () => {
    const cases: Array<[object, Record<string, string[]>]> = [
      [{ description: '' }, { description: [messages.required] }],
      [{ description: 'x'.repeat(201) }, { description: ['Deve ter no máximo 200 caracteres'] }],
      [{ category: '  ' }, { category: [messages.required] }],
      [{ amount: 0 }, { amount: [expenseMessages.amountPositive] }],
      [{ amount: -5 }, { amount: [expenseMessages.amountPositive] }],
      [{ amount: 10.555 }, { amount: ['Use no máximo 2 casas decimais'] }],
      [{ amount: 100_000_000 }, { amount: ['Valor acima do permitido'] }],
      [{ amount: null }, { amount: ['Informe um valor'] }],
      [{ dueDate: '' }, { dueDate: [expenseMessages.dueDateRequired] }],
      [{ dueDate: undefined }, { dueDate: [expenseMessages.dueDateRequired] }],
      [{ dueDate: '2026-02-30' }, { dueDate: [messages.invalidDate] }],
      [{ dueDate: '1999-12-31' }, { dueDate: [messages.yearOutOfRange] }],
      [{ paidAt: '10/03/2026' }, { paidAt: [messages.invalidDate] }],
    ];
    for (const [over, errors] of cases) {
      const res = await call(t.org, 'POST', '', body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().errors, JSON.stringify(over)).toEqual(errors);
    }
    const { id } = await create(t.org);
    const pay = await call(t.org, 'POST', `/${id}/pay`, { paidAt: '' });
    expect(pay.json().errors).toEqual({ paidAt: [expenseMessages.paidAtRequired] });
    const list = await call(t.org, 'GET', '?status=late');
    expect(list.json().errors).toEqual({ status: [expenseMessages.invalidStatus] });
    const period = await call(t.org, 'GET', '?from=2026-03-10&to=2026-03-01');
    expect(period.json().errors).toEqual({ to: [expenseMessages.toBeforeFrom] });
  });
});

describe('expenses: the list, its filters and its sum', () => {
  const o = () => t.other; // a fresh list: the other organization holds only what this block makes
  it('filters by status, period, category and search; meta.total and meta.sum cover every match, not the page', async () => {
    const tz = 'America/Sao_Paulo';
    const rows = [
      { description: 'Aluguel março', category: 'Aluguel', amount: 2500, dueDate: '2026-03-10', paidAt: '2026-03-09' },
      { description: 'Aluguel abril', category: 'Aluguel', amount: 2500, dueDate: '2026-04-10', paidAt: '2026-04-12' },
      {
        description: 'Gás refrigerante R-410A',
        category: 'Peças',
        amount: 899.9,
        dueDate: dayIn(tz, -3),
        paidAt: null,
      },
      { description: 'Compressor rotativo', category: 'peças', amount: 1500.1, dueDate: dayIn(tz, 5), paidAt: null },
      { description: 'Combustível da van', category: 'Veículos', amount: 320.45, dueDate: dayIn(tz, 0), paidAt: null },
    ];
    for (const r of rows) await create(o(), r);
    const list = async (qs: string) => {
      const res = await call(o(), 'GET', qs);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: Array<{ description: string; status: string }>;
        meta: { total: number; sum: number };
      };
    };
    const all = await list('');
    expect(all.meta).toMatchObject({ total: 5, sum: 7720.45 });
    // Unfiltered: soonest due first.
    expect(all.data.map((r) => r.description).slice(0, 2)).toEqual(['Aluguel março', 'Aluguel abril']);

    const paid = await list('?status=paid');
    expect(paid.meta).toMatchObject({ total: 2, sum: 5000 });
    expect(paid.data.map((r) => r.description)).toEqual(['Aluguel abril', 'Aluguel março']);
    // A paid period is on the payment date: April 12 is in April, March 9 is not.
    expect((await list('?status=paid&from=2026-04-01&to=2026-04-30')).meta).toMatchObject({ total: 1, sum: 2500 });
    expect((await list('?status=paid&from=2026-03-10&to=2026-04-11')).meta.total).toBe(0);

    const overdue = await list('?status=overdue');
    expect(overdue.data.map((r) => [r.description, r.status])).toEqual([['Gás refrigerante R-410A', 'overdue']]);
    expect(overdue.meta.sum).toBe(899.9);
    // Due today is still open.
    const open = await list('?status=open');
    expect(open.data.map((r) => [r.description, r.status])).toEqual([
      ['Combustível da van', 'open'],
      ['Compressor rotativo', 'open'],
    ]);
    expect(open.meta).toMatchObject({ total: 2, sum: 1820.55 });

    // Category: exact, any case.
    expect((await list('?category=PEÇAS')).meta).toMatchObject({ total: 2, sum: 2400 });
    // Search: description or category, accents and case aside.
    expect((await list('?q=gas')).data.map((r) => r.description)).toEqual(['Gás refrigerante R-410A']);
    expect((await list('?q=veicul')).meta.total).toBe(1);
    // A period on the due date.
    expect((await list('?from=2026-03-01&to=2026-04-30')).meta).toMatchObject({ total: 2, sum: 5000 });

    // Paged on the server: the total and the sum stay those of every match.
    const page2 = await list('?take=2&skip=2');
    expect(page2.data).toHaveLength(2);
    expect(page2.meta).toMatchObject({ total: 5, sum: 7720.45, skip: 2, take: 2 });

    // Categories: one per spelling group, most used first, filtered by q.
    const cats = await call(o(), 'GET', '/categories');
    expect(cats.json().data).toHaveLength(3);
    expect(
      cats
        .json()
        .data.slice(0, 2)
        .map((c: string) => c.toLowerCase())
        .sort(),
    ).toEqual(['aluguel', 'peças']);
    expect((await call(o(), 'GET', '/categories?q=veic')).json().data).toEqual(['Veículos']);
  });

  it("overdue is cut by the organization's today, whatever the server's zone", async () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await t.ctx.database.db
        .update(schema.organizations)
        .set({ timeZone: zone })
        .where(eq(schema.organizations.id, t.org.organization.id));
      const today = await create(t.org, { description: `Hoje em ${zone}`, dueDate: dayIn(zone, 0) });
      const yesterday = await create(t.org, { description: `Ontem em ${zone}`, dueDate: dayIn(zone, -1) });
      expect(today.status, zone).toBe('open');
      expect(yesterday.status, zone).toBe('overdue');
      const overdue = (await call(t.org, 'GET', `?status=overdue&q=${encodeURIComponent(zone)}`)).json();
      expect(overdue.data.map((r: { id: number }) => r.id)).toEqual([yesterday.id]);
    }
    await t.ctx.database.db
      .update(schema.organizations)
      .set({ timeZone: 'America/Sao_Paulo' })
      .where(eq(schema.organizations.id, t.org.organization.id));
  });
});

describe('expenses: the attachment', () => {
  it('takes a PDF, serves it to the admin, replaces it with a PNG and removes it', async () => {
    const { id } = await create(t.org);
    const up = await upload(t.org, id, PDF, 'Boleto março.pdf', 'application/pdf');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().attachment).toEqual({
      name: 'Boleto março.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    const got = await call(t.org, 'GET', `/${id}/attachment`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Boleto marco.pdf"; filename*=UTF-8''Boleto%20mar%C3%A7o.pdf`,
    );
    expect(got.rawPayload.equals(PDF)).toBe(true);
    const [before] = await t.ctx.database.db
      .select({ key: schema.expenses.attachmentKey })
      .from(schema.expenses)
      .where(eq(schema.expenses.id, id));

    const png = await upload(t.org, id, PNG_1x1, 'recibo.png', 'image/png');
    expect(png.json().attachment).toMatchObject({ name: 'recibo.png', contentType: 'image/png' });
    expect(await t.ctx.app.storage.get(before!.key!)).toBeUndefined();
    expect((await call(t.org, 'GET', `/${id}/attachment`)).rawPayload.equals(PNG_1x1)).toBe(true);

    expect((await call(t.org, 'DELETE', `/${id}/attachment`)).statusCode).toBe(204);
    const gone = await call(t.org, 'GET', `/${id}/attachment`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ errors: [expenseMessages.attachmentMissing] });
    expect((await call(t.org, 'GET', `/${id}`)).json().attachment).toBeNull();
  });

  it('refuses by content: a text file named .pdf, a fake PNG; 413 past 10 MB', async () => {
    const { id } = await create(t.org);
    const text = Buffer.from('Isto não é um PDF, só texto com o nome errado.\n'.repeat(20));
    for (const [data, name, type] of [
      [text, 'boleto.pdf', 'application/pdf'],
      [Buffer.concat([PNG_1x1.subarray(0, 16), Buffer.alloc(64, 7)]), 'foto.png', 'image/png'],
      [Buffer.from('%PDF-1.4 sem fim'), 'cortado.pdf', 'application/pdf'],
    ] as Array<[Buffer, string, string]>) {
      const res = await upload(t.org, id, data, name, type);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors, name).toEqual({ file: [expenseMessages.attachmentType] });
    }
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(10 * 1024 * 1024 + 1, 32), Buffer.from('%%EOF\n')]);
    const res = await upload(t.org, id, big, 'grande.pdf', 'application/pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errors: [expenseMessages.attachmentTooLarge] });
    expect((await call(t.org, 'GET', `/${id}`)).json().attachment).toBeNull();
  });

  it('deleting the expense deletes its file', async () => {
    const { id } = await create(t.org);
    await upload(t.org, id, PDF, 'a.pdf', 'application/pdf');
    const [row] = await t.ctx.database.db
      .select({ key: schema.expenses.attachmentKey })
      .from(schema.expenses)
      .where(eq(schema.expenses.id, id));
    expect(await t.ctx.app.storage.get(row!.key!)).toBeDefined();
    expect((await call(t.org, 'DELETE', `/${id}`)).statusCode).toBe(204);
    expect(await t.ctx.app.storage.get(row!.key!)).toBeUndefined();
  });
});
