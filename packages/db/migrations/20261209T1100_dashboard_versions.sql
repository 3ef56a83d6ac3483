-- The technicians' time on the job of a period (the field reports, the owner's dashboard) pairs each
-- order's stamps in turn, but only for the orders stamped in that period: found by their stamps' times.
CREATE INDEX field_stamps_organization_device_idx ON field_stamps (organization_id, device_at, invoice_id);

-- The owner's dashboard is kept as a whole answer too, so the tables it reads besides orders, their
-- technicians, estimates and users are versioned like them (see versions_at_commit): payments,
-- instalments, customers' ratings and technicians' stamps. A payment, an instalment received, a rating
-- answered or a stamp raises its table's version at commit, and the next read of the dashboard is built
-- again.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['invoice_payments', 'receivables', 'order_ratings', 'field_stamps'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I FOR EACH ROW EXECUTE FUNCTION note_list_change(%L)',
                   t || '_list_change_insert', t, '');
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
