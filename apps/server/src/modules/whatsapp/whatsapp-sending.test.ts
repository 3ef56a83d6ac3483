import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { formatMoney } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { APP_URL, whatsappPerFile } from '../../../test/whatsapp-fixtures.ts';
import { queryRows } from '../../lib/sql.ts';
import {
  queueEstimateSent,
  queueOrderCompleted,
  queuePaymentReceived,
  queueVisitReminder,
  queueVisitScheduled,
  visitStamp,
} from './template-data.ts';
import { queueDueByClock } from './whatsapp-job.ts';

// Each event's template reaches the stand-in Cloud API with its parameters, only for customers who
// agreed; and the outbox sends each message once, through rate limits, errors and a dead instance.

const t = whatsappPerFile();
const scope = () => ({ organizationId: t.org.organization.id, appUrl: APP_URL });
const inTx = <T>(fn: (tx: Parameters<Parameters<typeof t.ctx.app.db.transaction>[0]>[0]) => Promise<T>) =>
  t.ctx.app.db.transaction(fn);
const lastTo = (digits: string) => t.standIn.sent.filter((m) => m.to === digits).at(-1);
const company = () => t.world.company.name;

/** An order of the first customer with one service (R$ 180,00), started. */
async function startedOrder() {
  const order = await t.world.createInvoice();
  await t.world.admin('POST', `/${order.id}/services`, { service: t.world.service.id, quantity: 1 });
  await t.world.moveOrder(order.id, 10);
  return order;
}

