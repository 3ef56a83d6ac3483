-- NFS-e layout 1.01: what an NFS-e declared (service value, ISS, what the taker withheld, the net), the
-- substitution of an NFS-e by another, the status as the national system last told it, a company's
-- IBS/CBS declaration, and the municipal parameters read from the national parameters API.

-- A substituting document names the one it replaces; the replaced one ends 'substituted' once the new
-- one is issued (until then it stays issued: a refused substitution leaves it standing).
ALTER TABLE nfse_documents DROP CONSTRAINT nfse_documents_status_check;
ALTER TABLE nfse_documents
  ADD CONSTRAINT nfse_documents_status_check CHECK (status IN ('processing', 'issued', 'rejected', 'canceled', 'substituted')),
  ADD COLUMN replaces_id integer,
  ADD COLUMN substitution_code text,
  ADD COLUMN substitution_reason text,
  -- The values as declared: the service value, the discount, the ISS rate and amount, whether the taker
  -- withholds the ISS, the rates of what it withholds ({iss, pis, cofins, csll, irrf, cp}) and the
  -- amounts, their total and the net (vLiq). Read from the NFS-e once issued.
  ADD COLUMN service_cents bigint,
  ADD COLUMN discount_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN iss_rate numeric(5, 2),
  ADD COLUMN iss_cents bigint,
  ADD COLUMN iss_withheld boolean NOT NULL DEFAULT false,
  ADD COLUMN withholdings jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN withheld_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN net_cents bigint,
  -- When the national system was last asked whether the NFS-e still stands (canceled elsewhere, replaced).
  ADD COLUMN status_checked_at timestamptz,
  ADD CONSTRAINT nfse_documents_replaces_fkey FOREIGN KEY (organization_id, replaces_id)
    REFERENCES nfse_documents (organization_id, id),
  ADD CONSTRAINT nfse_documents_substitution_check CHECK (
    (replaces_id IS NULL AND substitution_code IS NULL)
    OR (replaces_id IS NOT NULL AND substitution_code IN ('01', '02', '03', '04', '05', '99')));

-- The documents issued before: their value was the order's, with nothing withheld.
UPDATE nfse_documents n
   SET service_cents = i.subtotal_cents, discount_cents = i.discount_cents,
       net_cents = i.subtotal_cents - i.discount_cents
  FROM invoices i
 WHERE i.id = n.invoice_id AND n.service_cents IS NULL;

-- An order has one processing or issued NFS-e, besides the one substituting it while that is sent; and
-- an NFS-e has at most one substitute in processing or issued.
DROP INDEX nfse_documents_live_key;
CREATE UNIQUE INDEX nfse_documents_live_key ON nfse_documents (invoice_id)
  WHERE status IN ('processing', 'issued') AND replaces_id IS NULL;
CREATE UNIQUE INDEX nfse_documents_substitute_key ON nfse_documents (replaces_id)
  WHERE status IN ('processing', 'issued');

-- What a customer withholds by default when it takes a service ({iss, pis, cofins, csll, irrf, cp}: ISS
-- withheld or not, the federal rates in percent), and an order's own, which overrides it (null: the
-- customer's).
ALTER TABLE customers ADD COLUMN nfse_withholdings jsonb;
ALTER TABLE invoices ADD COLUMN nfse_withholdings jsonb;

-- IBS/CBS (tax reform): declared in the DPS when the company says so, with its operation indicator
-- (cIndOp), CST and cClassTrib.
ALTER TABLE company_fiscal_settings
  ADD COLUMN ibs_cbs boolean NOT NULL DEFAULT false,
  ADD COLUMN ibs_cbs_operation text,
  ADD COLUMN ibs_cbs_cst text,
  ADD COLUMN ibs_cbs_class text,
  ADD CONSTRAINT company_fiscal_settings_ibs_cbs_check CHECK (
    ibs_cbs_operation ~ '^[0-9]{6}$' AND ibs_cbs_cst ~ '^[0-9]{3}$' AND ibs_cbs_class ~ '^[0-9]{6}$'),
  ADD CONSTRAINT company_fiscal_settings_ibs_cbs_complete_check CHECK (
    NOT ibs_cbs OR (ibs_cbs_operation IS NOT NULL AND ibs_cbs_cst IS NOT NULL AND ibs_cbs_class IS NOT NULL));

-- What the national parameters API said of a municipality and a service in a month: whether the
-- municipality uses the national system and the ISS rate it set (null: none for that service). Public
-- data, shared by every organization; read again when older than a day.
CREATE TABLE nfse_municipal_parameters (
  municipality_code text NOT NULL,
  service_code text NOT NULL,
  competence text NOT NULL,
  joined boolean NOT NULL,
  iss_rate numeric(5, 2),
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (municipality_code, service_code, competence),
  CONSTRAINT nfse_municipal_parameters_municipality_check CHECK (municipality_code ~ '^[0-9]{7}$'),
  CONSTRAINT nfse_municipal_parameters_service_check CHECK (service_code ~ '^[0-9]{6}$'),
  CONSTRAINT nfse_municipal_parameters_competence_check CHECK (competence ~ '^[0-9]{4}-[0-9]{2}$')
);

-- The accountant of an organization: who gets the month's NFS-e files by e-mail, on which day of the
-- next month (1 to 28, in the organization's time zone).
CREATE TABLE nfse_accountant (
  organization_id integer PRIMARY KEY REFERENCES organizations(id),
  email text,
  day smallint NOT NULL DEFAULT 5,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT nfse_accountant_day_check CHECK (day BETWEEN 1 AND 28)
);

-- Each month's e-mail to the accountant, queued once (the unique key) when due and sent by the job:
-- 'queued' until sent ('sent' by SMTP, 'written' to the outbox without one) or given up after failures
-- ('failed', with the error; tried again with back-off until then).
CREATE TABLE nfse_accountant_emails (
  id integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY,
  organization_id integer NOT NULL REFERENCES organizations(id),
  month text NOT NULL,
  recipient text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  error text,
  files integer NOT NULL DEFAULT 0,
  message_id text,
  outbox_file text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CONSTRAINT nfse_accountant_emails_month_check CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
  CONSTRAINT nfse_accountant_emails_status_check CHECK (status IN ('queued', 'sent', 'written', 'failed'))
);
CREATE UNIQUE INDEX nfse_accountant_emails_month_key ON nfse_accountant_emails (organization_id, month);
CREATE INDEX nfse_accountant_emails_due_idx ON nfse_accountant_emails (next_attempt_at) WHERE status = 'queued';
