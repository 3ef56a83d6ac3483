-- The versions of list_versions are now raised when the writing transaction commits, all at once and in
-- one order (organization, table), instead of by each statement as it runs. Two transactions that wrote
-- the same tables in opposite orders (an order created with its lines while another order's line is
-- edited) held each other's version rows and could deadlock; now no version row is locked before the
-- commit, and the rows a commit raises are always locked in the same order.
--
-- More tables are versioned, so a whole answer (the order list, an order, a customer) can be kept and
-- served again while nothing it read has changed. Each table has two versions:
--   '<table>'  raised by any insert, update or delete of its rows (what a list of those rows reads);
--   '<table>~' raised only by updates and deletes: rows that already existed changed. An answer that reads
--              such rows only through another row's reference (the customer's name on an order) depends
--              on this one, so a customer created elsewhere does not discard every order kept.
--
-- How: a statement trigger on each versioned table notes '<organization>:<table>' in a setting local to
-- the transaction (undone with a savepoint that rolls back) and, on the transaction's first note, inserts
-- a row into list_version_marks. That row's trigger is deferred to the commit: it raises every noted
-- version in one statement, ordered, and deletes the mark.

CREATE TABLE list_version_marks (
  txid xid8 PRIMARY KEY
);

CREATE FUNCTION note_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('oficina.list_changes', true), '');
  adding text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT organization_id || ':' || TG_TABLE_NAME || ';', '') INTO adding FROM changed_rows;
  ELSE
    SELECT string_agg(DISTINCT organization_id || ':' || TG_TABLE_NAME || ';' || organization_id || ':' || TG_TABLE_NAME || '~;', '')
      INTO adding FROM changed_rows;
  END IF;
  IF adding IS NULL THEN
    RETURN NULL; -- the statement changed no row
  END IF;
  IF strpos(';' || noted, ';' || adding) > 0 THEN
    RETURN NULL; -- noted already (a transaction writing many rows one statement at a time)
  END IF;
  PERFORM set_config('oficina.list_changes', noted || adding, true);
  IF noted = '' THEN
    INSERT INTO list_version_marks (txid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION raise_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions (organization_id, table_name, version)
  SELECT n.organization_id, n.table_name, 1
    FROM (SELECT DISTINCT split_part(c, ':', 1)::integer AS organization_id, split_part(c, ':', 2) AS table_name
            FROM unnest(string_to_array(coalesce(current_setting('oficina.list_changes', true), ''), ';')) c
           WHERE c <> '') n
   -- an organization deleted in this transaction has no versions left to raise
   WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = n.organization_id)
   ORDER BY n.organization_id, n.table_name
  ON CONFLICT (organization_id, table_name) DO UPDATE SET version = list_versions.version + 1;
  PERFORM set_config('oficina.list_changes', '', true);
  DELETE FROM list_version_marks WHERE txid = NEW.txid;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER list_version_marks_raise AFTER INSERT ON list_version_marks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_list_versions();

-- list_versions rows go with their organization.
ALTER TABLE list_versions DROP CONSTRAINT list_versions_organization_id_fkey;
ALTER TABLE list_versions ADD CONSTRAINT list_versions_organization_id_fkey
  FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE CASCADE;

-- The old per-statement raises go; every versioned table gets the three notes.
DROP TRIGGER invoices_list_version_insert ON invoices;
DROP TRIGGER invoices_list_version_update ON invoices;
DROP TRIGGER invoices_list_version_delete ON invoices;
DROP TRIGGER invoice_workers_list_version_insert ON invoice_workers;
DROP TRIGGER invoice_workers_list_version_update ON invoice_workers;
DROP TRIGGER invoice_workers_list_version_delete ON invoice_workers;
DROP TRIGGER customers_list_version_insert ON customers;
DROP TRIGGER customers_list_version_update ON customers;
DROP TRIGGER customers_list_version_delete ON customers;
DROP TRIGGER companies_list_version_insert ON companies;
DROP TRIGGER companies_list_version_update ON companies;
DROP TRIGGER companies_list_version_delete ON companies;
DROP TRIGGER estimates_list_version_insert ON estimates;
DROP TRIGGER estimates_list_version_update ON estimates;
DROP TRIGGER estimates_list_version_delete ON estimates;
DROP FUNCTION bump_list_version();

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'invoices', 'invoice_workers', 'customers', 'companies', 'estimates',
    'invoice_services', 'invoice_products', 'invoice_equipments', 'invoice_tags', 'invoice_signatures',
    'invoice_statuses', 'tags', 'users', 'addresses', 'transaction_natures'
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION note_list_change()', t || '_list_change_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION note_list_change()', t || '_list_change_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION note_list_change()', t || '_list_change_delete', t);
  END LOOP;
END
$$;
