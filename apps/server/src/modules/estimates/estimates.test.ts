import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EstimateStatus, noFeatures } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createOrg, perFile } from '../../../test/helpers.ts';
import { estimateWorld, type EstimateWorld } from '../../../test/estimate-fixtures.ts';
import { multipart, PNG_1x1 } from '../../../test/factories.ts';
import { pdfPageCount, pdfText } from '@ordem-certa/test-support/pdf-text';

// Estimates: access, list, numbering, detail and totals, status machine, lines, notes, tags, reminders, audit.
const t = perFile({ other: true, world: estimateWorld });
let mine: { id: number; number: number };
let theirEstimate: { id: number; number: number };

beforeAll(async () => {
  mine = await t.world.createEstimate();
  theirEstimate = await t.theirs.createEstimate();
});

/** Every authenticated route with a valid payload, so only access decides. */
const routes = (id: number): Array<[string, string, object?]> => [
  ['GET', ''],
  ['POST', '', { company: 1, customer: 1, transactionNature: 1 }],
  ['GET', `/${id}`],
  ['PATCH', `/${id}`, { status: 1 }],
  ['POST', `/${id}/discount`, { discount: 0 }],
  ['GET', `/${id}/services/available`],
  ['GET', `/${id}/products/available`],
  ['GET', `/${id}/equipments/available`],
  ['POST', `/${id}/services`, { service: 1, quantity: 1, isGrouped: false }],
  ['POST', `/${id}/products`, { product: 1, quantity: 1, isGrouped: true }],
  ['POST', `/${id}/equipments`, { equipment: 1 }],
  ['DELETE', `/${id}/services/1`],
  ['DELETE', `/${id}/products/1`],
  ['DELETE', `/${id}/equipments/1`],
  ['GET', `/${id}/comments`],
  ['POST', `/${id}/comments`, { comment: 'Oi', type: 1 }],
  ['DELETE', `/${id}/comments/1`],
  ['GET', `/${id}/tags/available`],
  ['POST', `/${id}/tags/1`],
  ['DELETE', `/${id}/tags/1`],
  ['GET', `/${id}/reminders`],
  ['POST', `/${id}/reminders`, { reminder: 1, reminderAt: '2030-01-01T12:00:00Z' }],
  ['PATCH', `/${id}/reminders/1`, { reminderAt: '2030-01-01T12:00:00Z' }],
  ['GET', `/${id}/attachments/pictures`],
  ['GET', `/${id}/attachments/pictures/1`],
  ['DELETE', `/${id}/attachments/pictures/1`],
  ['POST', `/${id}/pdf`],
  ['POST', `/${id}/email`, { to: 'a@b.com.br' }],
  ['GET', `/${id}/emails`],
  ['GET', `/${id}/invoices`],
  ['POST', `/${id}/invoices`, { invoice: null, equipments: [1] }],
];
type M = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe('access', () => {
  it('401 without a token', async () => {
    for (const [method, rest, payload] of routes(mine.id)) {
      const res = await t.ctx.app.inject({
        method: method as M,
        url: t.world.url(rest),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${rest}`).toBe(401);
    }
  });

  it("another organization's id → 404", async () => {
    for (const [method, rest, payload] of routes(theirEstimate.id).filter(([, r]) => r !== '')) {
      const res = await t.world.est(method as M, rest, payload);
      expect(res.statusCode, `${method} ${rest}`).toBe(404);
    }
    const after = await t.theirs.ok('GET', `/${theirEstimate.id}`);
    expect(after.status).toBe(EstimateStatus.Draft);
  });

  it('403 for collaborators on every route', async () => {
    for (const [method, rest, payload] of routes(mine.id)) {
      const res = await t.world.call(t.org.worker.token, method as M, rest, payload);
      expect(res.statusCode, `${method} ${rest}`).toBe(403);
    }
  });

  it("403 for an organization without the 'estimates' feature, and for another organization's path", async () => {
    const lite = await createOrg(t.ctx, { features: noFeatures });
    for (const [method, rest, payload] of routes(mine.id)) {
      const res = await t.ctx.app.inject({
        method: method as M,
        url: `/api/organizations/${lite.organization.id}/estimates${rest}`,
        headers: lite.as(lite.admin.token),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${rest}`).toBe(403);
    }
    const res = await t.ctx.app.inject({ method: 'GET', url: t.theirs.url(''), headers: t.org.as(t.org.admin.token) });
    expect(res.statusCode).toBe(403);
  });

  it("another organization's ids in bodies → 404 (422 on a line's field, as on orders), and nothing changes", async () => {
    const bodies: Array<[string, object, number, object?]> = [
      ['', { company: t.theirs.company.id, customer: t.world.customer.id, transactionNature: t.world.nature.id }, 404],
      ['', { company: t.world.company.id, customer: t.theirs.customer.id, transactionNature: t.world.nature.id }, 404],
      ['', { company: t.world.company.id, customer: t.world.customer.id, transactionNature: t.theirs.nature.id }, 404],
      [
        `/${mine.id}/services`,
        { service: t.theirs.service.id, quantity: 1 },
        422,
        { service: ['Serviço não encontrado ou excluído'] },
      ],
      [
        `/${mine.id}/products`,
        { product: t.theirs.product.id, quantity: 1 },
        422,
        { product: ['Produto não encontrado'] },
      ],
      [
        `/${mine.id}/equipments`,
        { equipment: t.theirs.equipment.id },
        422,
        { equipment: ['O equipamento não pertence ao cliente do orçamento'] },
      ],
      [`/${mine.id}/tags/${t.theirs.tag.id}`, {}, 404],
      [`/${mine.id}/reminders`, { reminder: t.theirs.reminder.id, reminderAt: '2030-01-01T12:00:00Z' }, 404],
    ];
    const before = (await t.world.ok('GET', '')).meta.total;
    for (const [rest, payload, status, errors] of bodies) {
      const res = await t.world.est('POST', rest, payload);
      expect(res.statusCode, `${rest} ${JSON.stringify(payload)}`).toBe(status);
      if (errors) expect(res.json().errors).toEqual(errors);
    }
    expect((await t.world.ok('GET', '')).meta.total).toBe(before);
    const detail = await t.world.ok('GET', `/${mine.id}`);
    expect(detail.estimateServices).toEqual([]);
    expect(detail.estimateTags).toEqual([]);
  });
});

describe('create and number', () => {
  it('422 with pt-BR messages on missing fields', async () => {
    const res = await t.world.est('POST', '', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      company: ['Selecione a empresa'],
      customer: ['Selecione o cliente'],
      transactionNature: ['Selecione a natureza da operação'],
    });
  });

  it('50 concurrent creates get 50 distinct consecutive numbers, while another organization creates too', async () => {
    const start = (await t.world.createEstimate()).number;
    const body = (x: EstimateWorld) => ({
      company: x.company.id,
      customer: x.customer.id,
      transactionNature: x.nature.id,
    });
    const results = await Promise.all([
      ...Array.from({ length: 50 }, () => t.world.est('POST', '', body(t.world))),
      ...Array.from({ length: 10 }, () => t.theirs.est('POST', '', body(t.theirs))),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(60).fill(201));
    const ours = results.slice(0, 50).map((r) => r.json().number as number);
    expect([...ours].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, k) => start + 1 + k));
    const rows = await t.ctx.database.db
      .select({ number: schema.estimates.number })
      .from(schema.estimates)
      .where(eq(schema.estimates.organizationId, t.org.organization.id));
    const numbers = rows.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => k + 1));
  });
});

