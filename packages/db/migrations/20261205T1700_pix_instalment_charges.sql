-- The instalments' charges with a due date ('cobv'): each open instalment of an order of a connected
-- company has its own charge at the PSP, linked by receivable_id (emptied when the instalment is
-- replaced or dropped, so the job withdraws the charge it had). `due_date` is the instalment's due date
-- the charge was made or last revised for. An order has at most one open immediate charge ('cob') and an
-- instalment at most one open charge of its own.
ALTER TABLE pix_charges ADD COLUMN receivable_id integer;
ALTER TABLE pix_charges ADD COLUMN due_date date;
ALTER TABLE pix_charges ADD CONSTRAINT pix_charges_receivable_fkey FOREIGN KEY (organization_id, receivable_id)
  REFERENCES receivables (organization_id, id) ON DELETE SET NULL (receivable_id);
-- An immediate charge belongs to the order, never to an instalment; a charge with a due date has its date.
ALTER TABLE pix_charges ADD CONSTRAINT pix_charges_receivable_kind_check
  CHECK ((kind = 'cob' AND receivable_id IS NULL AND due_date IS NULL) OR (kind = 'cobv' AND due_date IS NOT NULL));

DROP INDEX pix_charges_open_key;
CREATE UNIQUE INDEX pix_charges_open_key ON pix_charges (invoice_id) WHERE kind = 'cob' AND status IN ('creating', 'ATIVA');
CREATE UNIQUE INDEX pix_charges_receivable_open_key ON pix_charges (receivable_id)
  WHERE receivable_id IS NOT NULL AND status IN ('creating', 'ATIVA');
CREATE INDEX pix_charges_invoice_idx ON pix_charges (invoice_id);

-- How many days after its due date an instalment's charge can still be paid (validadeAposVencimento).
ALTER TABLE company_pix_psp ADD COLUMN validity_after_due_days smallint NOT NULL DEFAULT 30;
ALTER TABLE company_pix_psp ADD CONSTRAINT company_pix_psp_validity_after_due_check
  CHECK (validity_after_due_days BETWEEN 0 AND 365);

-- A change of an instalment (made, replaced, dropped, received, its amount or due date) queues its order,
-- in the transaction of the change, as a change of the order's money does.
CREATE TRIGGER receivables_pix_charge AFTER INSERT OR DELETE OR UPDATE OF amount_cents, due_date, payment_id
  ON receivables FOR EACH ROW EXECUTE FUNCTION pix_charge_enqueue();
