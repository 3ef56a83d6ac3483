-- A private calendar feed per user (iCalendar, subscribed to by Google Calendar or the phone): the
-- link carries a random token; only its SHA-256 is kept, so the table alone opens no feed. A new link
-- replaces the old one; removing it revokes the feed.
ALTER TABLE users ADD COLUMN calendar_token_hash text;
ALTER TABLE users ADD COLUMN calendar_link_created_at timestamptz;
CREATE UNIQUE INDEX users_calendar_token_hash_key ON users (calendar_token_hash) WHERE calendar_token_hash IS NOT NULL;
