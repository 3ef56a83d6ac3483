import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createOrg } from '../../../test/helpers.ts';
import { worldPerFile } from '../../../test/invoice-fixtures.ts';

// The private calendar feed: a link made on the profile opens an iCalendar of the visits (the
// admin's: all of the organization; a collaborator's: their own), cancelled ones left out; a new
// link or a removal ends the old one.
const t = worldPerFile({ config: { appUrl: 'https://app.exemplo.com.br' } });

const link = (token: string, method: 'GET' | 'POST' | 'DELETE') =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${t.org.organization.id}/profile/calendar-link`,
    headers: t.org.as(token),
  });
const feed = (url: string) => t.ctx.app.inject({ method: 'GET', url: new URL(url).pathname });

/** An order with its visit at `when` (UTC) at a customer's address. */
async function visit(when: string, opts: { worker?: boolean } = {}) {
  const { id, number } = await t.world.createInvoice();
  const address = await t.world.addAddress({
    address: 'Rua das Flores',
    number: 120,
    neighborhood: 'Centro',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '01310100',
  });
  await t.ctx.database.db
    .update(schema.invoices)
    .set({ scheduledAt: new Date(when), addressId: address.id })
    .where(eq(schema.invoices.id, id));
  if (opts.worker) await t.world.assignWorker(id);
  return { id, number };
}
const soon = (days: number, hourUtc: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};

describe('calendar feed', () => {
  it('a link made on the profile opens the iCalendar of the visits, in the organization time zone', async () => {
    expect((await link(t.org.admin.token, 'GET')).json()).toEqual({ active: false, createdAt: null });
    const mine = await visit(soon(2, 13), { worker: true });
    const made = await link(t.org.admin.token, 'POST');
    expect(made.statusCode).toBe(201);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/^https:\/\/app\.exemplo\.com\.br\/api\/calendar\/[\w-]{43}\.ics$/);
    expect((await link(t.org.admin.token, 'GET')).json()).toMatchObject({ active: true });

    const res = await feed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = res.body.replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Sao_Paulo');
    expect(ics).toContain(`SUMMARY:OS ${mine.number} · ${t.world.customer.name}`);
    expect(ics).toContain('LOCATION:Rua das Flores\\, 120 - Centro - São Paulo/SP - CEP 01310-100');
    // 13:00 UTC is 10:00 in São Paulo; the visit lasts an hour.
    const day = soon(2, 13).slice(0, 10).replaceAll('-', '');
    expect(ics).toContain(`DTSTART;TZID=America/Sao_Paulo:${day}T100000`);
    expect(ics).toContain(`DTEND;TZID=America/Sao_Paulo:${day}T110000`);
    expect(ics).toContain(`URL;VALUE=URI:https://app.exemplo.com.br/invoices/${mine.id}/edit`);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);

    // Only the token's hash is kept.
    const [row] = await t.ctx.database.db.select().from(schema.users).where(eq(schema.users.id, t.org.admin.id));
    const token = url.split('/').at(-1)!.replace('.ics', '');
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('read by a parser that honours the VTIMEZONE (ical.js), a visit in December and one in June fall at their instant', async () => {
    // The next 15 December and 15 June, 13:00 UTC: 10:00 in São Paulo all year since DST ended in 2019.
    const next = (month: number) => {
      const now = new Date();
      const d = new Date(Date.UTC(now.getUTCFullYear(), month - 1, 15, 13));
      if (d.getTime() < now.getTime() + 86_400_000) d.setUTCFullYear(d.getUTCFullYear() + 1);
      return d.toISOString();
    };
    const december = await visit(next(12));
    const june = await visit(next(6));
    const { url } = (await link(t.org.admin.token, 'POST')).json() as { url: string };
    const calendar = new ICAL.Component(ICAL.parse((await feed(url)).body));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    for (const [visited, when] of [
      [december, next(12)],
      [june, next(6)],
    ] as const) {
      const event = events.find((e) => e.summary.startsWith(`OS ${visited.number} `));
      expect(event, when).toBeDefined();
      expect(event!.startDate.zone?.tzid, when).toBe('America/Sao_Paulo');
      expect(event!.startDate.toJSDate().toISOString(), when).toBe(when);
      expect(event!.endDate.toJSDate().getTime() - new Date(when).getTime(), when).toBe(3_600_000);
      expect([event!.startDate.hour, event!.startDate.minute], when).toEqual([10, 0]);
    }
  });

  it("a collaborator's feed has their visits only; cancelled visits and unscheduled orders are left out", async () => {
    const theirs = await visit(soon(3, 15), { worker: true });
    const notTheirs = await visit(soon(3, 16));
    const cancelled = await visit(soon(4, 12), { worker: true });
    await t.world.moveTo(cancelled.id, InvoiceState.Canceled);
    const { url } = (await link(t.org.worker.token, 'POST')).json() as { url: string };
    const ics = (await feed(url)).body.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`SUMMARY:OS ${theirs.number} `);
    expect(ics).not.toContain(`SUMMARY:OS ${notTheirs.number} `);
    expect(ics).not.toContain(`SUMMARY:OS ${cancelled.number} `);

    const admin = (await link(t.org.admin.token, 'POST')).json() as { url: string };
    const all = (await feed(admin.url)).body.replace(/\r\n[ \t]/g, '');
    expect(all).toContain(`SUMMARY:OS ${theirs.number} `);
    expect(all).toContain(`SUMMARY:OS ${notTheirs.number} `);
    expect(all).not.toContain(`SUMMARY:OS ${cancelled.number} `);
  });

  it('a new link ends the old one; removing it ends the feed; a deactivated user’s feed is gone', async () => {
    const first = (await link(t.org.worker.token, 'POST')).json() as { url: string };
    const second = (await link(t.org.worker.token, 'POST')).json() as { url: string };
    expect((await feed(first.url)).statusCode).toBe(404);
    expect((await feed(second.url)).statusCode).toBe(200);
    expect((await link(t.org.worker.token, 'DELETE')).statusCode).toBe(204);
    expect((await feed(second.url)).statusCode).toBe(404);
    expect((await link(t.org.worker.token, 'GET')).json()).toEqual({ active: false, createdAt: null });

    const third = (await link(t.org.worker.token, 'POST')).json() as { url: string };
    await t.ctx.database.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, t.org.worker.id));
    expect((await feed(third.url)).statusCode).toBe(404);
    expect((await feed('https://x/api/calendar/garbage.ics')).statusCode).toBe(404);
  });

  it("another organization's path is refused", async () => {
    const other = await createOrg(t.ctx);
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/profile/calendar-link`,
      headers: other.as(other.admin.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
