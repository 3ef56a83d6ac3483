-- A period's recurring charge follows its contract. When the contract's amount changes (a readjustment,
-- an edit) or it stops being active (suspended), the charges already written for periods not billed yet
-- are marked `revise_requested_at` in the transaction of that change (the trigger below); the Pix job then
-- cancels each at the PSP (PATCH /cobr/{txid}: the API Pix revises a recurring charge only to CANCELADA)
-- and, for an active contract still inside the window, writes the period's charge again with the new
-- amount under a new txid. `withdrawn_at` is when a charge stopped standing for its period that way: it no
-- longer counts as the period's charge, and the period may have another (the unique key is of those not
-- withdrawn).
ALTER TABLE contract_pix_recurring_charges ADD COLUMN revise_requested_at timestamptz;
ALTER TABLE contract_pix_recurring_charges ADD COLUMN withdrawn_at timestamptz;
DROP INDEX contract_pix_recurring_charges_period_key;
CREATE UNIQUE INDEX contract_pix_recurring_charges_period_key ON contract_pix_recurring_charges (recurrence_id, period_date)
  WHERE withdrawn_at IS NULL;
CREATE INDEX contract_pix_recurring_charges_revise_idx ON contract_pix_recurring_charges (revise_requested_at)
  WHERE revise_requested_at IS NOT NULL;

CREATE FUNCTION contract_pix_charges_follow_contract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount_cents IS DISTINCT FROM OLD.amount_cents OR NEW.status IS DISTINCT FROM OLD.status THEN
    UPDATE contract_pix_recurring_charges c SET revise_requested_at = now(), updated_at = now()
     WHERE c.contract_id = NEW.id AND c.organization_id = NEW.organization_id
       AND c.withdrawn_at IS NULL AND c.fallback_at IS NULL AND c.pix_received_id IS NULL
       AND c.status IN ('creating', 'CRIADA', 'ATIVA')
       AND NOT EXISTS (SELECT 1 FROM contract_periods p WHERE p.contract_id = c.contract_id AND p.period_date = c.period_date);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER contracts_pix_charges_follow AFTER UPDATE OF amount_cents, status ON contracts
  FOR EACH ROW EXECUTE FUNCTION contract_pix_charges_follow_contract();