describe('each event sends its template with its parameters', () => {
  it('estimate sent: the link to its public page and its validity', async () => {
    const estimate = await t.world.createEstimate();
    const shared = await t.world.ok('POST', `/${estimate.id}/share`);
    const q = await inTx((tx) => queueEstimateSent(tx, scope(), estimate.id));
    expect(q).toHaveProperty('queued');
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
    const [row] = (await t.world.messagesOf(t.world.customer.id)).filter((r) => r.estimateId === estimate.id);
    expect(row).toMatchObject({ status: 'delivered', waMessageId: m.id, kind: 'template', event: 'estimateSent' });
    expect(row!.body).toContain(`${APP_URL}${shared.url}`);
  });

  it("visit scheduled: the date and time in the organization's zone and the technician's first name", async () => {
    const order = await t.world.createInvoice();
    await t.world.assignWorker(order.id);
    const visit = await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2026-12-10T17:30:00.000Z' });
    expect(visit.statusCode).toBe(200);
    await inTx((tx) => queueVisitScheduled(tx, scope(), order.id));
    await t.send();
    expect(lastTo(t.world.mobile.digits)!.template).toMatchObject({
      name: 'oc_visita_agendada_v1',
      parameters: ['Maria', company(), String(order.number), 'quinta-feira, 10/12/2026', '14:30', 'Colaborador'],
      payloads: [
        `visit:${order.id}:${visitStamp(new Date('2026-12-10T17:30:00.000Z'))}:confirm`,
        expect.stringMatching(/:reschedule$/),
      ],
    });
  });

  it("visit reminder: the day before, with each button's payload naming the visit", async () => {
    const order = await t.world.createInvoice();
    const at = new Date('2026-12-15T12:00:00.000Z');
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: at.toISOString() });
    // Two days before: nothing yet; the day before at 10:00 in São Paulo: the reminder.
    expect(await queueDueByClock(t.wa(), new Date('2026-12-13T13:00:00Z'))).toBe(0);
    expect(await queueDueByClock(t.wa(), new Date('2026-12-14T13:00:00Z'))).toBeGreaterThanOrEqual(1);
    // Once only.
    expect(await queueDueByClock(t.wa(), new Date('2026-12-14T14:00:00Z'))).toBe(0);
    await t.send();
    const m = t.standIn.sent.filter((x) => x.template?.name === 'oc_lembrete_visita_v1').at(-1)!;
    expect(m.template!.parameters).toEqual([
      'Maria',
      company(),
      String(order.number),
      'terça-feira, 15/12/2026',
      '09:00',
      'nossa equipe',
    ]);
    expect(m.template!.payloads).toEqual([
      `visit:${order.id}:${visitStamp(at)}:confirm`,
      `visit:${order.id}:${visitStamp(at)}:reschedule`,
    ]);
    // Late in the evening the day before, nothing goes (it waits for the morning, which is the visit's day).
    const late = await t.world.createInvoice();
    await t.world.admin('POST', `/${late.id}/visit`, { scheduledAt: '2026-12-20T12:00:00.000Z' });
    expect(await queueDueByClock(t.wa(), new Date('2026-12-20T01:00:00Z'))).toBe(0);
  });

  it('order completed: the link to the order, and the Pix code of the balance when the company has a key', async () => {
    const plain = await startedOrder();
    await t.world.admin('POST', `/${plain.id}/complete`);
    await inTx((tx) => queueOrderCompleted(tx, scope(), plain.id));
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

    const pix = await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${t.org.organization.id}/companies/${t.world.company.id}/pix`,
      headers: t.org.as(t.org.admin.token),
      payload: { pixKey: 'financeiro@oficina.com.br' },
    });
    expect(pix.statusCode).toBe(200);
    const withPix = await startedOrder();
    await t.world.admin('POST', `/${withPix.id}/complete`);
    await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/invoices/${withPix.id}/payments`,
      headers: t.org.as(t.org.admin.token),
      payload: { amount: 80, method: 'dinheiro', paidAt: '2026-12-01' },
    });
    await inTx((tx) => queueOrderCompleted(tx, scope(), withPix.id));
    await t.send();
    const m = lastTo(t.world.mobile.digits)!;
    expect(m.template!.name).toBe('oc_ordem_concluida_pix_v1');
    expect(m.template!.parameters[5]).toBe(formatMoney(100));
    expect(m.template!.parameters[6]).toMatch(/^000201.*financeiro@oficina\.com\.br.*5406100\.00.*6304[0-9A-F]{4}$/);
  });

  it('payment received: the amount, the day and the order', async () => {
    const order = await startedOrder();
    const paid = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/invoices/${order.id}/payments`,
      headers: t.org.as(t.org.admin.token),
      payload: { amount: 50.5, method: 'pix', paidAt: '2026-12-02' },
    });
    expect(paid.statusCode).toBe(201);
    await inTx((tx) => queuePaymentReceived(tx, scope(), paid.json().payments.at(-1).id));
    await t.send();
    expect(lastTo(t.world.mobile.digits)!.template).toMatchObject({
      name: 'oc_pagamento_recebido_v1',
      parameters: ['Maria', company(), formatMoney(50.5), '02/12/2026', String(order.number)],
    });
  });

  it('instalment due in 3 days, and overdue the day after', async () => {
    const order = await startedOrder();
    const split = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/invoices/${order.id}/installments`,
      headers: t.org.as(t.org.admin.token),
      payload: { count: 2, firstDueDate: '2027-01-10', method: 'boleto' },
    });
    expect(split.statusCode).toBe(201);
    await queueDueByClock(t.wa(), new Date('2027-01-07T12:00:00Z'));
    await t.send();
    expect(lastTo(t.world.mobile.digits)!.template).toMatchObject({
      name: 'oc_parcela_a_vencer_v1',
      parameters: ['Maria', company(), '1 de 2', String(order.number), formatMoney(90), '10/01/2027'],
    });
    await queueDueByClock(t.wa(), new Date('2027-01-11T12:00:00Z'));
    await t.send();
    expect(lastTo(t.world.mobile.digits)!.template).toMatchObject({
      name: 'oc_parcela_vencida_v1',
      parameters: ['Maria', company(), '1 de 2', String(order.number), formatMoney(90), '10/01/2027'],
    });
    // The second instalment is not due yet; the first is told about once.
    expect(await queueDueByClock(t.wa(), new Date('2027-01-12T12:00:00Z'))).toBe(0);
  });
});

