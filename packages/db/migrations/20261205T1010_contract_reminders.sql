-- The reminders of a contract's charges, each sent once. A period's late reminders by name in
-- reminders_sent ('overdue1' and 'overdue7': one and seven days late); the notice three days before a
-- period is billed by the date it was sent for, on the contract (reminded_for). The job claims the rows
-- with FOR UPDATE SKIP LOCKED and writes these in the transaction that decides the reminder.
ALTER TABLE contract_periods ADD COLUMN reminders_sent text[] NOT NULL DEFAULT '{}';
ALTER TABLE contracts ADD COLUMN reminded_for date;
-- The overdue list and the reminders read the open charges by date.
CREATE INDEX contract_periods_receivable_date_idx ON contract_periods (organization_id, period_date)
  WHERE receivable_id IS NOT NULL;
