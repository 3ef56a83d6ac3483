import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { sign } from '@ordem-certa/test-support/whatsapp-cloud-stand-in';
import { expectEachRoute } from '../../../test/helpers.ts';
import { newMobile, whatsappPerFile } from '../../../test/whatsapp-fixtures.ts';
import { queryRows } from '../../lib/sql.ts';

// Meta's webhook: verified before it changes anything, routed by the phone number to its organization,
// each status and message recorded once; and the conversation the office reads and answers.

const t = whatsappPerFile();

async function scheduledVisit(customerId = t.world.customer.id) {
  const order = await t.world.createInvoice(customerId);
  await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2031-12-22T13:00:00.000Z' });
  await t.send();
  return order;
}
const post = (body: string, signature?: string) =>
  t.ctx.app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    payload: body,
  });
/** A 'messages' notification of the organization's number (or `phoneNumberId`), as Meta sends it. */
const messagesPayload = (value: object, phoneNumberId = t.world.business.phoneNumberId) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: t.world.business.businessAccountId,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '551140001234', phone_number_id: phoneNumberId },
            ...value,
          },
        },
      ],
    },
  ],
});

/** Everything the webhook can change, to show that a refused one changed nothing. */
const snapshot = async () =>
  queryRows(
    t.ctx.database.db,
    sql`SELECT (SELECT count(*)::int FROM customer_messages) AS messages,
               (SELECT count(*)::int FROM whatsapp_statuses) AS statuses,
               (SELECT count(*)::int FROM whatsapp_consents) AS consents,
               (SELECT string_agg(status, ',' ORDER BY id) FROM customer_messages) AS states,
               (SELECT string_agg(status, ',' ORDER BY organization_id, name) FROM whatsapp_templates) AS templates`,
  );

describe("GET /api/whatsapp/webhook: Meta's verification", () => {
  it('answers the challenge to a verify token an organization set, and 403 otherwise', async () => {
    const ok = await t.ctx.app.inject({
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${t.world.business.verifyToken}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    for (const q of [
      `hub.mode=subscribe&hub.verify_token=errado-123&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${t.world.business.verifyToken}&hub.challenge=1`,
      `hub.mode=subscribe&hub.challenge=1`,
    ])
      expect((await t.ctx.app.inject({ url: `/api/whatsapp/webhook?${q}` })).statusCode, q).toBe(403);
  });
});

describe('POST /api/whatsapp/webhook: only what the organization signed', () => {
  it('statuses move the message: sent, delivered, read, once each and never backwards', async () => {
    await scheduledVisit();
    const sent = t.standIn.sent.at(-1)!;
    const [row] = await t.ctx.database.db
      .select()
      .from(schema.customerMessages)
      .where(eq(schema.customerMessages.waMessageId, sent.id));
    expect(row).toMatchObject({ status: 'delivered', organizationId: t.org.organization.id });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    const status = (s: string) =>
      messagesPayload({
        statuses: [{ id: sent.id, status: s, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: sent.to }],
      });
    const read = JSON.stringify(status('read'));
    expect((await post(read, sign(read, t.world.business.appSecret))).json()).toEqual({ handled: 1 });
    // The same notification again (Meta retries) changes nothing and says so.
    expect((await post(read, sign(read, t.world.business.appSecret))).json()).toEqual({ handled: 0 });
    const late = JSON.stringify(status('delivered'));
    await post(late, sign(late, t.world.business.appSecret));
    const [after] = await t.ctx.database.db
      .select()
      .from(schema.customerMessages)
      .where(eq(schema.customerMessages.id, row!.id));
    expect(after).toMatchObject({ status: 'read' });
    expect(after!.readAt).toBeInstanceOf(Date);
  });

  it('a forged notification (no, wrong or other secret, a changed byte) is 401 and changes nothing', async () => {
    await scheduledVisit();
    const before = await snapshot();
    const sent = t.standIn.sent.at(-1)!;
    const payload = messagesPayload({
      statuses: [{ id: sent.id, status: 'failed', timestamp: '1', recipient_id: sent.to, errors: [{ code: 131026 }] }],
      contacts: [{ profile: { name: 'X' }, wa_id: t.world.mobile.digits }],
      messages: [
        { from: t.world.mobile.digits, id: 'wamid.forjado', timestamp: '1', type: 'text', text: { body: 'SAIR' } },
      ],
    });
    const body = JSON.stringify(payload);
    const good = sign(body, t.world.business.appSecret);
    const changed = body.replace('"SAIR"', '"SAIr"');
    for (const [what, res] of [
      ['no signature', await post(body)],
      ['a made-up secret', await post(body, sign(body, 'segredo-inventado'))],
      ["the other organization's secret", await post(body, sign(body, t.theirs.business.appSecret))],
      ['a changed byte', await post(changed, good)],
      ['malformed', await post(body, 'sha256=zz')],
    ] as const)
      expect(res.statusCode, what).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect((await t.world.api('GET', `/customers/${t.world.customer.id}/whatsapp-consent`)).json().current.optIn).toBe(
      true,
    );
  });

  it('an unknown phone number id is 401 whoever signs it, and a signed part of another number is left alone', async () => {
    const before = await snapshot();
    const of = (phoneNumberId: string) => ({
      field: 'messages',
      value: {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '5511999990000', phone_number_id: phoneNumberId },
        contacts: [{ profile: { name: 'X' }, wa_id: t.world.mobile.digits }],
        messages: [
          {
            from: t.world.mobile.digits,
            id: `wamid.${phoneNumberId}`,
            timestamp: '1',
            type: 'text',
            text: { body: 'Oi' },
          },
        ],
      },
    });
    const unknown = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [of('123451234512345')] }],
    });
    expect((await post(unknown, sign(unknown, t.world.business.appSecret))).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
    // Signed with the other organization's secret, naming both numbers: only theirs is taken.
    const both = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [of(t.world.business.phoneNumberId), of(t.theirs.business.phoneNumberId)] }],
    });
    expect((await post(both, sign(both, t.theirs.business.appSecret))).json()).toEqual({ handled: 1 });
    const rows = await t.ctx.database.db
      .select({ organizationId: schema.customerMessages.organizationId })
      .from(schema.customerMessages)
      .where(sql`${schema.customerMessages.waMessageId} LIKE 'wamid.%' AND ${schema.customerMessages.body} = 'Oi'`);
    expect(rows).toEqual([{ organizationId: t.other.organization.id }]);
  });

  it('a body that is not JSON is 400', async () => {
    expect((await post('{nao', sign('{nao', t.world.business.appSecret))).statusCode).toBe(400);
  });
});

