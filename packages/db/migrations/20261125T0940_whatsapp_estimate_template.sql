-- The company's WhatsApp message for an estimate's approval link, beside the service order's signing
-- one (same placeholders, at most 1,000 characters, checked by the API). Null: the default text.
ALTER TABLE companies ADD COLUMN whatsapp_estimate_template text;
