-- The company's WhatsApp message, filled with the document's number, customer, company and public link
-- when it is sent to the customer (at most 1,000 characters, checked by the API). Null: the default text.
ALTER TABLE companies ADD COLUMN whatsapp_template text;
