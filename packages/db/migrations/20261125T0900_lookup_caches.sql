-- Answers of the outside CEP and CNPJ services, kept so a CEP or CNPJ asked again is answered from here
-- (and still is while those services are down). Shared by every organization: public registry data,
-- not an organization's records. Only found answers are kept; `data` is the answer as the API gives it.
CREATE TABLE cep_lookups (
  postal_code text PRIMARY KEY CHECK (postal_code ~ '^[0-9]{8}$'),
  data jsonb NOT NULL,
  -- Which service answered ('primary' or 'fallback'), for whoever reads the table.
  source text NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cnpj_lookups (
  cnpj text PRIMARY KEY CHECK (cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$'),
  data jsonb NOT NULL,
  source text NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now()
);
