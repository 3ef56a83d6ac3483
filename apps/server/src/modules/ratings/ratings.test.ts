import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { netPromoterScore } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// The customer rates a completed order: the completion makes the request and queues its e-mail once
// (in its transaction), the public page answers from the link's token alone, one answer per order
// changeable for seven days, a detractor tells the owner, and the reports give the NPS.
const APP_URL = 'https://oficina.example.com.br';
const t = perFile({ other: true, world: invoiceWorld, app: { config: { appUrl: APP_URL } } });
const db = () => t.ctx.database.db;

const rating = (id: number, token: string | undefined, method: 'GET' | 'PUT' = 'GET', payload?: object) =>
  t.ctx.app.inject({
    method,
    url: `/api/public/invoices/${id}/rating${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
    ...(payload ? { payload } : {}),
  });
const ratingRow = async (invoiceId: number) =>
  (await db().select().from(schema.orderRatings).where(eq(schema.orderRatings.invoiceId, invoiceId)))[0];
const ratingEmails = (invoiceId: number) =>
  db()
    .select()
    .from(schema.invoiceEmails)
    .where(
      and(
        eq(schema.invoiceEmails.invoiceId, invoiceId),
        sql`${schema.invoiceEmails.subject} LIKE '%como foi o atendimento%'`,
      ),
    );

async function setCustomerEmail(email: string | null) {
  await db().update(schema.customers).set({ email }).where(eq(schema.customers.id, t.world.customer.id));
}

/** An order of the world's customer with one service, done by the world's worker, completed. */
async function completedOrder(world = t.world) {
  const order = await world.createInvoice();
  await world.admin('POST', `/${order.id}/services`, { service: world.service.id, quantity: 1 });
  await world.assignWorker(order.id);
  await world.moveTo(order.id, 10);
  const done = await world.admin('POST', `/${order.id}/complete`);
  expect(done.statusCode).toBe(200);
  return order;
}

describe('the request to rate a completed order', () => {
  it('made once on completion, with the e-mail queued in its transaction; a second completion asks nothing', async () => {
    await setCustomerEmail('cliente.nota@exemplo.com.br');
    const order = await completedOrder();
    const row = (await ratingRow(order.id))!;
    expect(row).toMatchObject({ score: null, answeredAt: null, organizationId: t.org.organization.id });
    const [mail, ...more] = await ratingEmails(order.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ status: 'queued', recipients: ['cliente.nota@exemplo.com.br'], userId: null });
    expect(mail!.queuedHtml).toContain(`${APP_URL}/invoices/${order.id}/rate?token=${row.token}`);
    expect(mail!.queuedHtml).toContain('De 0 a 10, quanto você recomendaria');
    // Reopened and completed again: the same request, no second e-mail.
    expect((await t.world.admin('POST', `/${order.id}/start`)).statusCode).toBe(200);
    expect((await t.world.admin('POST', `/${order.id}/complete`)).statusCode).toBe(200);
    expect((await ratingRow(order.id))!.token).toBe(row.token);
    expect(await ratingEmails(order.id)).toHaveLength(1);
  });

  it('a customer without an e-mail: the request is made (WhatsApp or the office can send it), no e-mail', async () => {
    await setCustomerEmail(null);
    const order = await completedOrder();
    expect(await ratingRow(order.id)).toBeDefined();
    expect(await ratingEmails(order.id)).toEqual([]);
  });

  it('a completion refused makes no request', async () => {
    const draft = await t.world.createInvoice();
    expect((await t.world.admin('POST', `/${draft.id}/complete`)).statusCode).toBe(409);
    expect(await ratingRow(draft.id)).toBeUndefined();
  });
});

describe('the public rating page', () => {
  it('no token, a wrong one or another order\u2019s → 404 alike, nothing written', async () => {
    const a = await completedOrder();
    const b = await completedOrder();
    const tokenB = (await ratingRow(b.id))!.token;
    for (const token of [undefined, '', 'x'.repeat(24), tokenB]) {
      const res = await rating(a.id, token);
      expect(res.statusCode, String(token)).toBe(404);
      expect((await rating(a.id, token, 'PUT', { score: 10 })).statusCode).toBe(404);
    }
    expect((await ratingRow(a.id))!.score).toBeNull();
  });

  it('answered, changed within seven days, then closed; a bad score is a 422 on its field', async () => {
    const order = await completedOrder();
    const { token } = (await ratingRow(order.id))!;
    const page = await rating(order.id, token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      number: order.number,
      companyName: t.world.company.name,
      score: null,
      answeredAt: null,
      editableUntil: null,
      canAnswer: true,
    });
    for (const score of [11, -1, 7.5, 'dez', null]) {
      const bad = await rating(order.id, token, 'PUT', { score });
      expect(bad.statusCode, String(score)).toBe(422);
      expect(bad.json().errors.score).toEqual(['Escolha uma nota de 0 a 10']);
    }
    const first = await rating(order.id, token, 'PUT', { score: 8, comment: '  Bom, mas atrasou  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ score: 8, comment: 'Bom, mas atrasou', canAnswer: true });
    const answeredAt = first.json().answeredAt as string;
    expect(Date.parse(first.json().editableUntil) - Date.parse(answeredAt)).toBe(7 * 86_400_000);
    // Changed: the first answer's moment stays.
    const changed = await rating(order.id, token, 'PUT', { score: 10, comment: '' });
    expect(changed.json()).toMatchObject({ score: 10, comment: null, answeredAt });
    // Eight days later it can no longer be changed.
    await db()
      .update(schema.orderRatings)
      .set({ answeredAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(schema.orderRatings.invoiceId, order.id));
    expect((await rating(order.id, token)).json().canAnswer).toBe(false);
    const late = await rating(order.id, token, 'PUT', { score: 2 });
    expect(late.statusCode).toBe(409);
    expect((await ratingRow(order.id))!.score).toBe(10);
  });

  it("a detractor's score tells the organization's managers once; a promoter's tells no one", async () => {
    const order = await completedOrder();
    const { token, id } = (await ratingRow(order.id))!;
    const told = () =>
      db()
        .select()
        .from(schema.notifications)
        .where(eq(schema.notifications.sourceKey, `rating-low:${id}`));
    await rating(order.id, token, 'PUT', { score: 9 });
    expect(await told()).toEqual([]);
    await rating(order.id, token, 'PUT', { score: 3, comment: 'Sujou tudo' });
    await rating(order.id, token, 'PUT', { score: 4, comment: 'Sujou tudo' });
    const rows = await told();
    expect(rows.map((r) => r.userId)).toEqual([t.org.admin.id]);
    expect(rows[0]).toMatchObject({ title: `Nota 3 na OS ${order.number}`, url: `/invoices/${order.id}/edit` });
    expect(rows[0]!.description).toContain('Sujou tudo');
  });
});

describe('the NPS in the reports', () => {
  const report = (name: string, body: object, org = t.org) =>
    t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${org.organization.id}/reports/${name}/data`,
      headers: org.as(org.admin.token),
      payload: body,
    });

  it('promoters minus detractors per month, technician and service; the answers with their comments', async () => {
    expect(netPromoterScore({ promoters: 0, detractors: 0, answers: 0 })).toBeNull();
    expect(netPromoterScore({ promoters: 2, detractors: 1, answers: 3 })).toBe(33.3);
    // The other organization's answers never count here.
    const theirs = await completedOrder(t.theirs);
    const theirsToken = (await ratingRow(theirs.id))!.token;
    await rating(theirs.id, theirsToken, 'PUT', { score: 0 });

    const [{ name }] = (await db()
      .select({ name: schema.users.name })
      .from(schema.users)
      .where(eq(schema.users.id, t.org.worker.id))) as [{ name: string }];
    const before = await report('nps', { by: 'worker' });
    expect(before.statusCode).toBe(200);
    const base = before.json().body.find((r: unknown[]) => r[0] === name) ?? [name, 0, 0, 0, 0];
    const scores = [10, 9, 7, 2];
    for (const score of scores) {
      const o = await completedOrder();
      await rating(o.id, (await ratingRow(o.id))!.token, 'PUT', { score, comment: `nota ${score}` });
    }
    const byWorker = (await report('nps', { by: 'worker' })).json();
    const worker = byWorker.body.find((r: unknown[]) => r[0] === name);
    const counts = {
      answers: (worker[1] as number) - (base[1] as number),
      promoters: (worker[2] as number) - (base[2] as number),
      detractors: (worker[4] as number) - (base[4] as number),
    };
    expect(counts).toEqual({ answers: 4, promoters: 2, detractors: 1 });
    // Every answer of the file so far: the world's worker is on all of them.
    const all = await db()
      .select({ score: schema.orderRatings.score })
      .from(schema.orderRatings)
      .where(
        and(
          eq(schema.orderRatings.organizationId, t.org.organization.id),
          sql`${schema.orderRatings.answeredAt} IS NOT NULL`,
        ),
      );
    const expected = netPromoterScore({
      answers: all.length,
      promoters: all.filter((r) => r.score! >= 9).length,
      detractors: all.filter((r) => r.score! <= 6).length,
    });
    expect(worker[5]).toBe(expected);
    const byMonth = (await report('nps', { by: 'month' })).json();
    expect(byMonth.body.reduce((n: number, r: unknown[]) => n + (r[1] as number), 0)).toBe(all.length);
    const byService = (await report('nps', { by: 'service' })).json();
    expect(byService.body.find((r: unknown[]) => r[0] === t.world.service.name)[1]).toBe(all.length);

    const answers = (await report('ratings', { kind: 'detractors' })).json();
    expect(answers.body.every((r: unknown[]) => (r[4] as number) <= 6)).toBe(true);
    expect(answers.body.map((r: unknown[]) => r[5])).toContain('nota 2');
    expect(answers.body.map((r: unknown[]) => r[2])).not.toContain(t.theirs.customer.name);
  });
});
