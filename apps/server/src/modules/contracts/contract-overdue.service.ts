// The contracts' late charges: every period billed whose instalment is past its due date in the
// organization's time zone and not received, oldest first, with whether it holds the plans' visits.
import { sql } from 'drizzle-orm';
import { fromCents, type ContractOverdueRow } from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import { likePattern } from '../../lib/list.ts';
import { queryRows } from '../../lib/sql.ts';
import { organizationToday } from './contracts.service.ts';

/** GET contracts/overdue: one page, with the real total and the sum of every late charge matching `q`. */
export async function listOverdue(db: Db, organizationId: number, query: { q?: string; skip: number; take: number }) {
  const today = await organizationToday(db, organizationId);
  const pattern = likePattern(query.q);
  const where = sql`kd.organization_id = ${organizationId} AND r.payment_id IS NULL AND kd.period_date < ${today}::date
    ${pattern ? sql`AND (f_unaccent(lower(cu.name)) LIKE f_unaccent(${pattern}) OR kd.contract_id::text = ${query.q!.trim()})` : sql``}`;
  const from = sql`FROM contract_periods kd
    JOIN contracts k ON k.id = kd.contract_id
    JOIN receivables r ON r.id = kd.receivable_id
    JOIN invoices i ON i.id = kd.invoice_id
    JOIN customers cu ON cu.id = k.customer_id
    JOIN companies co ON co.id = k.company_id`;
  const rows = await queryRows<{
    contract_id: number;
    customer: string;
    company: string;
    due: string;
    days: number;
    cents: string;
    invoice_id: number;
    number: number;
    receivable_id: number;
    holds: boolean;
  }>(
    db,
    sql`SELECT kd.contract_id, cu.name AS customer, co.name AS company, to_char(kd.period_date, 'YYYY-MM-DD') AS due,
               (${today}::date - kd.period_date) AS days, kd.amount_cents AS cents, kd.invoice_id, i.number,
               kd.receivable_id,
               (k.hold_visits_after_days IS NOT NULL AND ${today}::date - kd.period_date > k.hold_visits_after_days
                AND EXISTS (SELECT 1 FROM contract_plans cp WHERE cp.contract_id = k.id)) AS holds
        ${from} WHERE ${where}
        ORDER BY kd.period_date, kd.id LIMIT ${query.take} OFFSET ${query.skip}`,
  );
  const [totals] = await queryRows<{ total: string; sum: string }>(
    db,
    sql`SELECT count(*) AS total, coalesce(sum(kd.amount_cents), 0) AS sum ${from} WHERE ${where}`,
  );
  const data = rows.map((x): ContractOverdueRow => ({
    contractId: Number(x.contract_id),
    customerName: x.customer,
    companyName: x.company,
    dueDate: x.due,
    daysLate: Number(x.days),
    amount: fromCents(Number(x.cents)),
    invoiceId: Number(x.invoice_id),
    invoiceNumber: Number(x.number),
    receivableId: Number(x.receivable_id),
    holdsVisits: x.holds,
  }));
  return {
    data,
    meta: { total: Number(totals!.total), skip: query.skip, take: query.take, sum: fromCents(Number(totals!.sum)) },
  };
}
