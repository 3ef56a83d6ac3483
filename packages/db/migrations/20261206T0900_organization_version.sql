-- The organization's settings (name, time zone, two-step sign-in) are edited in a form too: its row
-- carries a version raised at every change, so a save made on settings read before another person's
-- save is refused instead of undoing it.
ALTER TABLE organizations ADD COLUMN row_version integer NOT NULL DEFAULT 1;
CREATE TRIGGER organizations_row_version BEFORE UPDATE ON organizations
  FOR EACH ROW EXECUTE FUNCTION bump_row_version();
