import { sql, type SQL } from 'drizzle-orm';

// A maintenance contract may hold the next visits of the plans it covers while one of its charges is
// late longer than the days it sets (off unless set). The plans' job asks this before it makes the
// visits' orders; once the charge is received the visits held are made, late, by the job's catch-up.

/**
 * True for a plan (`planId`, a column or value) covered by a contract that holds visits and has a
 * charge not received whose due date is more than that many days before `today` (the organization's).
 */
export const planVisitsHeld = (planId: SQL, today: SQL) => sql`EXISTS (
  SELECT 1 FROM contract_plans cp
    JOIN contracts k ON k.id = cp.contract_id
    JOIN contract_periods kd ON kd.contract_id = k.id
    JOIN receivables r ON r.id = kd.receivable_id
   WHERE cp.plan_id = ${planId} AND k.hold_visits_after_days IS NOT NULL AND k.status <> 'encerrado'
     AND r.payment_id IS NULL AND kd.period_date < ${today} - k.hold_visits_after_days)`;
