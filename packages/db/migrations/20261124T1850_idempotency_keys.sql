-- Answers to writes sent with an Idempotency-Key header, so a retried or doubled request (a double
-- click, a retry after a lost connection) changes nothing and gets the first answer again. One row
-- per organization, user and key: the row is claimed (status still null) before the write runs, and
-- filled with the answer once it is known. Kept 7 days.
CREATE TABLE IF NOT EXISTS idempotency_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status integer,
  content_type text,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT idempotency_keys_user_key UNIQUE (organization_id, user_id, key),
  -- The user is of the row's own organization, like every reference between tenant rows.
  CONSTRAINT idempotency_keys_user_id_fkey FOREIGN KEY (organization_id, user_id)
    REFERENCES users (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS idempotency_keys_created_at_idx ON idempotency_keys (created_at);
