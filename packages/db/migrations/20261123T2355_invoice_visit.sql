-- What the technician needs before leaving: the problem the customer reported, when the visit is
-- booked and which of the customer's addresses the job is at. Deleting that address empties the
-- order's choice and keeps the order.
ALTER TABLE invoices ADD COLUMN reported_problem text;
ALTER TABLE invoices ADD COLUMN scheduled_at timestamptz;
ALTER TABLE invoices ADD COLUMN address_id integer;
CREATE UNIQUE INDEX IF NOT EXISTS addresses_organization_id_id_key ON addresses (organization_id, id);
ALTER TABLE invoices
  ADD CONSTRAINT invoices_address_fkey FOREIGN KEY (organization_id, address_id)
  REFERENCES addresses (organization_id, id) ON DELETE SET NULL (address_id);
CREATE INDEX invoices_address_idx ON invoices (address_id) WHERE address_id IS NOT NULL;
