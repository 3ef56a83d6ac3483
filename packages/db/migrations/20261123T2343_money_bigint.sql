-- Money is kept as integer cents and an amount may reach R$ 99.999.999,99 (9,999,999,999 cents),
-- which does not fit a 32-bit integer: every cents column becomes bigint.
ALTER TABLE products ALTER COLUMN price_cents TYPE bigint;
ALTER TABLE services ALTER COLUMN price_cents TYPE bigint;
ALTER TABLE invoice_services ALTER COLUMN price_cents TYPE bigint;
ALTER TABLE invoice_products ALTER COLUMN price_cents TYPE bigint;
ALTER TABLE invoices ALTER COLUMN subtotal_cents TYPE bigint;
ALTER TABLE invoices ALTER COLUMN discount_cents TYPE bigint;
ALTER TABLE invoices ALTER COLUMN payroll_bonus_cents TYPE bigint;
ALTER TABLE users ALTER COLUMN payment_value_cents TYPE bigint;
ALTER TABLE payroll_lines ALTER COLUMN value_cents TYPE bigint;
