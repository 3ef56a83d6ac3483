-- A company's connection to its PSP's API Pix (one per company): the API's base URL, the OAuth 2 token
-- URL and client credentials, the client certificate of the mutual TLS, and the rules of the charges.
-- The client secret, the certificate and its password and the webhook's token are kept sealed
-- (AES-256-GCM with the installation's certificate key, bound to organization and company); the
-- webhook is found by the SHA-256 of its token. The connection (base_url, token_url, client_id,
-- client_secret) is all set or all empty: a certificate may be sent before it.
CREATE TABLE company_pix_psp (
  organization_id integer NOT NULL REFERENCES organizations(id),
  company_id integer NOT NULL,
  base_url text,
  token_url text,
  client_id text,
  client_secret text,
  scopes text,
  certificate_pfx text,
  certificate_password text,
  certificate_subject text,
  certificate_not_after timestamptz,
  certificate_uploaded_at timestamptz,
  webhook_token text NOT NULL,
  webhook_token_hash text NOT NULL,
  webhook_status text NOT NULL DEFAULT 'pending',
  webhook_error text,
  webhook_registered_at timestamptz,
  expiry_days smallint NOT NULL DEFAULT 7,
  fine_percent numeric(5, 2) NOT NULL DEFAULT 0,
  interest_percent_per_month numeric(5, 2) NOT NULL DEFAULT 0,
  discount_percent numeric(5, 2) NOT NULL DEFAULT 0,
  discount_days_before smallint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, company_id),
  CONSTRAINT company_pix_psp_company_fkey FOREIGN KEY (organization_id, company_id)
    REFERENCES companies (organization_id, id) ON DELETE CASCADE,
  CONSTRAINT company_pix_psp_connection_check CHECK (
    (base_url IS NULL) = (token_url IS NULL) AND (base_url IS NULL) = (client_id IS NULL)
    AND (base_url IS NULL) = (client_secret IS NULL)),
  CONSTRAINT company_pix_psp_webhook_status_check CHECK (webhook_status IN ('pending', 'registered', 'failed')),
  CONSTRAINT company_pix_psp_expiry_check CHECK (expiry_days BETWEEN 1 AND 90),
  CONSTRAINT company_pix_psp_rules_check CHECK (
    fine_percent BETWEEN 0 AND 20 AND interest_percent_per_month BETWEEN 0 AND 10
    AND discount_percent BETWEEN 0 AND 50 AND discount_days_before BETWEEN 0 AND 60)
);
CREATE UNIQUE INDEX company_pix_psp_webhook_token_key ON company_pix_psp (webhook_token_hash);
