-- Who sent an order's e-mail is a user of the order's organization, as for an estimate's e-mails: the
-- key pairs the organization with the user, so a row can never point at another organization's user.
ALTER TABLE invoice_emails DROP CONSTRAINT invoice_emails_user_id_fkey,
  ADD CONSTRAINT invoice_emails_user_id_fkey FOREIGN KEY (organization_id, user_id) REFERENCES users (organization_id, id);
