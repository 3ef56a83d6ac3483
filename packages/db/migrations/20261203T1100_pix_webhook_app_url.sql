-- The address (APP_URL) the company's webhook was last registered (or tried) for: when the server runs under
-- another address, the charge job registers the webhook again. Connections saved before this was kept have
-- none, and are registered again once.
ALTER TABLE company_pix_psp ADD COLUMN webhook_app_url text;
