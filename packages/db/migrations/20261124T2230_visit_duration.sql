-- How long a scheduled visit takes, for the agenda (and the calendar feed): 60 minutes unless set,
-- between 15 minutes and 12 hours.
ALTER TABLE invoices ADD COLUMN duration_minutes integer NOT NULL DEFAULT 60;
ALTER TABLE invoices ADD CONSTRAINT invoices_duration_minutes_check CHECK (duration_minutes BETWEEN 15 AND 720);
-- The agenda reads an organization's visits by time.
CREATE INDEX invoices_organization_scheduled_idx ON invoices (organization_id, scheduled_at) WHERE scheduled_at IS NOT NULL;
