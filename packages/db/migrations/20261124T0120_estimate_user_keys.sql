-- The estimate tables' references to users join the organization too, like every other reference
-- between organization-owned rows: the database refuses a user of another organization.
ALTER TABLE estimates DROP CONSTRAINT estimates_created_by_id_fkey,
  ADD CONSTRAINT estimates_created_by_id_fkey FOREIGN KEY (organization_id, created_by_id) REFERENCES users (organization_id, id);
ALTER TABLE estimate_comments DROP CONSTRAINT estimate_comments_user_id_fkey,
  ADD CONSTRAINT estimate_comments_user_id_fkey FOREIGN KEY (organization_id, user_id) REFERENCES users (organization_id, id);
ALTER TABLE estimate_pictures DROP CONSTRAINT estimate_pictures_user_id_fkey,
  ADD CONSTRAINT estimate_pictures_user_id_fkey FOREIGN KEY (organization_id, user_id) REFERENCES users (organization_id, id);
ALTER TABLE estimate_emails DROP CONSTRAINT estimate_emails_user_id_fkey,
  ADD CONSTRAINT estimate_emails_user_id_fkey FOREIGN KEY (organization_id, user_id) REFERENCES users (organization_id, id);
