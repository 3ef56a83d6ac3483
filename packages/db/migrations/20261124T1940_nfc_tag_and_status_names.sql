-- Tag names and order status labels are kept in Unicode NFC, so a name typed with combining accents
-- ('a' + U+0303) and the same name with composed ones ('ã') is one name for the uniqueness check.
-- Existing rows are rewritten to NFC only when no other row of the same organization would then have
-- the same name (case-insensitively): such a pair stays as it is, to be renamed by hand.
UPDATE tags AS t
SET name = normalize(t.name, NFC)
WHERE t.name <> normalize(t.name, NFC)
  AND NOT EXISTS (
    SELECT 1 FROM tags AS o
    WHERE o.organization_id = t.organization_id
      AND o.id <> t.id
      AND lower(normalize(o.name, NFC)) = lower(normalize(t.name, NFC))
  );

UPDATE invoice_statuses AS s
SET label = normalize(s.label, NFC)
WHERE s.label <> normalize(s.label, NFC)
  AND NOT EXISTS (
    SELECT 1 FROM invoice_statuses AS o
    WHERE o.organization_id = s.organization_id
      AND o.id <> s.id
      AND lower(normalize(o.label, NFC)) = lower(normalize(s.label, NFC))
  );
