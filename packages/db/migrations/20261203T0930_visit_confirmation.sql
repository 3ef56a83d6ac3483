-- The visit time the customer confirmed ('Confirmar' on WhatsApp): the visit is confirmed while it is
-- still at that time; moved, it waits for a new confirmation.
ALTER TABLE invoices ADD COLUMN visit_confirmed_for timestamptz;
