-- A technician's order list: the orders still to work on (neither Completed nor Canceled, and not
-- paid), soonest scheduled visit first. The partial index holds only those orders, in that order, so
-- the list's page and its count read the open orders alone however many closed ones pile up.
CREATE INDEX invoices_open_scheduled_idx ON invoices (organization_id, scheduled_at, number DESC)
  WHERE state NOT IN (20, -100) AND NOT is_paid;
