-- The deposit ('entrada') an estimate asks before the work, offered by its Pix: a percentage of the total
-- in basis points (100 = 1%), or a value in cents; at most one of them; neither: no deposit.
ALTER TABLE estimates
  ADD COLUMN deposit_percent_bp integer,
  ADD COLUMN deposit_cents bigint,
  ADD CONSTRAINT estimates_deposit_check CHECK (
    (deposit_percent_bp IS NULL OR deposit_percent_bp BETWEEN 100 AND 10000)
    AND (deposit_cents IS NULL OR deposit_cents > 0)
    AND (deposit_percent_bp IS NULL OR deposit_cents IS NULL)
  );
