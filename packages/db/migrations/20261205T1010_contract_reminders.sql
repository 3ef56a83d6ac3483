-- The reminders of a contract's charge already sent, by name ('due3': due in three days, 'overdue1' and
-- 'overdue7': one and seven days late), so each goes once; the job claims the periods with
-- FOR UPDATE SKIP LOCKED and appends the name in the transaction that queues the e-mail.
ALTER TABLE contract_periods ADD COLUMN reminders_sent text[] NOT NULL DEFAULT '{}';
-- The overdue list and the reminders read the open charges by date.
CREATE INDEX contract_periods_receivable_date_idx ON contract_periods (organization_id, period_date)
  WHERE receivable_id IS NOT NULL;
