-- The company's PIX key (CPF or CNPJ digits, e-mail, +55 phone or random key), printed as a QR code and
-- "copia e cola" on what the customer pays from. Null: no PIX block anywhere.
ALTER TABLE companies ADD COLUMN pix_key text;
