-- The IBGE code of an address's municipality (the NFS-e names the place of service by it). Set by the
-- CEP lookup or by picking the city in the address form; the API checks it matches the UF.
ALTER TABLE addresses ADD COLUMN ibge_code text REFERENCES municipalities (ibge_code);

-- Addresses typed before: the code of the one municipality of their UF whose name is their city
-- (case and accents aside). A city that names none, or an address without a UF, stays without.
UPDATE addresses a
SET ibge_code = m.ibge_code
FROM municipalities m
WHERE a.ibge_code IS NULL
  AND m.state = a.state
  AND f_unaccent(lower(m.name)) = f_unaccent(lower(btrim(a.city)))
  AND (SELECT count(*) FROM municipalities o
       WHERE o.state = a.state AND f_unaccent(lower(o.name)) = f_unaccent(lower(btrim(a.city)))) = 1;
