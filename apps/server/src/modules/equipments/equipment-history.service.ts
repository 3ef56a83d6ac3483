import { sql } from 'drizzle-orm';
import { isAnswered, type ChecklistItemKind, type ListQuery } from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import { page } from '../../lib/list.ts';
import { queryRows } from '../../lib/sql.ts';
import { getEquipment } from './equipments.service.ts';

interface Row {
  invoiceId: number;
  number: number;
  statusLabel: string;
  state: number;
  createdAt: Date | string;
  scheduledAt: Date | string | null;
  finishedAt: Date | string | null;
  workers: string[];
  checklists: Array<{
    name: string;
    items: Array<{ id: number; kind: ChecklistItemKind }>;
    answers: Record<string, unknown>;
  }>;
  pictures: number;
  total: number;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * The equipment's history: the orders it was on (through the order's equipment lines), newest first,
 * each with its technicians, how far its checklists got and how many photos it has. One statement.
 * For the customer's portal (`customerView`) drafts are left out and only photos marked visible count.
 */
export async function equipmentHistory(
  db: Db,
  organizationId: number,
  customerId: number,
  equipmentId: number,
  query: ListQuery,
  { customerView = false } = {},
) {
  await getEquipment(db, organizationId, customerId, equipmentId);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT i.id AS "invoiceId", i.number, s.label AS "statusLabel", i.state, i.created_at AS "createdAt",
        i.scheduled_at AS "scheduledAt", i.finished_at AS "finishedAt",
        COALESCE((SELECT json_agg(u.name ORDER BY u.name) FROM invoice_workers w JOIN users u ON u.id = w.worker_id
          WHERE w.invoice_id = i.id), '[]'::json) AS workers,
        COALESCE((SELECT json_agg(json_build_object('name', c.name, 'items', c.items, 'answers', c.answers) ORDER BY c.id)
          FROM invoice_checklists c WHERE c.invoice_id = i.id), '[]'::json) AS checklists,
        (SELECT count(*)::int FROM invoice_pictures p WHERE p.invoice_id = i.id
          AND (${!customerView} OR p.customer_visible)) AS pictures,
        count(*) OVER ()::int AS total
      FROM invoices i
      JOIN invoice_statuses s ON s.id = i.status_id
      WHERE i.organization_id = ${organizationId}
        AND (${!customerView} OR (i.customer_id = ${customerId} AND i.state <> 0))
        AND EXISTS (SELECT 1 FROM invoice_equipments e WHERE e.invoice_id = i.id AND e.equipment_id = ${equipmentId})
      ORDER BY i.number DESC
      LIMIT ${query.take} OFFSET ${query.skip}`,
  );
  const data = rows.map(({ total: _total, checklists, ...r }) => ({
    ...r,
    createdAt: iso(r.createdAt)!,
    scheduledAt: iso(r.scheduledAt),
    finishedAt: iso(r.finishedAt),
    checklists: checklists.map((c) => ({
      name: c.name,
      total: c.items.length,
      answered: c.items.filter((item) => isAnswered(item.kind, (c.answers[String(item.id)] ?? null) as never)).length,
    })),
  }));
  return page(data, rows[0]?.total ?? 0, query);
}
