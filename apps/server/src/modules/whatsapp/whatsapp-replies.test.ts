import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { whatsappPerFile } from '../../../test/whatsapp-fixtures.ts';

// The customer's answers through the signed webhook: 'Confirmar' confirms the visit at the time the
// message named (the agenda shows it), 'Remarcar' and a text ring the office's bell.

const t = whatsappPerFile();
const bellOf = (url: string) =>
  t.ctx.database.db
    .select({ title: schema.notifications.title, description: schema.notifications.description })
    .from(schema.notifications)
    .where(and(eq(schema.notifications.userId, t.org.admin.id), eq(schema.notifications.url, url)));
const agendaVisit = async (invoiceId: number, day: string) => {
  const res = await t.world.api('GET', `/agenda?from=${day}&to=${day}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.find((v: { invoiceId: number }) => v.invoiceId === invoiceId);
};

/** A visit scheduled for a customer who agreed, its template sent and delivered. */
async function scheduled(at: string) {
  const c = await t.world.newCustomer();
  const order = await t.world.createInvoice(c.id);
  await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: at });
  await t.send();
  const sent = t.standIn.sent.filter((m) => m.to === c.mobile.digits).at(-1)!;
  return { c, order, sent };
}

describe("the customer's answers", () => {
  it("'Confirmar' confirms the visit at that time; moved, it waits for a new one, and the old button changes nothing", async () => {
    const { c, order, sent } = await scheduled('2031-05-06T13:00:00.000Z');
    expect(await agendaVisit(order.id, '2031-05-06')).toMatchObject({ confirmed: false });
    const [confirm] = sent.template!.payloads;
    await t.standIn.press(t.world.business.phoneNumberId, c.mobile.digits, sent.id, {
      payload: confirm!,
      text: 'Confirmar',
    });
    await t.standIn.idle();
    expect(await agendaVisit(order.id, '2031-05-06')).toMatchObject({ confirmed: true });

    await t.world.admin('POST', `/${order.id}/visit`, { scheduledAt: '2031-05-07T13:00:00.000Z' });
    expect(await agendaVisit(order.id, '2031-05-07')).toMatchObject({ confirmed: false });
    await t.standIn.press(t.world.business.phoneNumberId, c.mobile.digits, sent.id, {
      payload: confirm!,
      text: 'Confirmar',
    });
    await t.standIn.idle();
    expect(await agendaVisit(order.id, '2031-05-07')).toMatchObject({ confirmed: false });
  });

  it("'Remarcar' tells the office; a text rings the bell with its words", async () => {
    const { c, order, sent } = await scheduled('2031-05-08T13:00:00.000Z');
    await t.standIn.press(t.world.business.phoneNumberId, c.mobile.digits, sent.id, {
      payload: sent.template!.payloads[1]!,
      text: 'Remarcar',
    });
    await t.standIn.reply(t.world.business.phoneNumberId, c.mobile.digits, 'Pode ser à tarde?', {
      contextId: sent.id,
    });
    await t.standIn.idle();
    expect(await agendaVisit(order.id, '2031-05-08')).toMatchObject({ confirmed: false });
    expect(await bellOf(`/invoices/${order.id}/edit`)).toEqual([
      {
        title: `Remarcar a visita da OS ${order.number}`,
        description: `${c.name} pediu pelo WhatsApp para remarcar a visita da Ordem de Serviço ${order.number}.`,
      },
      { title: `Mensagem de ${c.name} no WhatsApp`, description: 'Pode ser à tarde?' },
    ]);
  });

  it("a button of another organization's visit changes nothing here", async () => {
    const theirs = await t.theirs.createInvoice();
    await t.theirs.admin('POST', `/${theirs.id}/visit`, { scheduledAt: '2031-05-09T13:00:00.000Z' });
    const { c, sent } = await scheduled('2031-05-09T15:00:00.000Z');
    const stamp = String(Date.parse('2031-05-09T13:00:00.000Z') / 1000);
    await t.standIn.press(t.world.business.phoneNumberId, c.mobile.digits, sent.id, {
      payload: `visit:${theirs.id}:${stamp}:confirm`,
      text: 'Confirmar',
    });
    await t.standIn.idle();
    const [row] = await t.ctx.database.db
      .select({ confirmed: schema.invoices.visitConfirmedFor })
      .from(schema.invoices)
      .where(eq(schema.invoices.id, theirs.id));
    expect(row!.confirmed).toBeNull();
  });
});