describe("the customer's messages land on the right customer of the right organization", () => {
  it('by the number, with or without the ninth digit, even when another organization has the same customer', async () => {
    const shared = newMobile();
    const ours = await t.world.newCustomer({ phone: shared });
    const theirs = await t.theirs.newCustomer({ phone: shared });
    const withoutNine = shared.digits.replace(/^5511 ?9/, '5511');
    await t.standIn.reply(t.world.business.phoneNumberId, withoutNine, 'Bom dia, qual o horário?');
    const [mine] = await t.world.messagesOf(ours.id);
    expect(mine).toMatchObject({
      direction: 'in',
      status: 'received',
      body: 'Bom dia, qual o horário?',
      phone: withoutNine,
    });
    expect(await t.theirs.messagesOf(theirs.id)).toEqual([]);
    await t.standIn.reply(t.theirs.business.phoneNumberId, shared.digits, 'Outra oficina');
    expect((await t.theirs.messagesOf(theirs.id)).map((m) => m.body)).toEqual(['Outra oficina']);
    expect((await t.world.messagesOf(ours.id)).map((m) => m.body)).toEqual(['Bom dia, qual o horário?']);
  });

  it('an answer to a message goes to its customer and its order, once by its id', async () => {
    const c = await t.world.newCustomer();
    const order = await scheduledVisit(c.id);
    const sent = t.standIn.sent.at(-1)!;
    const id = await t.standIn.reply(t.world.business.phoneNumberId, c.mobile.digits, 'Pode ser às 15h?', {
      contextId: sent.id,
    });
    const received = (await t.world.messagesOf(c.id)).filter((m) => m.direction === 'in');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ invoiceId: order.id, waMessageId: id, kind: 'text' });
    // Meta sends it again: still one.
    const again = t.standIn.webhookCalls.length;
    const [raw] = await queryRows<{ id: string }>(
      t.ctx.database.db,
      sql`SELECT wa_message_id AS id FROM customer_messages WHERE id = ${received[0]!.id}`,
    );
    expect(raw!.id).toBe(id);
    const replay = JSON.stringify(
      messagesPayload({
        messages: [{ from: c.mobile.digits, id, timestamp: '1', type: 'text', text: { body: 'Pode ser às 15h?' } }],
      }),
    );
    expect((await post(replay, sign(replay, t.world.business.appSecret))).json()).toEqual({ handled: 0 });
    expect((await t.world.messagesOf(c.id)).filter((m) => m.direction === 'in')).toHaveLength(1);
    expect(t.standIn.webhookCalls.length).toBe(again);
  });
});

