-- Which rows each committed transaction added to customers and companies, under the version it raised.
-- A kept customer search ("silva") that another user's new customer made out of date (the 'customers'
-- version rose, 'customers~' did not: rows were only added) is then checked against the added rows
-- alone: when none of them matches the search, its page and total are unchanged and the kept answer
-- stands, instead of searching 20,000 customers again after every customer created.
--
-- A transaction's rows are listed when it adds at most 50 to a table in one organization; more, and ids
-- is NULL (not listed: answers that depend on the table are rebuilt). Entries older than 500 versions of
-- their table are deleted as versions pass (every 100th).

CREATE TABLE list_inserts (
  txid xid8 NOT NULL,
  organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  table_name text NOT NULL,
  version bigint,
  ids integer[],
  PRIMARY KEY (txid, organization_id, table_name)
);
CREATE INDEX list_inserts_version_idx ON list_inserts (organization_id, table_name, version);

CREATE OR REPLACE FUNCTION note_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_OP = 'INSERT' AND TG_NARGS > 0 AND TG_ARGV[0] = 'list_ids' THEN
    INSERT INTO list_inserts (txid, organization_id, table_name, ids)
    SELECT pg_current_xact_id(), organization_id, TG_TABLE_NAME, CASE WHEN count(*) <= 50 THEN array_agg(id) END
      FROM changed_rows GROUP BY organization_id
    ON CONFLICT (txid, organization_id, table_name) DO UPDATE
      SET ids = CASE
        WHEN list_inserts.ids IS NULL OR excluded.ids IS NULL
          OR cardinality(list_inserts.ids) + cardinality(excluded.ids) > 50 THEN NULL
        ELSE list_inserts.ids || excluded.ids END;
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

CREATE OR REPLACE FUNCTION raise_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    INSERT INTO list_versions (organization_id, table_name, version)
    SELECT n.organization_id, n.table_name, 1
      FROM (SELECT DISTINCT split_part(c, ':', 1)::integer AS organization_id, split_part(c, ':', 2) AS table_name
              FROM unnest(string_to_array(coalesce(current_setting('oficina.list_changes', true), ''), ';')) c
             WHERE c <> '') n
     -- an organization deleted in this transaction has no versions left to raise
     WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = n.organization_id)
     ORDER BY n.organization_id, n.table_name
    ON CONFLICT (organization_id, table_name) DO UPDATE SET version = list_versions.version + 1
    RETURNING list_versions.organization_id, list_versions.table_name, list_versions.version
  LOOP
    IF r.table_name IN ('customers', 'companies') THEN
      UPDATE list_inserts SET version = r.version
       WHERE txid = pg_current_xact_id() AND organization_id = r.organization_id AND table_name = r.table_name;
      IF r.version % 100 = 0 THEN
        DELETE FROM list_inserts
         WHERE organization_id = r.organization_id AND table_name = r.table_name AND version <= r.version - 500;
      END IF;
    END IF;
  END LOOP;
  PERFORM set_config('oficina.list_changes', '', true);
  DELETE FROM list_version_marks WHERE txid = NEW.txid;
  RETURN NULL;
END
$$;

DROP TRIGGER customers_list_change_insert ON customers;
CREATE TRIGGER customers_list_change_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_list_change('list_ids');
DROP TRIGGER companies_list_change_insert ON companies;
CREATE TRIGGER companies_list_change_insert AFTER INSERT ON companies REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_list_change('list_ids');
