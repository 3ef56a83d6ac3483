import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type TestOrg, perFile } from '../../../test/helpers.ts';
import { estimateWorld } from '../../../test/estimate-fixtures.ts';

/**
 * The organization's time zone, not São Paulo's: an organization in Manaus (UTC−4, an hour behind São
 * Paulo) has its days cut at its own midnight in the reports, its "today" in the filters' defaults,
 * and its zone in the session and on the public pages, which show their dates in it.
 */
const t = perFile({ other: true, world: estimateWorld });

const api = (o: TestOrg, rest: string) => `/api/organizations/${o.organization.id}${rest}`;
const admin = (method: 'GET' | 'POST' | 'PUT', o: TestOrg, rest: string, payload?: object) =>
  t.ctx.app.inject({ method, url: api(o, rest), headers: o.as(o.admin.token), ...(payload ? { payload } : {}) });
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

let order: { id: number; number: number };

beforeAll(async () => {
  const renamed = await admin('PUT', t.org, '', { name: 'Refrigeração Manaus', timeZone: 'America/Manaus' });
  expect(renamed.statusCode, renamed.body).toBe(200);
  expect(renamed.json().timeZone).toBe('America/Manaus');
  // Completed at 03:30 UTC on 1 April: 23:30 of 31 March in Manaus, 00:30 of 1 April in São Paulo.
  for (const w of [t.world, t.theirs]) {
    const o = await w.createInvoice();
    await w.admin('POST', `/${o.id}/services`, { service: w.service.id, quantity: 1 });
    for (const step of ['/start', '/complete']) expect((await w.admin('POST', `/${o.id}${step}`)).statusCode).toBe(200);
    await t.ctx.database.db.execute(
      sql`UPDATE invoices SET created_at = '2026-03-31T15:00:00Z', finished_at = '2026-04-01T03:30:00Z' WHERE id = ${o.id}`,
    );
    if (w === t.world) order = o;
  }
});

const revenue = async (o: TestOrg, from: string, to: string) => {
  const res = await admin('POST', o, `/reports/revenue-by-month/data`, { from, to });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as unknown[][];
};

describe("reports cut days at the organization's midnight", () => {
  it('Manaus: the order finished at 23:30 of 31 March is March’s; São Paulo (the other organization) counts it in April', async () => {
    expect(await revenue(t.org, '2026-03-01', '2026-03-31')).toEqual([['2026-03', 1, 180, 0, 180]]);
    expect(await revenue(t.org, '2026-04-01', '2026-04-30')).toEqual([]);
    expect(await revenue(t.other, '2026-03-01', '2026-03-31')).toEqual([]);
    expect(await revenue(t.other, '2026-04-01', '2026-04-30')).toEqual([['2026-04', 1, 180, 0, 180]]);
  });

  it('the CSV prints the finishing time in Manaus', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: api(t.org, '/reports/receivables/csv'),
      headers: t.org.as(t.org.admin.token),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`${order.number};31/03/2026 23:30;`);
  });

  it("the filters' default period ends on today in Manaus", async () => {
    const res = await admin('GET', t.org, '/reports/revenue-by-month/filters');
    expect(res.statusCode, res.body).toBe(200);
    const { filters } = res.json() as { filters: Array<{ name: string; default?: string }> };
    const to = filters.find((f) => f.name === 'to');
    expect(to?.default).toBe(todayIn('America/Manaus'));
  });

  it('the order list’s visit days are Manaus days too', async () => {
    await t.ctx.database.db.execute(
      sql`UPDATE invoices SET scheduled_at = '2026-04-01T03:30:00Z' WHERE id = ${order.id}`,
    );
    const on = async (day: string) =>
      (await admin('GET', t.org, `/invoices/filter?scheduledFrom=${day}&scheduledTo=${day}`))
        .json()
        .data.map((r: { id: number }) => r.id);
    expect(await on('2026-03-31')).toEqual([order.id]);
    expect(await on('2026-04-01')).toEqual([]);
  });
});

describe('the zone travels with the session and the public pages', () => {
  it('GET /me carries the organization’s time zone', async () => {
    const me = await t.ctx.app.inject({ url: '/api/me', headers: t.org.as(t.org.admin.token) });
    expect(me.json().organization).toMatchObject({ timeZone: 'America/Manaus' });
    const theirs = await t.ctx.app.inject({ url: '/api/me', headers: t.other.as(t.other.admin.token) });
    expect(theirs.json().organization).toMatchObject({ timeZone: 'America/Sao_Paulo' });
  });

  it('the public signing page and the shared estimate answer it', async () => {
    const detail = await t.world.admin('GET', `/${order.id}`);
    const signUrl = new URL(detail.json().signUrl as string, 'http://x');
    const signing = await t.ctx.app.inject({
      url: `/api/public${signUrl.pathname.replace('/sign', '')}${signUrl.search}`,
    });
    expect(signing.statusCode, signing.body).toBe(200);
    expect(signing.json()).toMatchObject({ id: order.id, timeZone: 'America/Manaus' });

    const { id } = await t.world.createEstimate();
    const shared = await t.world.est('POST', `/${id}/share`);
    const reviewUrl = new URL(shared.json().url as string, 'http://x');
    const review = await t.ctx.app.inject({
      url: `/api/public/estimates/${id}${reviewUrl.search}`,
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json()).toMatchObject({ id, timeZone: 'America/Manaus' });
  });
});