describe('the conversation and the 24 hours', () => {
  const base = (orgId: number) => `/api/organizations/${orgId}`;

  it("401 without a token, 404 for another organization's customer or order, 403 for a collaborator", async () => {
    const c = t.world.customer.id;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/customers/${c}/messages`],
      ['POST', `/customers/${c}/messages`, { text: 'Oi' }],
      ['GET', `/customers/${c}/whatsapp-consent`],
      ['PUT', `/customers/${c}/whatsapp-consent`, { optIn: true, source: 'form' }],
    ];
    await expectEachRoute(t.ctx, routes, 401, base(t.org.organization.id));
    await expectEachRoute(t.ctx, routes, 403, base(t.org.organization.id), t.org.as(t.org.worker.token));
    const theirs: Array<[string, string, unknown?]> = [
      ['GET', `/customers/${t.theirs.customer.id}/messages`],
      ['POST', `/customers/${t.theirs.customer.id}/messages`, { text: 'Oi' }],
      ['GET', `/customers/${t.theirs.customer.id}/whatsapp-consent`],
      ['PUT', `/customers/${t.theirs.customer.id}/whatsapp-consent`, { optIn: false, source: 'form' }],
      ['GET', `/invoices/${(await t.theirs.createInvoice()).id}/messages`],
    ];
    await expectEachRoute(t.ctx, theirs, 404, base(t.org.organization.id), t.org.as(t.org.admin.token));
  });

  it('outside the 24 hours only templates: the answer is refused on its field and the screen is told why', async () => {
    const c = await t.world.newCustomer();
    const list = await t.world.api('GET', `/customers/${c.id}/messages`);
    expect(list.json().window).toEqual({
      open: false,
      until: null,
      reason: 'O cliente não escreveu nas últimas 24 horas: fora desse prazo, o WhatsApp só permite modelos aprovados.',
    });
    const refused = await t.world.api('POST', `/customers/${c.id}/messages`, { text: 'Olá!' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.text[0]).toMatch(/24 horas/);
    // A message 25 hours old does not open it either.
    await t.standIn.reply(t.world.business.phoneNumberId, c.mobile.digits, 'Oi');
    await t.ctx.database.db
      .update(schema.customerMessages)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(schema.customerMessages.customerId, c.id));
    expect((await t.world.api('POST', `/customers/${c.id}/messages`, { text: 'Olá!' })).statusCode).toBe(422);
  });

  it('within them the office answers with free text, which goes as type text and is listed with its author and status', async () => {
    const c = await t.world.newCustomer();
    const order = await scheduledVisit(c.id);
    await t.standIn.reply(t.world.business.phoneNumberId, c.mobile.digits, 'Vocês trazem o filtro?');
    const window = (await t.world.api('GET', `/customers/${c.id}/messages`)).json().window;
    expect(window.open).toBe(true);
    expect(new Date(window.until).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const answered = await t.world.api('POST', `/customers/${c.id}/messages`, {
      text: 'Sim, levamos.',
      invoiceId: order.id,
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toMatchObject({
      direction: 'out',
      kind: 'text',
      status: 'queued',
      author: 'Admin Teste',
      invoiceNumber: order.number,
    });
    await t.send();
    expect(t.standIn.sent.at(-1)).toMatchObject({ type: 'text', text: 'Sim, levamos.', to: c.mobile.digits });
    const list = (await t.world.api('GET', `/customers/${c.id}/messages?take=2`)).json();
    expect(list.meta).toEqual({ total: 3, skip: 0, take: 2 });
    expect(list.data.map((m: { body: string; status: string }) => [m.body, m.status])).toEqual([
      ['Sim, levamos.', 'delivered'],
      ['Vocês trazem o filtro?', 'received'],
    ]);
    const second = (await t.world.api('GET', `/customers/${c.id}/messages?take=2&skip=2`)).json();
    expect(second.data).toHaveLength(1);
    expect((await t.world.api('GET', `/customers/${c.id}/messages?q=filtro`)).json().meta.total).toBe(1);
    // The order's conversation: what went about it (the visit, the answer), and the customer's reply to it.
    const onOrder = (await t.world.api('GET', `/invoices/${order.id}/messages`)).json();
    expect(onOrder.data.map((m: { kind: string }) => m.kind).sort()).toEqual(['template', 'text', 'text']);
    expect(onOrder.window.open).toBe(true);
  });

  it('an order that is not the customer’s is refused on its field', async () => {
    const c = await t.world.newCustomer();
    await t.standIn.reply(t.world.business.phoneNumberId, c.mobile.digits, 'Oi');
    const notTheirs = await t.world.createInvoice();
    const res = await t.world.api('POST', `/customers/${c.id}/messages`, { text: 'x', invoiceId: notTheirs.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ invoiceId: ['Esta ordem de serviço não é deste cliente'] });
  });
});
