-- Each record a person edits in a form carries a version: a number raised by the database at every
-- change of its row, whoever makes it (a screen, a job, an import). A form sends back the version it
-- was loaded with, and a write against a newer one is refused, so no one's change is silently undone.
-- These are row versions, apart from list_versions (the versions of whole tables that kept answers
-- are filed under).

CREATE FUNCTION bump_row_version() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.row_version := OLD.row_version + 1;
  RETURN NEW;
END
$$;

ALTER TABLE invoices ADD COLUMN row_version integer NOT NULL DEFAULT 1;
ALTER TABLE estimates ADD COLUMN row_version integer NOT NULL DEFAULT 1;
ALTER TABLE customers ADD COLUMN row_version integer NOT NULL DEFAULT 1;
ALTER TABLE companies ADD COLUMN row_version integer NOT NULL DEFAULT 1;
ALTER TABLE products ADD COLUMN row_version integer NOT NULL DEFAULT 1;
ALTER TABLE maintenance_plans ADD COLUMN row_version integer NOT NULL DEFAULT 1;

-- Every UPDATE raises it, even one writing the same values again (a WHEN comparing the whole rows is
-- refused on tables with generated columns, as customers and companies have).
CREATE TRIGGER invoices_row_version BEFORE UPDATE ON invoices
  FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER estimates_row_version BEFORE UPDATE ON estimates
  FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER customers_row_version BEFORE UPDATE ON customers
  FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER companies_row_version BEFORE UPDATE ON companies
  FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER products_row_version BEFORE UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER maintenance_plans_row_version BEFORE UPDATE ON maintenance_plans
  FOR EACH ROW EXECUTE FUNCTION bump_row_version();
