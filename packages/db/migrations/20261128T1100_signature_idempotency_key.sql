-- The Idempotency-Key a signature was sent with (the signing page's queue may send it again after a
-- lost answer): a repeat with the key finds its signature instead of signing twice. One per order.
ALTER TABLE invoice_signatures ADD COLUMN IF NOT EXISTS idempotency_key text;
CREATE UNIQUE INDEX IF NOT EXISTS invoice_signatures_idempotency_key_idx
  ON invoice_signatures (invoice_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
