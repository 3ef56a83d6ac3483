-- IBGE's municipalities (code, name, UF): the list an address's city is picked from and the code the
-- NFS-e asks for. Loaded by the next migration, generated from packages/db/ibge/municipios.csv.
CREATE TABLE municipalities (
  ibge_code text PRIMARY KEY CHECK (ibge_code ~ '^[0-9]{7}$'),
  name text NOT NULL,
  state text NOT NULL CHECK (state ~ '^[A-Z]{2}$')
);
-- The search is a trigram "contains" on the name without accents, like every other search.
CREATE INDEX municipalities_name_trgm_idx ON municipalities USING gin (f_unaccent(lower(name)) gin_trgm_ops);
CREATE INDEX municipalities_state_name_idx ON municipalities (state, f_unaccent(lower(name)));