describe('consent, switches and opt-out', () => {
  it('no consent: nothing is queued, nothing sent', async () => {
    const other = await t.world.newCustomer({ consent: false });
    const order = await t.world.createInvoice(other.id);
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2026-12-10T17:30:00.000Z' });
    expect(await inTx((tx) => queueVisitScheduled(tx, scope(), order.id))).toEqual({ skipped: 'consent' });
    await t.send();
    expect(t.standIn.sent.filter((m) => m.to === other.mobile.digits)).toEqual([]);
    expect(await t.world.messagesOf(other.id)).toEqual([]);
  });

  it("an event switched off, or the organization's sending off, queues nothing", async () => {
    const order = await t.world.createInvoice();
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2026-12-11T17:30:00.000Z' });
    await t.world.api('PUT', '/whatsapp/settings', { ...t.world.settings, events: { visitScheduled: false } });
    expect(await inTx((tx) => queueVisitScheduled(tx, scope(), order.id))).toEqual({ skipped: 'off' });
    await t.world.api('PUT', '/whatsapp/settings', { ...t.world.settings, enabled: false });
    expect(await inTx((tx) => queueVisitScheduled(tx, scope(), order.id))).toEqual({ skipped: 'off' });
    await t.world.api('PUT', '/whatsapp/settings', t.world.settings);
    expect(await inTx((tx) => queueVisitScheduled(tx, scope(), order.id))).toHaveProperty('queued');
    await t.send();
  });

  it("'SAIR' withdraws the consent at once, is confirmed by one message, and stops the next one", async () => {
    const c = await t.world.newCustomer();
    const order = await t.world.createInvoice(c.id);
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2026-12-12T17:30:00.000Z' });
    await inTx((tx) => queueVisitScheduled(tx, scope(), order.id));
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
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2026-12-13T17:30:00.000Z' });
    expect(await inTx((tx) => queueVisitScheduled(tx, scope(), order.id))).toEqual({ skipped: 'consent' });
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

describe('the outbox sends each message once', () => {
  async function queuedVisit() {
    const order = await t.world.createInvoice();
    await t.world.admin('POST', `/${order.id}/visit`, {
      scheduledAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    });
    const q = await inTx((tx) => queueVisitScheduled(tx, scope(), order.id));
    if (!q || !('queued' in q)) throw new Error(`not queued: ${JSON.stringify(q)}`);
    return q.queued;
  }
  const row = async (id: number) =>
    (await t.ctx.database.db.select().from(schema.customerMessages).where(eq(schema.customerMessages.id, id)))[0]!;
  const due = (id: number) =>
    t.ctx.database.db
      .update(schema.customerMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(schema.customerMessages.id, id));
  const sentWith = (waId: string | null) => t.standIn.sent.filter((m) => m.id === waId);

  it("429 with Retry-After, then 200: sent once, not before Meta's wait, the organization paced meanwhile", async () => {
    const id = await queuedVisit();
    const before = t.standIn.sent.length;
    t.standIn.failNext({ status: 429, code: 130429, retryAfter: 120 });
    await t.send();
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, errorCode: 130429 });
    expect(waiting.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(110_000);
    const [paced] = await t.ctx.database.db
      .select({ pausedUntil: schema.whatsappSettings.pausedUntil })
      .from(schema.whatsappSettings)
      .where(eq(schema.whatsappSettings.organizationId, t.org.organization.id));
    expect(paced!.pausedUntil!.getTime()).toBeGreaterThan(Date.now() + 100_000);
    await t.ctx.database.db
      .update(schema.whatsappSettings)
      .set({ pausedUntil: null })
      .where(eq(schema.whatsappSettings.organizationId, t.org.organization.id));
    await due(id);
    await t.send();
    const done = await row(id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 2, errorCode: null });
    expect(t.standIn.sent.length - before).toBe(1);
    expect(sentWith(done.waMessageId)).toHaveLength(1);
  });

  it('5xx is tried again later; a broken token is not', async () => {
    const id = await queuedVisit();
    t.standIn.failNext({ status: 503, code: 2 });
    await t.send();
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1 });
    await due(id);
    await t.send();
    expect((await row(id)).status).toBe('delivered');

    const broken = await queuedVisit();
    t.standIn.failNext({ status: 401, code: 190 });
    await t.send();
    expect(await row(broken)).toMatchObject({ status: 'failed', errorCode: 190 });
    expect((await row(broken)).errorReason).toMatch(/token de acesso expirou/);
  });

  it('a message written before a crash is sent after the restart; one claimed by an instance that died is sent when its lease ends', async () => {
    const id = await queuedVisit();
    // The instance that wrote it died before its job ran: any later round, of any instance, sends it.
    await t.send();
    expect((await row(id)).status).toBe('delivered');

    const claimed = await queuedVisit();
    // An instance claimed it and died before sending: its lease holds the message for a while.
    await t.ctx.database.db
      .update(schema.customerMessages)
      .set({ leaseUntil: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(schema.customerMessages.id, claimed));
    await t.send();
    expect((await row(claimed)).status).toBe('queued');
    await t.ctx.database.db
      .update(schema.customerMessages)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(schema.customerMessages.id, claimed));
    await t.send();
    const done = await row(claimed);
    expect(done.status).toBe('delivered');
    expect(sentWith(done.waMessageId)).toHaveLength(1);
  });

  it('two rounds at once never send a message twice', async () => {
    const ids = [await queuedVisit(), await queuedVisit(), await queuedVisit()];
    const before = t.standIn.sent.length;
    const { sendDueMessages } = await import('./sender.ts');
    await Promise.all([sendDueMessages(t.wa()), sendDueMessages(t.wa()), sendDueMessages(t.wa())]);
    await t.standIn.idle();
    expect(t.standIn.sent.length - before).toBe(3);
    for (const id of ids) expect((await row(id)).status).toBe('delivered');
  });
});

