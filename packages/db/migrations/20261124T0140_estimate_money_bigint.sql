-- Estimates hold the same money as orders (up to R$ 99.999.999,99 a line, totals beyond that), past
-- what an integer column of cents holds: every estimate cents column becomes bigint, like the orders'.
ALTER TABLE estimates ALTER COLUMN subtotal_cents TYPE bigint;
ALTER TABLE estimates ALTER COLUMN discount_cents TYPE bigint;
ALTER TABLE estimate_services ALTER COLUMN price_cents TYPE bigint;
ALTER TABLE estimate_products ALTER COLUMN price_cents TYPE bigint;
