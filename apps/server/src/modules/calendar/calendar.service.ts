import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import {
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  formatAddress,
  PRODUCT_NAME,
  can,
  permissionsOfRole,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { vtimezone } from '../../lib/vtimezone.ts';
import { roleOfUser } from '../../core/access/role-of.ts';

/**
 * A private iCalendar feed of the user's visits (RFC 5545), for Google Calendar or the phone's
 * calendar to subscribe to: the link's token is 32 random bytes; the database keeps its SHA-256 only.
 * The feed of who sees every order (invoice.seeAll) has every scheduled order of the organization; anyone else's, the orders they
 * work on. Cancelled orders leave the feed.
 */
const u = schema.users;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function calendarLinkStatus(db: Db, userId: number) {
  const [row] = await db.select({ createdAt: u.calendarLinkCreatedAt }).from(u).where(eq(u.id, userId));
  return { active: !!row?.createdAt, createdAt: row?.createdAt?.toISOString() ?? null };
}

/** A new link (the one before stops working). */
export async function createCalendarLink(db: Db, userId: number, appUrl: string) {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(u)
    .set({ calendarTokenHash: hashOf(token), calendarLinkCreatedAt: new Date() })
    .where(eq(u.id, userId));
  return { url: `${appUrl}/api/calendar/${token}.ics` };
}

export async function revokeCalendarLink(db: Db, userId: number) {
  await db.update(u).set({ calendarTokenHash: null, calendarLinkCreatedAt: null }).where(eq(u.id, userId));
}

interface VisitRow {
  id: number;
  number: number;
  scheduledAt: Date;
  durationMinutes: number;
  updatedAt: Date;
  customerName: string;
  statusLabel: string;
  address: string | null;
  streetNumber: number | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
}

/** The feed behind a link token, or undefined for a token that opens nothing (revoked, inactive user). */
export async function calendarFeed(db: Db, token: string, appUrl: string): Promise<string | undefined> {
  const [user] = await db
    .select({
      id: u.id,
      role: roleOfUser.columns,
      organizationId: u.organizationId,
      timeZone: schema.organizations.timeZone,
    })
    .from(u)
    .innerJoin(schema.organizations, eq(schema.organizations.id, u.organizationId))
    .innerJoin(roleOfUser.table, roleOfUser.on)
    .where(and(eq(u.calendarTokenHash, hashOf(token)), eq(u.isActive, true)));
  if (!user) return undefined;
  // Who sees every order (by their role as it is now) has every visit; anyone else, their own.
  const mine = can({ userId: user.id, permissions: permissionsOfRole(user.role) }, 'invoice.seeAll')
    ? sql`TRUE`
    : sql`EXISTS (
      SELECT 1 FROM invoice_workers w WHERE w.invoice_id = i.id AND w.worker_id = ${user.id})`;
  const rows = await queryRows<VisitRow>(
    db,
    sql`SELECT i.id, i.number, i.scheduled_at AS "scheduledAt", i.duration_minutes AS "durationMinutes", i.updated_at AS "updatedAt",
        c.name AS "customerName", s.label AS "statusLabel",
        a.address, a.number AS "streetNumber", a.complement, a.neighborhood, a.city, a.state, a.postal_code AS "postalCode"
      FROM invoices i
      JOIN customers c ON c.id = i.customer_id
      JOIN invoice_statuses s ON s.id = i.status_id
      LEFT JOIN addresses a ON a.id = i.address_id
      WHERE i.organization_id = ${user.organizationId}
        AND i.scheduled_at IS NOT NULL
        AND i.state <> -100
        AND i.scheduled_at >= now() - make_interval(days => ${CALENDAR_FEED_DAYS_BACK})
        AND i.scheduled_at < now() + make_interval(days => ${CALENDAR_FEED_DAYS_AHEAD})
        AND ${mine}
      ORDER BY i.scheduled_at
      LIMIT 5000`,
  );
  const host = new URL(appUrl).hostname;
  // The zone's offsets over the feed's days (a day's margin each side), from the runtime's tzdata.
  const from = new Date(Date.now() - (CALENDAR_FEED_DAYS_BACK + 1) * 86_400_000);
  const to = new Date(Date.now() + (CALENDAR_FEED_DAYS_AHEAD + 1) * 86_400_000);
  const calendar = ical({
    name: `${PRODUCT_NAME}: visitas`,
    prodId: { company: PRODUCT_NAME, product: 'agenda', language: 'PT-BR' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: user.timeZone, generator: (zone) => vtimezone(zone, from, to) },
    ttl: 15 * 60,
  });
  for (const r of rows) {
    // Luxon carries the zone, so the times print as the organization's wall clock with its TZID.
    const start = DateTime.fromJSDate(new Date(r.scheduledAt), { zone: user.timeZone });
    const location = r.address
      ? formatAddress({
          address: r.address,
          number: r.streetNumber,
          complement: r.complement,
          neighborhood: r.neighborhood,
          city: r.city,
          state: r.state,
          postalCode: r.postalCode,
        } as Parameters<typeof formatAddress>[0])
      : null;
    calendar.createEvent({
      id: `os-${r.id}@${host}`,
      start,
      end: start.plus({ minutes: r.durationMinutes }),
      timezone: user.timeZone,
      stamp: new Date(r.updatedAt),
      summary: `OS ${r.number} · ${r.customerName}`,
      location,
      description: `${r.statusLabel}\n${appUrl}/invoices/${r.id}/edit`,
      url: `${appUrl}/invoices/${r.id}/edit`,
    });
  }
  return calendar.toString();
}
