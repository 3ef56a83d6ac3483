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
-- How: a row trigger on each versioned table notes '<organization>:<table>' in a setting local to the
-- transaction (undone with a savepoint that rolls back); a row trigger, not a statement trigger with a
-- transition table, because most writes are of one row and the table of changed rows cost more than
-- the note itself. A row trigger deferred to the commit, on the
-- same tables, raises every noted version in one statement, ordered, at its first firing, and clears the
-- note (the transaction's other rows find nothing left to do).
--
-- The rows a transaction added to customers and companies are listed too (list_inserts), under the
-- version it raised, when it added at most 50 to one organization. A kept customer search ("silva") that
-- another user's new customer made out of date ('customers' rose, 'customers~' did not: rows were only
-- added) is then checked against the added rows alone: when none matches, its page and total are
-- unchanged and it stands, instead of searching 20,000 customers again after every customer created.
-- Entries older than 500 versions of their table are deleted as versions pass (every 100th).

CREATE TABLE list_inserts (
  organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  table_name text NOT NULL,
  version bigint NOT NULL,
  ids integer[] NOT NULL,
  PRIMARY KEY (organization_id, table_name, version)
);

CREATE FUNCTION note_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('oficina.list_changes', true), '');
  org integer;
  entry text;
  listed text;
  added integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    org := OLD.organization_id;
  ELSE
    org := NEW.organization_id;
  END IF;
  IF TG_OP = 'INSERT' THEN
    entry := org || ':' || TG_TABLE_NAME || ';';
    -- Added rows, listed as '<organization>:<count>:<id>,<id>…', or '*' once past 50 or a second organization.
    IF TG_NARGS > 0 AND TG_ARGV[0] = 'list_ids' THEN
      listed := coalesce(current_setting('oficina.list_ids_' || TG_TABLE_NAME, true), '');
      IF listed = '' THEN
        PERFORM set_config('oficina.list_ids_' || TG_TABLE_NAME, org || ':1:' || NEW.id, true);
      ELSIF listed <> '*' THEN
        added := split_part(listed, ':', 2)::integer + 1;
        PERFORM set_config('oficina.list_ids_' || TG_TABLE_NAME,
          CASE WHEN split_part(listed, ':', 1)::integer <> org OR added > 50 THEN '*'
               ELSE org || ':' || added || ':' || split_part(listed, ':', 3) || ',' || NEW.id END, true);
      END IF;
    END IF;
  ELSE
    entry := org || ':' || TG_TABLE_NAME || ';' || org || ':' || TG_TABLE_NAME || '~;';
  END IF;
  IF strpos(';' || noted, ';' || entry) = 0 THEN
    PERFORM set_config('oficina.list_changes', noted || entry, true);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION raise_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  listed text;
BEGIN
  IF coalesce(current_setting('oficina.list_changes', true), '') = '' THEN
    RETURN NULL; -- raised already by an earlier row of this transaction
  END IF;
  FOR r IN
    INSERT INTO list_versions (organization_id, table_name, version)
    SELECT n.organization_id, n.table_name, 1
      FROM (SELECT DISTINCT split_part(c, ':', 1)::integer AS organization_id, split_part(c, ':', 2) AS table_name
              FROM unnest(string_to_array(current_setting('oficina.list_changes', true), ';')) c
             WHERE c <> '') n
     -- an organization deleted in this transaction has no versions left to raise
     WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = n.organization_id)
     ORDER BY n.organization_id, n.table_name
    ON CONFLICT (organization_id, table_name) DO UPDATE SET version = list_versions.version + 1
    RETURNING list_versions.organization_id, list_versions.table_name, list_versions.version
  LOOP
    IF r.table_name IN ('customers', 'companies') THEN
      listed := coalesce(current_setting('oficina.list_ids_' || r.table_name, true), '');
      IF split_part(listed, ':', 1) = r.organization_id::text THEN
        INSERT INTO list_inserts (organization_id, table_name, version, ids)
        VALUES (r.organization_id, r.table_name, r.version, string_to_array(split_part(listed, ':', 3), ',')::integer[]);
      END IF;
      IF r.version % 100 = 0 THEN
        DELETE FROM list_inserts
         WHERE organization_id = r.organization_id AND table_name = r.table_name AND version <= r.version - 500;
      END IF;
    END IF;
  END LOOP;
  PERFORM set_config('oficina.list_changes', '', true);
  PERFORM set_config('oficina.list_ids_customers', '', true);
  PERFORM set_config('oficina.list_ids_companies', '', true);
  RETURN NULL;
END
$$;

-- list_versions rows go with their organization.
ALTER TABLE list_versions DROP CONSTRAINT list_versions_organization_id_fkey;
ALTER TABLE list_versions ADD CONSTRAINT list_versions_organization_id_fkey
  FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE CASCADE;

-- The old per-statement raises go; every versioned table gets the three notes and the raise at commit.
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
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I FOR EACH ROW EXECUTE FUNCTION note_list_change(%L)',
                   t || '_list_change_insert', t, CASE WHEN t IN ('customers', 'companies') THEN 'list_ids' ELSE '' END);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION note_list_change()',
                   t || '_list_change_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I FOR EACH ROW EXECUTE FUNCTION note_list_change()',
                   t || '_list_change_delete', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
                    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_list_versions()',
                   t || '_list_versions_raise', t);
  END LOOP;
END
$$;
