-- Money is stored in cents; the API accepts up to 99,999,999.99 (9,999,999,999 cents), past what an
-- integer column holds (21,474,836.47). Every money column becomes bigint.
ALTER TABLE users ALTER COLUMN payment_value_cents TYPE bigint;
ALTER TABLE products ALTER COLUMN price_cents TYPE bigint;
ALTER TABLE services ALTER COLUMN price_cents TYPE bigint;
ALTER TABLE invoices ALTER COLUMN subtotal_cents TYPE bigint;
ALTER TABLE invoices ALTER COLUMN discount_cents TYPE bigint;
ALTER TABLE invoices ALTER COLUMN payroll_bonus_cents TYPE bigint;
ALTER TABLE invoice_services ALTER COLUMN price_cents TYPE bigint;
ALTER TABLE invoice_products ALTER COLUMN price_cents TYPE bigint;
