-- A customer anonymized at their request (LGPD, art. 18): when it was done. Set once, in the
-- transaction that replaces the customer's personal data; never cleared, as nothing can be restored.
ALTER TABLE customers ADD COLUMN anonymized_at timestamptz;