describe('the e-mail takes the place of a WhatsApp message that cannot go', () => {
  it('a number not on WhatsApp: failed with 131026 and its reason, then the e-mail with the same text', async () => {
    const c = await t.world.newCustomer();
    t.standIn.notOnWhatsApp.add(c.mobile.digits);
    const order = await t.world.createInvoice(c.id);
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2026-12-18T17:30:00.000Z' });
    await inTx((tx) => queueVisitScheduled(tx, scope(), order.id));
    await t.send();
    const [wa, email] = await t.world.messagesOf(c.id);
    expect(wa).toMatchObject({ channel: 'whatsapp', status: 'failed', errorCode: 131026 });
    expect(wa!.errorReason).toMatch(/não usa WhatsApp/);
    expect(email).toMatchObject({ channel: 'email', status: 'sent', fallbackOf: wa!.id, email: c.email });
    const mail = t.mail.find((m) => m.to[0] === c.email)!;
    expect(mail.subject).toBe(`${company()}: Visita agendada`);
    expect(mail.text).toContain('está agendada para sexta-feira, 18/12/2026, às 14:30');
    expect(mail.text).not.toContain('SAIR');
  });

  it('a template Meta refused is not sent to the API: the e-mail goes at once; no address, no e-mail', async () => {
    await t.standIn.setTemplateStatus(
      t.world.business.businessAccountId,
      'oc_pagamento_recebido_v1',
      'REJECTED',
      'INVALID_FORMAT',
    );
    const c = await t.world.newCustomer();
    const noEmail = await t.world.newCustomer({ email: null });
    for (const customer of [c, noEmail]) {
      const order = await t.world.createInvoice(customer.id);
      await t.world.admin('POST', `/${order.id}/services`, { service: t.world.service.id, quantity: 1 });
      await t.world.moveOrder(order.id, 10);
      const paid = await t.ctx.app.inject({
        method: 'POST',
        url: `/api/organizations/${t.org.organization.id}/invoices/${order.id}/payments`,
        headers: t.org.as(t.org.admin.token),
        payload: { amount: 10, method: 'pix', paidAt: '2026-12-02' },
      });
      await inTx((tx) => queuePaymentReceived(tx, scope(), paid.json().payments.at(-1).id));
    }
    const before = t.standIn.sent.length;
    await t.send();
    expect(t.standIn.sent.length).toBe(before);
    expect((await t.world.messagesOf(c.id)).map((m) => [m.channel, m.status])).toEqual([
      ['whatsapp', 'failed'],
      ['email', 'sent'],
    ]);
    expect((await t.world.messagesOf(noEmail.id)).map((m) => [m.channel, m.status])).toEqual([['whatsapp', 'failed']]);
    await t.standIn.setTemplateStatus(t.world.business.businessAccountId, 'oc_pagamento_recebido_v1', 'APPROVED');
  });
});

describe('another organization', () => {
  it("an order id of another organization queues nothing for this one's customers", async () => {
    const theirs = await t.theirs.createInvoice();
    expect(await inTx((tx) => queueVisitReminder(tx, scope(), theirs.id))).toBeNull();
    const [n] = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM customer_messages WHERE organization_id = ${t.org.organization.id} AND invoice_id = ${theirs.id}`,
    );
    expect(n!.n).toBe(0);
  });
});
