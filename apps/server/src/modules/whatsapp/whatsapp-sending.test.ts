import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { APP_URL, whatsappPerFile } from '../../../test/whatsapp-fixtures.ts';
import { queryRows } from '../../lib/sql.ts';
import { queueVisitReminder } from './template-data.ts';

// The outbox sends each message once, through rate limits, errors and a dead instance; a message that
// cannot go on WhatsApp goes by e-mail; another organization's record queues nothing here.

const t = whatsappPerFile();
const scope = () => ({ organizationId: t.org.organization.id, appUrl: APP_URL });
const inTx = <T>(fn: (tx: Parameters<Parameters<typeof t.ctx.app.db.transaction>[0]>[0]) => Promise<T>) =>
  t.ctx.app.db.transaction(fn);
const company = () => t.world.company.name;

describe('the outbox sends each message once', () => {
  async function queuedVisit() {
    const order = await t.world.createInvoice();
    await t.world.admin('POST', `/${order.id}/visit`, {
      scheduledAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    });
    const [q] = await t.ctx.database.db
      .select({ id: schema.customerMessages.id })
      .from(schema.customerMessages)
      .where(eq(schema.customerMessages.invoiceId, order.id));
    if (!q) throw new Error('not queued');
    return q.id;
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
    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2031-12-18T17:30:00.000Z' });
    await t.send();
    const [wa, email] = await t.world.messagesOf(c.id);
    expect(wa).toMatchObject({ channel: 'whatsapp', status: 'failed', errorCode: 131026 });
    expect(wa!.errorReason).toMatch(/não usa WhatsApp/);
    expect(email).toMatchObject({ channel: 'email', status: 'sent', fallbackOf: wa!.id, email: c.email });
    const mail = t.mail.find((m) => m.to[0] === c.email)!;
    expect(mail.subject).toBe(`${company()}: Visita agendada`);
    expect(mail.text).toContain('está agendada para quinta-feira, 18/12/2031, às 14:30');
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
      expect(paid.statusCode).toBe(201);
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