describe('list', () => {
  it('filters by customer, statuses and q, pages with a real total, newest first', async () => {
    const beatriz = await t.world.createEstimate(t.world.otherCustomer.id);
    await t.world.moveTo(beatriz.id, EstimateStatus.Wip);
    const byCustomer = await t.world.ok('GET', `?customer=${t.world.otherCustomer.id}`);
    expect(byCustomer.data.map((r: { id: number }) => r.id)).toEqual([beatriz.id]);
    expect(byCustomer.meta.total).toBe(1);
    const wip = await t.world.ok('GET', `?statuses=${EstimateStatus.Wip}&statuses=${EstimateStatus.Completed}`);
    expect(wip.data.map((r: { id: number }) => r.id)).toContain(beatriz.id);
    expect(wip.data.every((r: { status: number }) => r.status === 1 || r.status === 10)).toBe(true);
    const q = await t.world.ok('GET', `?q=${encodeURIComponent('beatriz')}`);
    expect(q.data.map((r: { id: number }) => r.id)).toEqual([beatriz.id]);
    const byNumber = await t.world.ok('GET', `?q=${mine.number}`);
    expect(byNumber.data[0].id).toBe(mine.id);
    const page = await t.world.ok('GET', '?take=5&skip=5');
    const all = await t.world.ok('GET', '?take=100');
    expect(page.meta).toEqual({ total: all.meta.total, skip: 5, take: 5 });
    expect(page.data.map((r: { id: number }) => r.id)).toEqual(all.data.slice(5, 10).map((r: { id: number }) => r.id));
    const numbers = all.data.map((r: { number: number }) => r.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect((await t.world.est('GET', '?statuses=5')).statusCode).toBe(422);
  });
});

describe('lines, totals and discount', () => {
  it('computes subtotal (quantity × price, grouped or not), discount and total on the server', async () => {
    const e = await t.world.createEstimate();
    const s = await t.world.ok('POST', `/${e.id}/services`, {
      service: t.world.service.id,
      quantity: 2,
      isGrouped: false,
      description: 'Sala',
    });
    expect(s).toMatchObject({ itemNumber: 1, quantity: 2, price: 180, isGrouped: false, description: 'Sala' });
    const p = await t.world.ok('POST', `/${e.id}/products`, {
      product: t.world.product.id,
      quantity: 3,
      isGrouped: true,
    });
    expect(p).toMatchObject({ itemNumber: 1, price: 35.9, isGrouped: true });
    await t.world.ok('POST', `/${e.id}/equipments`, { equipment: t.world.equipment.id });
    let d = await t.world.ok('GET', `/${e.id}`);
    expect(d).toMatchObject({ subTotal: 467.7, discount: 0, total: 467.7 });
    expect((await t.world.est('POST', `/${e.id}/discount`, { discount: 500 })).statusCode).toBe(422);
    d = await t.world.ok('POST', `/${e.id}/discount`, { discount: 67.7 });
    expect(d).toMatchObject({ subTotal: 467.7, discount: 67.7, total: 400 });
    // Removing the service lowers the discount to the new subtotal.
    await t.world.ok('DELETE', `/${e.id}/services/${s.id}`);
    d = await t.world.ok('GET', `/${e.id}`);
    expect(d).toMatchObject({ subTotal: 107.7, discount: 67.7, total: 40 });
    await t.world.ok('DELETE', `/${e.id}/products/${p.id}`);
    d = await t.world.ok('GET', `/${e.id}`);
    expect(d).toMatchObject({ subTotal: 0, discount: 0, total: 0 });
    // Equipment: the customer's only, once.
    expect((await t.world.est('POST', `/${e.id}/equipments`, { equipment: t.world.equipment.id })).statusCode).toBe(
      422,
    );
    expect(
      (await t.world.est('POST', `/${e.id}/equipments`, { equipment: t.world.otherEquipment.id })).statusCode,
    ).toBe(422);
    const available = await t.world.ok('GET', `/${e.id}/equipments/available`);
    expect(available.data.map((o: { id: number }) => o.id)).toEqual([t.world.equipment2.id]);
    // Archived services are not offered nor accepted: the catalogue's message on the field, as on orders.
    const archived = await t.world.est('POST', `/${e.id}/services`, {
      service: t.world.archivedService.id,
      quantity: 1,
    });
    expect(archived.statusCode).toBe(422);
    expect(archived.json().errors).toEqual({ service: ['Serviço não encontrado ou excluído'] });
    expect(
      (await t.world.est('POST', `/${e.id}/services`, { service: t.world.service.id, quantity: 0 })).statusCode,
    ).toBe(422);
  });
});

describe('status machine', () => {
  it('Draft → Wip → Completed; Completed and Canceled are final; every refused move is a 409', async () => {
    const e = await t.world.createEstimate();
    expect((await t.world.ok('GET', `/${e.id}`)).allowedStatuses).toEqual([
      EstimateStatus.Wip,
      EstimateStatus.Canceled,
    ]);
    expect((await t.world.est('PATCH', `/${e.id}`, { status: EstimateStatus.Completed })).statusCode).toBe(409);
    let d = await t.world.ok('PATCH', `/${e.id}`, { status: EstimateStatus.Wip });
    expect(d.allowedStatuses).toEqual([EstimateStatus.Completed, EstimateStatus.Canceled]);
    expect((await t.world.est('PATCH', `/${e.id}`, { status: EstimateStatus.Draft })).statusCode).toBe(409);
    d = await t.world.ok('PATCH', `/${e.id}`, { status: EstimateStatus.Completed });
    expect(d.allowedStatuses).toEqual([]);
    for (const status of [0, 1, 10, -1]) {
      const res = await t.world.est('PATCH', `/${e.id}`, { status });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual(['Não é possível alterar o status deste Orçamento']);
    }
    expect((await t.world.est('PATCH', `/${e.id}`, { status: 3 })).statusCode).toBe(422);

    const c = await t.world.createEstimate();
    await t.world.moveTo(c.id, EstimateStatus.Wip);
    await t.world.ok('PATCH', `/${c.id}`, { status: EstimateStatus.Canceled });
    expect((await t.world.est('PATCH', `/${c.id}`, { status: EstimateStatus.Wip })).statusCode).toBe(409);
    const log = await t.world.auditOf(c.id);
    expect(log.filter((l) => l.action === 'update').map((l) => l.data)).toEqual([
      [{ field: 'status', before: 'Rascunho', after: 'Em Andamento' }],
      [{ field: 'status', before: 'Em Andamento', after: 'Cancelado' }],
    ]);
  });

  it('Completed and Canceled estimates refuse line, picture and discount changes (409) but take tags, notes and reminders', async () => {
    for (const status of [EstimateStatus.Completed, EstimateStatus.Canceled]) {
      const e = await t.world.createEstimate();
      await t.world.moveTo(e.id, status);
      const refused: Array<[M, string, object?]> = [
        ['POST', `/${e.id}/services`, { service: t.world.service.id, quantity: 1 }],
        ['POST', `/${e.id}/products`, { product: t.world.product.id, quantity: 1 }],
        ['POST', `/${e.id}/equipments`, { equipment: t.world.equipment.id }],
        ['POST', `/${e.id}/discount`, { discount: 0 }],
      ];
      for (const [method, rest, payload] of refused)
        expect((await t.world.est(method, rest, payload)).statusCode, rest).toBe(409);
      const body = multipart('attachment', PNG_1x1, 'foto.png', 'image/png');
      const upload = await t.ctx.app.inject({
        method: 'POST',
        url: t.world.url(`/${e.id}/attachments/pictures`),
        payload: body.payload,
        headers: { ...body.headers, ...t.org.as(t.org.admin.token) },
      });
      expect(upload.statusCode).toBe(409);
      expect((await t.world.est('POST', `/${e.id}/tags/${t.world.tag.id}`)).statusCode).toBe(201);
      expect((await t.world.est('POST', `/${e.id}/comments`, { comment: 'Cliente aprovou', type: 1 })).statusCode).toBe(
        201,
      );
      expect(
        (
          await t.world.est('POST', `/${e.id}/reminders`, {
            reminder: t.world.reminder.id,
            reminderAt: '2030-01-01T12:00:00Z',
          })
        ).statusCode,
      ).toBe(201);
    }
  });
});

describe('notes, tags, reminders, pictures', () => {
  it('notes of both types; tags once; audit lines', async () => {
    const e = await t.world.createEstimate();
    const general = await t.world.ok('POST', `/${e.id}/comments`, { comment: 'Prazo 10 dias', type: 1 });
    await t.world.ok('POST', `/${e.id}/comments`, { comment: 'Margem baixa', type: 2 });
    expect((await t.world.est('POST', `/${e.id}/comments`, { comment: ' ', type: 1 })).json().errors.comment).toEqual([
      'Informe o comentário',
    ]);
    expect((await t.world.est('POST', `/${e.id}/comments`, { comment: 'x', type: 3 })).statusCode).toBe(422);
    const list = await t.world.ok('GET', `/${e.id}/comments`);
    expect(list.data.map((c: { type: number; userName: string }) => [c.type, c.userName])).toEqual([
      [1, 'Admin Teste'],
      [2, 'Admin Teste'],
    ]);
    await t.world.ok('DELETE', `/${e.id}/comments/${general.id}`);
    expect((await t.world.ok('GET', `/${e.id}/comments`)).data).toHaveLength(1);

    await t.world.ok('POST', `/${e.id}/tags/${t.world.tag.id}`);
    expect((await t.world.est('POST', `/${e.id}/tags/${t.world.tag.id}`)).statusCode).toBe(409);
    expect(
      (await t.world.ok('GET', `/${e.id}/tags/available`)).data.map((row: { id: number }) => row.id),
    ).not.toContain(t.world.tag.id);
    const row = (await t.world.ok('GET', `?q=${e.number}`)).data.find((r: { id: number }) => r.id === e.id);
    expect(row.estimateTags).toEqual([{ tagId: t.world.tag.id, name: t.world.tag.name, color: 'eb5a46' }]);
    await t.world.ok('DELETE', `/${e.id}/tags/${t.world.tag.id}`);
    expect((await t.world.est('DELETE', `/${e.id}/tags/${t.world.tag.id}`)).statusCode).toBe(404);
    const fields = (await t.world.auditOf(e.id)).flatMap((l) => l.data.map((d) => `${l.action}:${d.field}`));
    expect(fields).toEqual(
      expect.arrayContaining(['create:number', 'update:comments', 'delete:comments', 'update:tags', 'delete:tags']),
    );
  });

  it('reminders: an active kind once per estimate; reminderAt required; moving one is a PATCH that makes it due again', async () => {
    const e = await t.world.createEstimate();
    expect(
      (await t.world.est('POST', `/${e.id}/reminders`, { reminder: t.world.reminder.id })).json().errors.reminderAt,
    ).toEqual(['Informe a data do lembrete']);
    expect(
      (
        await t.world.est('POST', `/${e.id}/reminders`, {
          reminder: t.world.inactiveReminder.id,
          reminderAt: '2030-01-01T12:00:00Z',
        })
      ).statusCode,
    ).toBe(422);
    const r = await t.world.ok('POST', `/${e.id}/reminders`, {
      reminder: t.world.reminder.id,
      reminderAt: '2030-01-01T12:00:00-03:00',
    });
    expect(r).toMatchObject({
      reminderId: t.world.reminder.id,
      reminderAt: '2030-01-01T15:00:00.000Z',
      description: 'Ligar para o cliente',
      processedAt: null,
      isRequired: true,
    });
    expect(
      (
        await t.world.est('POST', `/${e.id}/reminders`, {
          reminder: t.world.reminder.id,
          reminderAt: '2030-02-01T12:00:00Z',
        })
      ).statusCode,
    ).toBe(422);
    // The notifications job stamps processed_at; moving the reminder clears it.
    const er = schema.estimateReminders;
    await t.ctx.database.db.update(er).set({ processedAt: new Date() }).where(eq(er.id, r.id));
    const moved = await t.world.ok('PATCH', `/${e.id}/reminders/${r.id}`, { reminderAt: '2030-03-01T10:00:00Z' });
    expect(moved).toMatchObject({ reminderAt: '2030-03-01T10:00:00.000Z', processedAt: null });
    expect((await t.world.ok('GET', `/${e.id}/reminders`)).data).toHaveLength(1);
    const due = await t.ctx.database.db
      .select({ id: er.id })
      .from(er)
      .where(and(eq(er.estimateId, e.id), eq(er.organizationId, t.org.organization.id)));
    expect(due).toHaveLength(1);
  });

  it('pictures: PNG/JPEG checked by content, listed with thumbnails, served and removed', async () => {
    const e = await t.world.createEstimate();
    const upload = (data: Buffer, name: string, type: string) => {
      const body = multipart('attachment', data, name, type);
      return t.ctx.app.inject({
        method: 'POST',
        url: t.world.url(`/${e.id}/attachments/pictures`),
        payload: body.payload,
        headers: { ...body.headers, ...t.org.as(t.org.admin.token) },
      });
    };
    expect((await upload(Buffer.from('not an image'), 'x.png', 'image/png')).statusCode).toBe(422);
    const res = await upload(PNG_1x1, 'foto.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const [picture] = res.json().data;
    expect(picture.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    const file = await t.world.est('GET', `/${e.id}/attachments/pictures/${picture.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    await t.world.ok('DELETE', `/${e.id}/attachments/pictures/${picture.id}`);
    expect((await t.world.ok('GET', `/${e.id}/attachments/pictures`)).data).toEqual([]);
  });
});

describe('PDF', () => {
  it('a signed link that opens without a login', async () => {
    const e = await t.world.createEstimate();
    await t.world.ok('POST', `/${e.id}/services`, { service: t.world.service.id, quantity: 1 });
    await t.world.moveTo(e.id, EstimateStatus.Wip);
    const { url } = await t.world.ok('POST', `/${e.id}/pdf`);
    const pdf = await t.ctx.app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const tampered = await t.ctx.app.inject({ method: 'GET', url: url.replace(`/${e.id}?`, `/${mine.id}?`) });
    expect(tampered.statusCode).toBe(404);
  });

  it.each([
    ['Rascunho', EstimateStatus.Draft, 'RASCUNHO'],
    ['Em Andamento', EstimateStatus.Wip, 'Aguardando aprovação'],
    ['Aprovado', EstimateStatus.Completed, 'Aprovado'],
    ['Cancelado', EstimateStatus.Canceled, 'Cancelado'],
  ] as const)(
    'in status %s (%i) the PDF prints "%s" in the customer\'s words, never a workflow state',
    async (_, status, printed) => {
      const e = await t.world.createEstimate();
      await t.world.ok('POST', `/${e.id}/services`, { service: t.world.service.id, quantity: 1 });
      await t.world.moveTo(e.id, status);
      const { url } = await t.world.ok('POST', `/${e.id}/pdf`);
      const pdf = await t.ctx.app.inject({ method: 'GET', url });
      expect(pdf.statusCode).toBe(200);
      const lines = pdfText(pdf.rawPayload).split('\n');
      expect(lines).toContain(printed);
      expect(lines).toContain(`Nº ${e.number}`);
      expect(lines.join('\n')).not.toMatch(/Em Andamento|Concluído/);
      // Only a draft is marked as one: in its heading and across every page.
      const marks = lines.filter((l) => l.includes('RASCUNHO')).length;
      if (status === EstimateStatus.Draft) {
        expect(lines).toContain('RASCUNHO DE ORÇAMENTO');
        expect(marks).toBeGreaterThanOrEqual(2 + pdfPageCount(pdf.rawPayload));
      } else {
        expect(marks).toBe(0);
        expect(lines).toContain('ORÇAMENTO');
      }
    },
  );
});
