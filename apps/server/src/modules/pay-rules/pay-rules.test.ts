import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { addCompany, perFile, type TestOrg } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';

const t = perFile({ other: true, world: invoiceWorld });

type Method = 'GET' | 'POST' | 'DELETE';
const rulesOf = (o: TestOrg, token: string, method: Method, userId: number, rest = '', payload?: object) =>
  t.ctx.app.inject({
    method,
    url: `/api/admin/organizations/${o.organization.id}/users/${userId}/pay-rules${rest}`,
    headers: o.as(token),
    ...(payload ? { payload } : {}),
  });
const rules = (method: Method, userId: number, rest = '', payload?: object) =>
  rulesOf(t.org, t.org.admin.token, method, userId, rest, payload);
const payrolls = (method: Method, rest: string, payload?: object) =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${t.org.organization.id}/payrolls${rest}`,
    headers: t.org.as(t.org.admin.token),
    ...(payload ? { payload } : {}),
  });

/** R$ as formatMoney writes it (a no-break space after the symbol). */
const brl = (text: string) => text.replaceAll('R$ ', 'R$\u00a0');

async function technician(paymentValueCents = 0) {
  const user = await t.world.newUser();
  await t.ctx.database.db.update(schema.users).set({ paymentValueCents }).where(eq(schema.users.id, user.id));
  return user;
}

async function addRule(userId: number, body: object) {
  const res = await rules('POST', userId, '', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

let installation: { id: number; name: string };
async function installationService() {
  installation ??= (
    await t.ctx.database.db
      .insert(schema.services)
      .values({ organizationId: t.org.organization.id, name: 'Instalação split', priceCents: 35000 })
      .returning()
  )[0]!;
  return installation;
}

/**
 * A Completed order of `companyId` with these lines, discount, bonus and workers (in this order),
 * finished at the given instant (set directly: the API stamps "now").
 */
async function completedOrder(opts: {
  companyId: number;
  workers: number[];
  finishedAt: string;
  services: Array<[number, number]>;
  products?: Array<[number, number]>;
  discount?: number;
  bonus?: number;
  half?: boolean;
}) {
  const { id, number } = (
    await t.world.admin('POST', '', {
      company: opts.companyId,
      customer: t.world.customer.id,
      transactionNature: t.world.nature.id,
    })
  ).json() as { id: number; number: number };
  for (const [service, quantity] of opts.services) {
    expect((await t.world.admin('POST', `/${id}/services`, { service, quantity })).statusCode).toBe(201);
  }
  for (const [product, quantity] of opts.products ?? []) {
    expect((await t.world.admin('POST', `/${id}/products`, { product, quantity })).statusCode).toBe(201);
  }
  if (opts.discount)
    expect((await t.world.admin('POST', `/${id}/discount`, { discount: opts.discount })).statusCode).toBe(200);
  await t.world.workOn(id, opts);
  return { id, number };
}

type Line = { invoiceId: number; workerId: number; value: number; explanation: string[] };
async function generate(companyId: number, startDate: string, endDate: string) {
  const res = await payrolls('POST', '', { company: companyId, startDate, endDate });
  expect(res.statusCode, res.body).toBe(201);
  const { id, total } = res.json() as { id: number; total: number };
  const lines = (await payrolls('GET', `/${id}/workers?take=100`)).json().data as Line[];
  return { id, total, lines };
}
const lineOf = (lines: Line[], invoiceId: number, workerId: number) =>
  lines.find((l) => l.invoiceId === invoiceId && l.workerId === workerId)!;

describe('access', () => {
  it('401 without a token', async () => {
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/organizations/${t.org.organization.id}/users/${t.org.worker.id}/pay-rules`,
    });
    expect(res.statusCode).toBe(401);
  });

  it("another organization's collaborator or version → 404, nothing written", async () => {
    const tech = await technician();
    const rule = await addRule(tech.id, { kind: 'fixed', validFrom: '2025-01-01', fixedAmount: 10 });
    const as = (method: Method, userId: number, rest = '', payload?: object) =>
      rulesOf(t.other, t.other.admin.token, method, userId, rest, payload);
    expect((await as('GET', tech.id)).statusCode).toBe(404);
    expect((await as('POST', tech.id, '', { kind: 'fixed', validFrom: '2025-02-01', fixedAmount: 1 })).statusCode).toBe(
      404,
    );
    expect((await as('DELETE', tech.id, `/${rule.id}`)).statusCode).toBe(404);
    // Nor through one of its own collaborators.
    expect((await as('DELETE', t.other.worker.id, `/${rule.id}`)).statusCode).toBe(404);
    // A version is removed only under its own collaborator.
    expect((await rules('DELETE', t.org.worker.id, `/${rule.id}`)).statusCode).toBe(404);
    const list = (await rules('GET', tech.id)).json();
    expect(list.meta.total).toBe(1);
    // A per-service rate naming another organization's service is refused on its line.
    const foreign = await rules('POST', tech.id, '', {
      kind: 'per_service',
      validFrom: '2025-03-01',
      services: [
        { service: t.world.service.id, rate: 5 },
        { service: t.theirs.service.id, rate: 5 },
      ],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'services.1.service': ['Serviço não encontrado'] });
    expect((await rules('GET', tech.id)).json().meta.total).toBe(1);
  });

  it('403 for collaborators', async () => {
    const tech = await technician();
    for (const [method, rest, payload] of [
      ['GET', '', undefined],
      ['POST', '', { kind: 'fixed', validFrom: '2025-01-01', fixedAmount: 10 }],
      ['DELETE', '/1', undefined],
    ] as const) {
      const res = await rulesOf(t.org, t.org.worker.token, method, tech.id, rest, payload);
      expect(res.statusCode, `${method} ${rest}`).toBe(403);
    }
    expect((await rules('GET', tech.id)).json().meta.total).toBe(0);
  });
});

