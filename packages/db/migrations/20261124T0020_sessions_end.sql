-- A login token carries its user's token version; changing the password (by the user or an admin),
-- changing the e-mail or deactivating the user bumps it, and every token issued before stops working.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;
-- Old login attempts are pruned by age.
CREATE INDEX login_attempts_created_at_idx ON login_attempts (created_at);
