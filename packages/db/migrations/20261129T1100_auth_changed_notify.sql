-- Each app process keeps what it read of the users who call it (active, role, token version, name,
-- e-mail, the organization's features), so a request does not read them again. A change to any of that
-- is announced on channel auth_changed when its transaction commits ('u' and the user's id, 'o' and the
-- organization's), and every process drops what it kept of that user or organization. Every pooled
-- connection of every process listens, so the process that made the change hears it before its own
-- COMMIT returns, and the others a moment later.
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changed', 'u' || OLD.id);
  ELSE
    PERFORM pg_notify('auth_changed', 'o' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_auth_changed
  AFTER UPDATE OF is_active, role, token_version, name, email, organization_id OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
CREATE TRIGGER organizations_auth_changed
  AFTER UPDATE OF features OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