describe('versions', () => {
  it('history latest first, the one in force today, the initial rule, a same-day version replacing, removal', async () => {
    const tech = await technician(4500);
    const empty = (await rules('GET', tech.id)).json();
    expect(empty).toMatchObject({ data: [], meta: { total: 0 }, initial: { fixedAmount: 45, inForce: true } });
    expect(empty.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await addRule(tech.id, { kind: 'fixed', validFrom: '2024-05-01', fixedAmount: 60 });
    const pct = await addRule(tech.id, {
      kind: 'percentage',
      validFrom: '2025-01-01',
      servicesPercent: 10,
      productsPercent: 5.5,
    });
    const future = await addRule(tech.id, {
      kind: 'per_service',
      validFrom: '2099-01-01',
      services: [{ service: t.world.service.id, rate: 80 }],
      // Fields of other kinds are ignored (stored as zero).
      fixedAmount: 99,
      servicesPercent: 50,
    });
    const list = (await rules('GET', tech.id)).json();
    expect(list.meta.total).toBe(3);
    expect(list.initial).toEqual({ fixedAmount: 45, inForce: false });
    expect(list.data.map((r: { validFrom: string }) => r.validFrom)).toEqual([
      '2099-01-01',
      '2025-01-01',
      '2024-05-01',
    ]);
    expect(list.data.map((r: { inForce: boolean }) => r.inForce)).toEqual([false, true, false]);
    expect(list.data[0]).toMatchObject({
      id: future.id,
      kind: 'per_service',
      fixedAmount: 0,
      servicesPercent: 0,
      services: [{ service: t.world.service.id, name: 'Limpeza de split', rate: 80 }],
      createdByName: 'Admin Teste',
    });
    expect(list.data[1]).toMatchObject({ id: pct.id, kind: 'percentage', servicesPercent: 10, productsPercent: 5.5 });

    // The same day again replaces that day's version.
    const replaced = await addRule(tech.id, { kind: 'percentage', validFrom: '2025-01-01', servicesPercent: 12 });
    const after = (await rules('GET', tech.id)).json();
    expect(after.meta.total).toBe(3);
    expect(after.data[1]).toMatchObject({ id: replaced.id, servicesPercent: 12, productsPercent: 0, inForce: true });

    // Paged like every list.
    const paged = (await rules('GET', tech.id, '?take=1&skip=1')).json();
    expect(paged.data.map((r: { id: number }) => r.id)).toEqual([replaced.id]);
    expect(paged.meta).toEqual({ total: 3, skip: 1, take: 1 });

    expect((await rules('DELETE', tech.id, `/${replaced.id}`)).statusCode).toBe(204);
    expect((await rules('DELETE', tech.id, `/${replaced.id}`)).statusCode).toBe(404);
    const last = (await rules('GET', tech.id)).json();
    expect(last.data.map((r: { inForce: boolean }) => r.inForce)).toEqual([false, true]);

    // Each change is in the audit trail, under the collaborator.
    const a = schema.auditLogs;
    const trail = await t.ctx.database.db
      .select({ action: a.action, data: a.data, userId: a.userId })
      .from(a)
      .where(and(eq(a.entity, 'user'), eq(a.entityId, tech.id)))
      .orderBy(asc(a.id));
    expect(trail.map((e) => e.action)).toEqual(['create', 'create', 'create', 'update', 'delete']);
    expect(trail.every((e) => e.userId === t.org.admin.id)).toBe(true);
    expect(trail[3]!.data).toEqual([
      {
        field: 'payRule',
        before: 'A partir de 01/01/2025 — Percentual dos serviços e produtos: 10% dos serviços e 5,5% dos produtos',
        after: 'A partir de 01/01/2025 — Percentual dos serviços e produtos: 12% dos serviços',
      },
    ]);
    expect(trail[4]!.data).toEqual([
      {
        field: 'payRule',
        before: 'A partir de 01/01/2025 — Percentual dos serviços e produtos: 12% dos serviços',
        after: null,
      },
    ]);
    expect(trail[2]!.data[0]!.after).toBe(
      brl('A partir de 01/01/2099 — Valor por serviço: Limpeza de split: R$ 80,00'),
    );

    // The old field is still the initial rule.
    const financial = await t.ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizations/${t.org.organization.id}/users/${tech.id}/financial`,
      headers: t.org.as(t.org.admin.token),
      payload: { paymentValue: 47.5 },
    });
    expect(financial.json().paymentValue).toBe(47.5);
    expect((await rules('GET', tech.id)).json().initial.fixedAmount).toBe(47.5);
  });

  it('422 in pt-BR on the field', async () => {
    const tech = await technician();
    const cases: Array<[object, Record<string, string[]>]> = [
      [{ validFrom: '2025-01-01' }, { kind: ['Selecione o tipo de regra'] }],
      [{ kind: 'fixed', fixedAmount: 1 }, { validFrom: ['Informe a partir de quando a regra vale'] }],
      [{ kind: 'fixed', validFrom: '2025-01-01' }, { fixedAmount: ['Informe um valor'] }],
      [
        { kind: 'fixed', validFrom: '1999-12-31', fixedAmount: 1 },
        { validFrom: ['Informe uma data entre os anos 2000 e 2100'] },
      ],
      [{ kind: 'fixed', validFrom: '2025-01-01', fixedAmount: -1 }, { fixedAmount: ['O valor deve ser no mínimo 0'] }],
      [
        { kind: 'percentage', validFrom: '2025-01-01' },
        { servicesPercent: ['Informe ao menos um percentual maior que zero'] },
      ],
      [
        { kind: 'percentage', validFrom: '2025-01-01', servicesPercent: 100.5 },
        { servicesPercent: ['Informe um percentual entre 0 e 100'] },
      ],
      [
        { kind: 'percentage', validFrom: '2025-01-01', productsPercent: 10.125 },
        { productsPercent: ['Use no máximo 2 casas decimais'] },
      ],
      [{ kind: 'per_service', validFrom: '2025-01-01' }, { services: ['Adicione ao menos um serviço'] }],
      [
        {
          kind: 'per_service',
          validFrom: '2025-01-01',
          services: [
            { service: t.world.service.id, rate: 10 },
            { service: t.world.service.id, rate: 20 },
          ],
        },
        { 'services.1.service': ['Este serviço já está na regra'] },
      ],
      [
        { kind: 'per_service', validFrom: '2025-01-01', services: [{ service: t.world.service.id, rate: 0 }] },
        { 'services.0.rate': ['O valor deve ser maior que zero'] },
      ],
      [
        { kind: 'per_service', validFrom: '2025-01-01', services: [{ service: 999_999, rate: 10 }] },
        { 'services.0.service': ['Serviço não encontrado'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await rules('POST', tech.id, '', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await rules('GET', tech.id)).json().meta.total).toBe(0);
  });
});

describe('payroll generation with pay rules', () => {
  it('each kind exactly: fixed, percentage of services and products after the discount, per service, half pay', async () => {
    const company = await addCompany(t.ctx, t.org.organization.id, 'Filial Comissões Ltda');
    const split = await installationService();
    const fixed = await technician(1000);
    const pct = await technician(1000);
    const perService = await technician(1000);
    await addRule(fixed.id, { kind: 'fixed', validFrom: '2025-01-01', fixedAmount: 60 });
    await addRule(pct.id, { kind: 'percentage', validFrom: '2025-01-01', servicesPercent: 10, productsPercent: 5 });
    await addRule(perService.id, {
      kind: 'per_service',
      validFrom: '2025-01-01',
      services: [{ service: split.id, rate: 80 }],
    });
    // Services 2 × 350,00 + 180,00 = 880,00; products 3 × 35,90 = 107,70; discount 50,00 split in
    // proportion: round(50,00 × 880,00 / 987,70) = 44,55 on services, 5,45 on products.
    const lines = {
      services: [
        [split.id, 2],
        [t.world.service.id, 1],
      ] as Array<[number, number]>,
      products: [[t.world.product.id, 3]] as Array<[number, number]>,
      discount: 50,
    };
    const one = await completedOrder({
      companyId: company.id,
      workers: [fixed.id],
      finishedAt: '2025-04-02T15:00:00Z',
      ...lines,
    });
    const two = await completedOrder({
      companyId: company.id,
      workers: [pct.id],
      finishedAt: '2025-04-03T15:00:00Z',
      ...lines,
    });
    const three = await completedOrder({
      companyId: company.id,
      workers: [perService.id],
      finishedAt: '2025-04-04T15:00:00Z',
      ...lines,
    });
    const half = await completedOrder({
      companyId: company.id,
      workers: [perService.id],
      finishedAt: '2025-04-05T15:00:00Z',
      services: [[split.id, 1]],
      half: true,
    });

    const { id, total, lines: made } = await generate(company.id, '2025-04-01', '2025-04-30');
    expect(lineOf(made, one.id, fixed.id)).toMatchObject({
      value: 60,
      explanation: [brl('Valor fixo por OS: R$ 60,00')],
    });
    // 10% of 835,45 = 83,545 → 83,55; 5% of 102,25 = 5,1125 → 5,11.
    expect(lineOf(made, two.id, pct.id)).toMatchObject({
      value: 88.66,
      explanation: [brl('10% de R$ 835,45 em serviços = R$ 83,55'), brl('5% de R$ 102,25 em produtos = R$ 5,11')],
    });
    // 'Limpeza de split' is not in the rule: it earns nothing.
    expect(lineOf(made, three.id, perService.id)).toMatchObject({
      value: 160,
      explanation: [brl('Instalação split: 2 × R$ 80,00 = R$ 160,00')],
    });
    expect(lineOf(made, half.id, perService.id)).toMatchObject({
      value: 40,
      explanation: [brl('Instalação split: 1 × R$ 80,00 = R$ 80,00'), brl('OS paga pela metade: R$ 80,00 → R$ 40,00')],
    });
    expect(total).toBe(348.66);
    expect((await payrolls('GET', `/${id}`)).json().total).toBe(348.66);

    // The pay slip says the same.
    const link = (await payrolls('POST', `/${id}/workers/${pct.id}/pdf`)).json().url as string;
    const pdf = await t.ctx.app.inject({ method: 'GET', url: link });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toMatch(/10% de R\$\s?835,45 em serviços = R\$\s?83,55/);
    expect(text).toMatch(/5% de R\$\s?102,25 em produtos = R\$\s?5,11/);
  });

  it('several workers: the base shared equally (cents to the first ones), each their own percentage, fixed in full', async () => {
    const company = await addCompany(t.ctx, t.org.organization.id, 'Filial Equipe Ltda');
    const split = await installationService();
    const ana = await technician();
    const bia = await technician();
    const caio = await technician();
    const davi = await technician();
    await addRule(ana.id, { kind: 'percentage', validFrom: '2025-01-01', servicesPercent: 10 });
    await addRule(bia.id, { kind: 'percentage', validFrom: '2025-01-01', servicesPercent: 15 });
    await addRule(caio.id, { kind: 'fixed', validFrom: '2025-01-01', fixedAmount: 60 });
    await addRule(davi.id, {
      kind: 'per_service',
      validFrom: '2025-01-01',
      services: [{ service: split.id, rate: 80 }],
    });
    const order = await completedOrder({
      companyId: company.id,
      workers: [ana.id, bia.id, caio.id, davi.id],
      finishedAt: '2025-05-10T15:00:00Z',
      services: [[split.id, 1]],
      bonus: 10.01,
    });
    const { total, lines } = await generate(company.id, '2025-05-01', '2025-05-31');
    // 350,00 ÷ 4 = 87,50 each; bonus 10,01 ÷ 4 = 2,50 with one cent to the first.
    expect(lineOf(lines, order.id, ana.id)).toMatchObject({
      value: 11.26,
      explanation: [
        brl('10% de R$ 87,50 em serviços (R$ 350,00 ÷ 4 colaboradores) = R$ 8,75'),
        brl('Bônus da OS: R$ 2,51 (R$ 10,01 ÷ 4 colaboradores)'),
      ],
    });
    // 15% of 87,50 = 13,125 → 13,13.
    expect(lineOf(lines, order.id, bia.id).value).toBe(15.63);
    expect(lineOf(lines, order.id, caio.id)).toMatchObject({
      value: 62.5,
      explanation: [brl('Valor fixo por OS: R$ 60,00'), brl('Bônus da OS: R$ 2,50 (R$ 10,01 ÷ 4 colaboradores)')],
    });
    expect(lineOf(lines, order.id, davi.id)).toMatchObject({
      value: 22.5,
      explanation: [
        brl('Instalação split: 1 × R$ 80,00 = R$ 80,00'),
        brl('R$ 80,00 ÷ 4 colaboradores = R$ 20,00'),
        brl('Bônus da OS: R$ 2,50 (R$ 10,01 ÷ 4 colaboradores)'),
      ],
    });
    expect(Math.round(total * 100)).toBe(1126 + 1563 + 6250 + 2250);
  });

  it('the rule in force on the completion day (organization time zone), changed mid-period', async () => {
    const company = await addCompany(t.ctx, t.org.organization.id, 'Filial Vigência Ltda');
    const tech = await technician(5000);
    await addRule(tech.id, { kind: 'fixed', validFrom: '2025-03-10', fixedAmount: 70 });
    await addRule(tech.id, { kind: 'percentage', validFrom: '2025-03-20', servicesPercent: 10 });
    const order = (finishedAt: string) =>
      completedOrder({ companyId: company.id, workers: [tech.id], finishedAt, services: [[t.world.service.id, 1]] });
    const before = await order('2025-03-05T12:00:00Z');
    // 02:00 UTC on the 10th is still the 9th in São Paulo: the initial rule.
    const eve = await order('2025-03-10T02:00:00Z');
    const fixedDay = await order('2025-03-10T03:30:00Z');
    const after = await order('2025-03-20T12:00:00Z');
    const { id, lines } = await generate(company.id, '2025-03-01', '2025-03-31');
    expect(lineOf(lines, before.id, tech.id)).toMatchObject({
      value: 50,
      explanation: [brl('Valor fixo por OS: R$ 50,00')],
    });
    expect(lineOf(lines, eve.id, tech.id).value).toBe(50);
    expect(lineOf(lines, fixedDay.id, tech.id)).toMatchObject({
      value: 70,
      explanation: [brl('Valor fixo por OS: R$ 70,00')],
    });
    expect(lineOf(lines, after.id, tech.id)).toMatchObject({
      value: 18,
      explanation: [brl('10% de R$ 180,00 em serviços = R$ 18,00')],
    });

    // A later change does not rewrite generated lines.
    await addRule(tech.id, { kind: 'fixed', validFrom: '2025-03-01', fixedAmount: 1 });
    const again = (await payrolls('GET', `/${id}/workers`)).json();
    expect(again.data.map((l: Line) => l.value).sort()).toEqual([18, 50, 50, 70]);
  });
});
