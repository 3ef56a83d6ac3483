// The spans of a technician's day on an order, from their stamps by the phone's times: worked (from
// 'Iniciar' or 'Retomar' to 'Pausar' or 'Saí', an open one ending at the order's completion) and travel
// ('A caminho' to 'Cheguei'). The field reports and the owner's dashboard read them alike. Only the
// orders with a stamp in the period are paired (every stamp of theirs, so a span that began before it
// or ends after it pairs as it would over the whole history): the cost follows the period's stamps.
import { sql } from 'drizzle-orm';
import type { ReportContext } from './registry.ts';
import { endOf, startOf } from './report-parts.ts';

/** Pairs each opening stamp with the next closing one of the same technician on the same order. */
export function spans(
  ctx: ReportContext,
  v: Record<string, string>,
  opening: string[],
  closing: string[],
  completes: boolean,
) {
  const list = (kinds: string[]) =>
    sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    );
  const all = [...opening, ...closing];
  const opens = sql`m.kind IN (${list(opening)}) AND (m.prev IS NULL OR m.prev IN (${list(closing)}))`;
  const closes = sql`m.kind IN (${list(closing)}) AND m.prev IN (${list(opening)})`;
  const end = completes
    ? sql`coalesce(p.next_at, CASE WHEN i.state = 20 AND i.finished_at > p.device_at THEN i.finished_at END)`
    : sql`p.next_at`;
  return sql`
    SELECT p.invoice_id, p.user_id, sum(extract(epoch FROM ${end} - p.device_at)) AS seconds
      FROM (SELECT e.*, lead(e.device_at) OVER (PARTITION BY e.invoice_id, e.user_id ORDER BY e.device_at, e.id) AS next_at
              FROM (SELECT m.*, ${opens} AS opens
                      FROM (SELECT f.id, f.invoice_id, f.user_id, f.kind, f.device_at,
                                   lag(f.kind) OVER (PARTITION BY f.invoice_id, f.user_id ORDER BY f.device_at, f.id) AS prev
                              FROM (SELECT DISTINCT s.invoice_id FROM field_stamps s
                                     WHERE s.organization_id = ${ctx.organizationId}
                                       AND s.device_at >= ${startOf(ctx, v.from!)} AND s.device_at < ${endOf(ctx, v.to!)}) d
                              -- each such order's stamps by its index, not a scan of every stamp
                              CROSS JOIN LATERAL (SELECT * FROM field_stamps f
                                                   WHERE f.organization_id = ${ctx.organizationId} AND f.invoice_id = d.invoice_id
                                                     AND f.kind IN (${list(all)})) f) m
                     WHERE (${opens}) OR (${closes})) e) p
      JOIN invoices i ON i.organization_id = ${ctx.organizationId} AND i.id = p.invoice_id
     WHERE p.opens AND p.device_at >= ${startOf(ctx, v.from!)} AND p.device_at < ${endOf(ctx, v.to!)}
       AND ${end} IS NOT NULL
     GROUP BY 1, 2`;
}
