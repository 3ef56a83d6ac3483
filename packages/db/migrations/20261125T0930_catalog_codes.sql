-- Products and services may carry the code the shop knows them by ('Código': a SKU, a barcode, the
-- number in the system it came from). Optional; when given, one per organization, so a spreadsheet
-- imported twice matches its rows by it and adds nothing the second time.
ALTER TABLE products ADD COLUMN code text;
ALTER TABLE services ADD COLUMN code text;
CREATE UNIQUE INDEX products_organization_code_key ON products (organization_id, code) WHERE code IS NOT NULL;
CREATE UNIQUE INDEX services_organization_code_key ON services (organization_id, code) WHERE code IS NOT NULL;
