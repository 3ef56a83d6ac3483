-- State that several app instances on one database must share instead of keeping per process.

-- Secrets generated once for the whole installation (the login-token signing key), so every
-- instance signs and verifies with the same key without per-instance configuration.
CREATE TABLE IF NOT EXISTS app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Fixed-window request counters of the HTTP rate limits (login per IP, public links per IP):
-- one row per route and client, counted by every instance.
CREATE TABLE IF NOT EXISTS rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limits_expires_at_idx ON rate_limits (expires_at);
