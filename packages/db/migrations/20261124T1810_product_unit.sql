-- Products are sold by a unit: whole units ('un', 'pc', 'cx', 'g', 'ml') or fractional ones ('kg',
-- 'm', 'm2', 'm3', 'l', 'h') whose quantities take up to 3 decimals. Product lines copy the unit with
-- the name and the price, so a later change in the catalogue rewrites no line.
ALTER TABLE products ADD COLUMN unit text NOT NULL DEFAULT 'un'
  CONSTRAINT products_unit_check CHECK (unit IN ('un', 'pc', 'cx', 'kg', 'g', 'm', 'm2', 'm3', 'l', 'ml', 'h'));
ALTER TABLE invoice_products ADD COLUMN unit text NOT NULL DEFAULT 'un';
ALTER TABLE estimate_products ADD COLUMN unit text NOT NULL DEFAULT 'un';

-- Quantities become decimal (3 places): 1,5 kg. Whole numbers from 1 stay the rule for services and
-- whole units, checked by the API; the database keeps them positive.
ALTER TABLE invoice_services DROP CONSTRAINT IF EXISTS invoice_services_quantity_check;
ALTER TABLE invoice_services ALTER COLUMN quantity TYPE numeric(12, 3);
ALTER TABLE invoice_services ADD CONSTRAINT invoice_services_quantity_check CHECK (quantity > 0);
ALTER TABLE invoice_products DROP CONSTRAINT IF EXISTS invoice_products_quantity_check;
ALTER TABLE invoice_products ALTER COLUMN quantity TYPE numeric(12, 3);
ALTER TABLE invoice_products ADD CONSTRAINT invoice_products_quantity_check CHECK (quantity > 0);
ALTER TABLE estimate_services DROP CONSTRAINT IF EXISTS estimate_services_quantity_check;
ALTER TABLE estimate_services ALTER COLUMN quantity TYPE numeric(12, 3);
ALTER TABLE estimate_services ADD CONSTRAINT estimate_services_quantity_check CHECK (quantity > 0);
ALTER TABLE estimate_products DROP CONSTRAINT IF EXISTS estimate_products_quantity_check;
ALTER TABLE estimate_products ALTER COLUMN quantity TYPE numeric(12, 3);
ALTER TABLE estimate_products ADD CONSTRAINT estimate_products_quantity_check CHECK (quantity > 0);
