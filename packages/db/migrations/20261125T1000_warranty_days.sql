-- Warranty in days: a service or product of the catalogue may carry one, and a line copies it when it
-- is added (a later change to the catalogue leaves past orders as they were). An equipment is under
-- warranty until its last completed order's end day plus the longest warranty among that order's lines.
ALTER TABLE services ADD COLUMN warranty_days integer
  CONSTRAINT services_warranty_days_check CHECK (warranty_days BETWEEN 0 AND 3650);
ALTER TABLE products ADD COLUMN warranty_days integer
  CONSTRAINT products_warranty_days_check CHECK (warranty_days BETWEEN 0 AND 3650);
ALTER TABLE invoice_services ADD COLUMN warranty_days integer;
ALTER TABLE invoice_products ADD COLUMN warranty_days integer;
ALTER TABLE estimate_services ADD COLUMN warranty_days integer;
ALTER TABLE estimate_products ADD COLUMN warranty_days integer;
