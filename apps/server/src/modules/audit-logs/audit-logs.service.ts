import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditLogFilter, AuditLogItem, ListResult } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { searchWhere } from '../../lib/list.ts';
import { queryRows } from '../../lib/sql.ts';
import { assertFound } from '../../core/access/access.ts';

/** The table holding each audited entity, for its number and for "number" searches. */
const entityTables: Record<string, string> = { invoice: 'invoices', estimate: 'estimates' };

interface Row {
  id: number;
  action: string;
  created_at: string | Date;
  entity: string;
  entity_id: number;
  entity_number: number | null;
  user_id: number | null;
  user_name: string | null;
  data: AuditLogItem['data'];
  total: string | number;
}

const numberOf = (org: number) =>
  sql.join(
    Object.entries(entityTables).map(
      ([entity, table]) =>
        sql`WHEN ${entity} THEN (SELECT e.number FROM ${sql.identifier(table)} e WHERE e.id = a.entity_id AND e.organization_id = ${org})`,
    ),
    sql` `,
  );

/**
 * GET audit-logs: newest first. q is a number (the order's or estimate's number, or the record's id)
 * or a piece of the responsible user's name. The user filter must be one of the organization's users.
 */
export async function listAuditLogs(db: Db, organizationId: number, query: AuditLogFilter) {
  if (query.user) {
    const u = schema.users;
    const [found] = await db
      .select({ id: u.id })
      .from(u)
      .where(and(eq(u.id, query.user), eq(u.organizationId, organizationId)));
    assertFound(found);
  }
  const where: SQL[] = [sql`a.organization_id = ${organizationId}`];
  if (query.user) where.push(sql`a.user_id = ${query.user}`);
  if (query.action) where.push(sql`a.action = ${query.action}`);
  const q = query.q?.trim();
  if (q && /^\d{1,9}$/.test(q)) {
    const n = Number(q);
    const byNumber = Object.entries(entityTables).map(
      ([entity, table]) =>
        sql`(a.entity = ${entity} AND a.entity_id IN (SELECT e.id FROM ${sql.identifier(table)} e WHERE e.organization_id = ${organizationId} AND e.number = ${n}))`,
    );
    where.push(sql`(a.entity_id = ${n} OR ${sql.join(byNumber, sql` OR `)})`);
  } else if (q) {
    where.push(searchWhere(q, [sql`u.name`])!);
  }
  const rows = await queryRows<Row>(
    db,
    sql`
    SELECT a.id, a.action, a.created_at, a.entity, a.entity_id, a.user_id, u.name AS user_name, a.data,
           CASE a.entity ${numberOf(organizationId)} END AS entity_number,
           count(*) OVER () AS total
      FROM audit_logs a LEFT JOIN users u ON u.id = a.user_id
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY a.created_at DESC, a.id DESC
     LIMIT ${query.take} OFFSET ${query.skip}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && query.skip > 0) {
    const [c] = await queryRows<{ total: string }>(
      db,
      sql`SELECT count(*) AS total FROM audit_logs a LEFT JOIN users u ON u.id = a.user_id WHERE ${sql.join(where, sql` AND `)}`,
    );
    total = Number(c?.total ?? 0);
  }
  const result: ListResult<AuditLogItem> = {
    data: rows.map((r) => ({
      id: r.id,
      action: r.action,
      createdAt: new Date(r.created_at).toISOString(),
      entity: r.entity,
      entityId: r.entity_id,
      entityNumber: r.entity_number === null ? null : Number(r.entity_number),
      userId: r.user_id,
      user: r.user_name,
      data: r.data ?? [],
    })),
    meta: { total, skip: query.skip, take: query.take },
  };
  return result;
}
