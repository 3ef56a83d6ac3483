import { describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { formatMoney } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { APP_URL, whatsappPerFile } from '../../../test/whatsapp-fixtures.ts';
import { queryRows } from '../../lib/sql.ts';
import { visitStamp } from './template-data.ts';
import { queueDueByClock } from './whatsapp-job.ts';

// The features' own writes queue the customer's message in their transaction: each event once, with
// its template's parameters, only when the organization sends, has the event on and the customer agreed;
// a write refused queues nothing. The clock's events (reminder, instalments) come from the job.

const t = whatsappPerFile();
const lastTo = (digits: string) => t.standIn.sent.filter((m) => m.to === digits).at(-1);
const company = () => t.world.company.name;
/** The organization's messages of `event` (any customer), oldest first. */
const queued = (event: string, on: { invoiceId?: number; estimateId?: number }) =>
  t.ctx.database.db
    .select()
    .from(schema.customerMessages)
    .where(
      and(
        eq(schema.customerMessages.organizationId, t.org.organization.id),
        eq(schema.customerMessages.event, event),
        on.invoiceId ? eq(schema.customerMessages.invoiceId, on.invoiceId) : sql`true`,
        on.estimateId ? eq(schema.customerMessages.estimateId, on.estimateId) : sql`true`,
      ),
    )
    .orderBy(asc(schema.customerMessages.id));
const orders = (rest: string, method: 'POST' | 'PUT' = 'POST', payload?: object) =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${t.org.organization.id}${rest}`,
    headers: t.org.as(t.org.admin.token),
    ...(payload ? { payload } : {}),
  });

/** An order of `customerId` with one service (R$ 180,00), started. */
async function startedOrder(customerId?: number) {
  const order = await t.world.createInvoice(customerId);
  await t.world.admin('POST', `/${order.id}/services`, { service: t.world.service.id, quantity: 1 });
  await t.world.moveOrder(order.id, 10);
  return order;
}

/** A started order split in two instalments by boleto, the first due on `firstDueDate`. */
async function splitOrder(firstDueDate: string) {
  const order = await startedOrder();
  const made = await orders(`/invoices/${order.id}/installments`, 'POST', { count: 2, firstDueDate, method: 'boleto' });
  expect(made.statusCode).toBe(201);
  return order;
}

describe("each event is queued by the feature's write, once", () => {
  it('estimate sent: sharing it queues the link to its public page and its validity', async () => {
    const estimate = await t.world.createEstimate();
    const shared = await t.world.ok('POST', `/${estimate.id}/share`);
    expect(await queued('estimateSent', { estimateId: estimate.id })).toHaveLength(1);
    await t.send();
    const m = lastTo(t.world.mobile.digits)!;
    expect(m.template).toMatchObject({ name: 'oc_orcamento_enviado_v1', language: 'pt_BR' });
    expect(m.template!.parameters).toEqual([
      'Maria',
      company(),
      String(estimate.number),
      formatMoney(0),
      `${APP_URL}${shared.url}`,
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    ]);
    const [row] = await queued('estimateSent', { estimateId: estimate.id });
    expect(row).toMatchObject({ status: 'delivered', waMessageId: m.id, kind: 'template' });
  });

  it("visit scheduled: on the order and on the agenda, once per time, in the organization's zone", async () => {
    const order = await t.world.createInvoice();
    await t.world.assignWorker(order.id);
    const at = '2031-12-10T17:30:00.000Z';
    expect((await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: at })).statusCode).toBe(200);
    // The same time saved again is no news.
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: at, reportedProblem: 'Não gela' });
    expect(await queued('visitScheduled', { invoiceId: order.id })).toHaveLength(1);
    const before = t.standIn.sent.length;
    await t.send();
    expect(t.standIn.sent.length - before).toBe(1);
    expect(lastTo(t.world.mobile.digits)!.template).toMatchObject({
      name: 'oc_visita_agendada_v1',
      parameters: ['Maria', company(), String(order.number), 'quarta-feira, 10/12/2031', '14:30', 'Colaborador'],
      payloads: [`visit:${order.id}:${visitStamp(new Date(at))}:confirm`, expect.stringMatching(/:reschedule$/)],
    });
    // Moved on the agenda: a new time, a new message.
    const moved = await orders(`/agenda/${order.id}`, 'PUT', { scheduledAt: '2031-12-11T12:00:00.000Z' });
    expect(moved.statusCode).toBe(200);
    expect(await queued('visitScheduled', { invoiceId: order.id })).toHaveLength(2);
    await t.send();
    expect(lastTo(t.world.mobile.digits)!.template!.parameters.slice(3, 5)).toEqual([
      'quinta-feira, 11/12/2031',
      '09:00',
    ]);
  });

  it('visit scheduled: a time already past or on a finished order is not news', async () => {
    const order = await startedOrder();
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2020-03-02T12:00:00.000Z' });
    expect(await queued('visitScheduled', { invoiceId: order.id })).toEqual([]);
    await t.world.admin('POST', `/${order.id}/complete`);
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2031-03-03T12:00:00.000Z' });
    expect(await queued('visitScheduled', { invoiceId: order.id })).toEqual([]);
  });

  it("visit reminder: the job queues it the day before, once, with each button's payload naming the visit", async () => {
    const order = await t.world.createInvoice();
    const at = new Date('2031-12-15T12:00:00.000Z');
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: at.toISOString() });
    expect(await queueDueByClock(t.wa(), new Date('2031-12-13T13:00:00Z'))).toBe(0);
    expect(await queueDueByClock(t.wa(), new Date('2031-12-14T13:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await queueDueByClock(t.wa(), new Date('2031-12-14T14:00:00Z'))).toBe(0);
    expect(await queued('visitReminder', { invoiceId: order.id })).toHaveLength(1);
    await t.send();
    const m = t.standIn.sent.filter((x) => x.template?.name === 'oc_lembrete_visita_v1').at(-1)!;
    expect(m.template!.parameters).toEqual([
      'Maria',
      company(),
      String(order.number),
      'segunda-feira, 15/12/2031',
      '09:00',
      'nossa equipe',
    ]);
    expect(m.template!.payloads).toEqual([
      `visit:${order.id}:${visitStamp(at)}:confirm`,
      `visit:${order.id}:${visitStamp(at)}:reschedule`,
    ]);
    // Late in the evening the day before, nothing goes (it waits for the morning, which is the visit's day).
    const late = await t.world.createInvoice();
    await t.world.admin('POST', `/${late.id}/visit`, { scheduledAt: '2031-12-20T12:00:00.000Z' });
    expect(await queueDueByClock(t.wa(), new Date('2031-12-20T01:00:00Z'))).toBe(0);
    await t.send();
  });

  it('order completed: the link to the order, and the Pix code of the balance when the company has a key', async () => {
    const plain = await startedOrder();
    expect((await t.world.admin('POST', `/${plain.id}/complete`)).statusCode).toBe(200);
    expect(await queued('orderCompleted', { invoiceId: plain.id })).toHaveLength(1);
    await t.send();
    const [signToken] = await queryRows<{ sign_token: string }>(
      t.ctx.database.db,
      sql`SELECT sign_token FROM invoices WHERE id = ${plain.id}`,
    );
    expect(lastTo(t.world.mobile.digits)!.template).toMatchObject({
      name: 'oc_ordem_concluida_v1',
      parameters: [
        'Maria',
        String(plain.number),
        company(),
        formatMoney(180),
        `${APP_URL}/invoices/${plain.id}/sign?token=${encodeURIComponent(signToken!.sign_token)}`,
      ],
    });

    const pix = await orders(`/companies/${t.world.company.id}/pix`, 'PUT', { pixKey: 'financeiro@oficina.com.br' });
    expect(pix.statusCode).toBe(200);
    const withPix = await startedOrder();
    await orders(`/invoices/${withPix.id}/payments`, 'POST', { amount: 80, method: 'dinheiro', paidAt: '2026-12-01' });
    await t.world.admin('POST', `/${withPix.id}/complete`);
    expect(await queued('orderCompleted', { invoiceId: withPix.id })).toHaveLength(1);
    await t.send();
    const m = t.standIn.sent.filter((x) => x.template?.name === 'oc_ordem_concluida_pix_v1').at(-1)!;
    expect(m.to).toBe(t.world.mobile.digits);
    expect(m.template!.parameters[5]).toBe(formatMoney(100));
    expect(m.template!.parameters[6]).toMatch(/^000201.*financeiro@oficina\.com\.br.*5406100\.00.*6304[0-9A-F]{4}$/);
  });

  it("order completed: the request to rate the job goes once, with the rating page's link; a second completion asks nothing", async () => {
    const order = await startedOrder();
    await t.world.admin('POST', `/${order.id}/complete`);
    expect(await queued('ratingRequest', { invoiceId: order.id })).toHaveLength(1);
    await t.send();
    const m = t.standIn.sent.filter((x) => x.template?.name === 'oc_avaliacao_atendimento_v1').at(-1)!;
    const [rating] = await t.ctx.database.db
      .select({ token: schema.orderRatings.token })
      .from(schema.orderRatings)
      .where(eq(schema.orderRatings.invoiceId, order.id));
    expect(m.template!.parameters).toEqual([
      'Maria',
      company(),
      String(order.number),
      `${APP_URL}/invoices/${order.id}/rate?token=${rating!.token}`,
    ]);
    await t.world.admin('POST', `/${order.id}/start`);
    await t.world.admin('POST', `/${order.id}/complete`);
    expect(await queued('ratingRequest', { invoiceId: order.id })).toHaveLength(1);
  });

  it('order completed: a completion refused queues nothing', async () => {
    const draft = await t.world.createInvoice();
    expect((await t.world.admin('POST', `/${draft.id}/complete`)).statusCode).toBe(409);
    expect(await queued('orderCompleted', { invoiceId: draft.id })).toEqual([]);
  });

  it('payment received: each payment once, recorded on the order or on its instalment', async () => {
    const order = await startedOrder();
    const paid = await orders(`/invoices/${order.id}/payments`, 'POST', {
      amount: 50.5,
      method: 'pix',
      paidAt: '2026-12-02',
    });
    expect(paid.statusCode).toBe(201);
    expect(await queued('paymentReceived', { invoiceId: order.id })).toHaveLength(1);
    await t.send();
    expect(lastTo(t.world.mobile.digits)!.template).toMatchObject({
      name: 'oc_pagamento_recebido_v1',
      parameters: ['Maria', company(), formatMoney(50.5), '02/12/2026', String(order.number)],
    });

    const split = await splitOrder('2031-01-10');
    const [first] = await t.ctx.database.db
      .select({ id: schema.receivables.id })
      .from(schema.receivables)
      .where(eq(schema.receivables.invoiceId, split.id))
      .orderBy(asc(schema.receivables.installmentNumber));
    expect((await orders(`/receivables/${first!.id}/pay`, 'POST', { paidAt: '2026-12-02' })).statusCode).toBe(200);
    expect(await queued('paymentReceived', { invoiceId: split.id })).toHaveLength(1);
    await t.send();
    expect(lastTo(t.world.mobile.digits)!.template!.parameters[2]).toBe(formatMoney(90));
  });

  it('instalment due in 3 days, and overdue the day after, each once, with the Pix code of that instalment', async () => {
    // The company has a key (set above): each reminder carries the static code for the instalment's amount.
    const order = await splitOrder('2032-01-10');
    await queueDueByClock(t.wa(), new Date('2032-01-07T12:00:00Z'));
    await queueDueByClock(t.wa(), new Date('2032-01-07T13:00:00Z'));
    expect(await queued('instalmentDue', { invoiceId: order.id })).toHaveLength(1);
    await t.send();
    const staticCode = new RegExp(
      `^000201.*financeiro@oficina\\.com\\.br.*540590\\.00.*OS${order.number}P1.*6304[0-9A-F]{4}$`,
    );
    expect(lastTo(t.world.mobile.digits)!.template).toMatchObject({
      name: 'oc_parcela_a_vencer_pix_v1',
      parameters: [
        'Maria',
        company(),
        '1 de 2',
        String(order.number),
        formatMoney(90),
        '10/01/2032',
        expect.stringMatching(staticCode),
      ],
    });
    await queueDueByClock(t.wa(), new Date('2032-01-11T12:00:00Z'));
    await t.send();
    expect(lastTo(t.world.mobile.digits)!.template).toMatchObject({
      name: 'oc_parcela_vencida_pix_v1',
      parameters: [
        'Maria',
        company(),
        '1 de 2',
        String(order.number),
        formatMoney(90),
        '10/01/2032',
        expect.stringMatching(staticCode),
      ],
    });
    expect(await queueDueByClock(t.wa(), new Date('2032-01-12T12:00:00Z'))).toBe(0);
    expect(await queued('instalmentOverdue', { invoiceId: order.id })).toHaveLength(1);
  });

  it("the PSP's charges' codes go in the messages: the order's when it asks for the balance, each instalment's its own", async () => {
    const db = t.ctx.database.db;
    const charge = (o: {
      invoiceId: number;
      receivableId?: number;
      dueDate?: string;
      amountCents: number;
      code: string;
    }) =>
      db.insert(schema.pixCharges).values({
        organizationId: t.org.organization.id,
        companyId: t.world.company.id,
        invoiceId: o.invoiceId,
        receivableId: o.receivableId ?? null,
        dueDate: o.dueDate ?? null,
        kind: o.receivableId ? 'cobv' : 'cob',
        txid: `T${o.invoiceId}R${o.receivableId ?? 0}`.padEnd(26, '0'),
        amountCents: o.amountCents,
        status: 'ATIVA',
        pixCopiaECola: o.code,
      });
    // An immediate charge for exactly the balance: its code, not the static one.
    const whole = await startedOrder();
    await charge({ invoiceId: whole.id, amountCents: 18000, code: 'DYNAMIC-COB-CODE' });
    await t.world.admin('POST', `/${whole.id}/complete`);
    await t.send();
    const done = t.standIn.sent.filter((x) => x.template?.name === 'oc_ordem_concluida_pix_v1').at(-1)!;
    expect(done.template!.parameters.slice(5)).toEqual([formatMoney(180), 'DYNAMIC-COB-CODE']);
    // A charge for another amount (not yet revised) is not offered: the static code of the balance goes.
    const stale = await startedOrder();
    await charge({ invoiceId: stale.id, amountCents: 5000, code: 'STALE-COB-CODE' });
    await t.world.admin('POST', `/${stale.id}/complete`);
    await t.send();
    const staleSent = t.standIn.sent.filter((x) => x.template?.name === 'oc_ordem_concluida_pix_v1').at(-1)!;
    expect(staleSent.template!.parameters[1]).toBe(String(stale.number));
    expect(staleSent.template!.parameters[6]).toMatch(/^000201.*5406180\.00/);

    // Charged instalment by instalment: the completion carries no code for the sum, each reminder its own.
    const split = await startedOrder();
    await orders(`/invoices/${split.id}/installments`, 'POST', { count: 2, firstDueDate: '2033-03-10', method: 'pix' });
    const instalments = await db
      .select({ id: schema.receivables.id, dueDate: schema.receivables.dueDate })
      .from(schema.receivables)
      .where(eq(schema.receivables.invoiceId, split.id))
      .orderBy(asc(schema.receivables.installmentNumber));
    for (const [n, r] of instalments.entries())
      await charge({
        invoiceId: split.id,
        receivableId: r.id,
        dueDate: r.dueDate,
        amountCents: 9000,
        code: `DYNAMIC-COBV-${n + 1}`,
      });
    await t.world.admin('POST', `/${split.id}/complete`);
    await t.send();
    expect(lastTo(t.world.mobile.digits)!.template!.name).toBe('oc_ordem_concluida_v1');
    await queueDueByClock(t.wa(), new Date('2033-03-07T12:00:00Z'));
    await t.send();
    expect(lastTo(t.world.mobile.digits)!.template).toMatchObject({
      name: 'oc_parcela_a_vencer_pix_v1',
      parameters: expect.arrayContaining(['1 de 2', String(split.number), 'DYNAMIC-COBV-1']),
    });
  });
});

describe('consent and the switches', () => {
  it('no consent: the writes queue nothing, nothing is sent', async () => {
    const other = await t.world.newCustomer({ consent: false });
    const order = await startedOrder(other.id);
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2031-12-10T17:30:00.000Z' });
    await orders(`/invoices/${order.id}/payments`, 'POST', { amount: 10, method: 'pix', paidAt: '2026-12-02' });
    await t.world.admin('POST', `/${order.id}/complete`);
    await t.send();
    expect(t.standIn.sent.filter((m) => m.to === other.mobile.digits)).toEqual([]);
    expect(await t.world.messagesOf(other.id)).toEqual([]);
  });

  it("an event switched off, or the organization's sending off, queues nothing; on again, the next write does", async () => {
    const order = await t.world.createInvoice();
    await t.world.api('PUT', '/whatsapp/settings', { ...t.world.settings, events: { visitScheduled: false } });
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2031-12-11T17:30:00.000Z' });
    await t.world.api('PUT', '/whatsapp/settings', { ...t.world.settings, enabled: false });
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2031-12-12T17:30:00.000Z' });
    expect(await queued('visitScheduled', { invoiceId: order.id })).toEqual([]);
    await t.world.api('PUT', '/whatsapp/settings', t.world.settings);
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2031-12-13T17:30:00.000Z' });
    expect(await queued('visitScheduled', { invoiceId: order.id })).toHaveLength(1);
    await t.send();
  });

  it("'SAIR' withdraws the consent at once, is confirmed by one message, and stops the next one", async () => {
    const c = await t.world.newCustomer();
    const order = await t.world.createInvoice(c.id);
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2031-12-12T17:30:00.000Z' });
    await t.send();
    const scheduled = lastTo(c.mobile.digits)!;
    await t.standIn.reply(t.world.business.phoneNumberId, c.mobile.digits, 'Sáir!', { contextId: scheduled.id });
    await t.send();
    const consent = (await t.world.api('GET', `/customers/${c.id}/whatsapp-consent`)).json();
    expect(consent.current).toMatchObject({ optIn: false, source: 'reply', recordedBy: null, phone: c.mobile.e164 });
    const confirmation = lastTo(c.mobile.digits)!;
    expect(confirmation).toMatchObject({ type: 'text' });
    expect(confirmation.text).toMatch(/não receberá mais mensagens automáticas/);
    // A second 'SAIR' confirms nothing again; the next event sends nothing.
    await t.standIn.reply(t.world.business.phoneNumberId, c.mobile.digits, 'PARAR');
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2031-12-13T17:30:00.000Z' });
    expect(await queued('visitScheduled', { invoiceId: order.id })).toHaveLength(1);
    await t.send();
    expect(t.standIn.sent.filter((m) => m.to === c.mobile.digits)).toHaveLength(2);
  });

  it("the office's switch opts out at once and the customer gets the confirmation template", async () => {
    const c = await t.world.newCustomer();
    const off = await t.world.api('PUT', `/customers/${c.id}/whatsapp-consent`, { optIn: false, source: 'form' });
    expect(off.statusCode).toBe(200);
    expect(off.json().history.map((h: { optIn: boolean }) => h.optIn)).toEqual([false, true]);
    expect(off.json().current.recordedBy).toBe('Admin Teste');
    await t.send();
    expect(lastTo(c.mobile.digits)!.template).toMatchObject({
      name: 'oc_descadastro_confirmado_v1',
      parameters: ['João', t.org.organization.name],
    });
  });
});
