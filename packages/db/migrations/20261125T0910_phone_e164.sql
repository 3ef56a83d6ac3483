-- Phones: `phone` keeps the text people read ('(11) 98765-4321'), `phone_e164` the number in E.164
-- ('+5511987654321') that WhatsApp links and calls use; null when the phone is not a real number.
-- Phones saved before were digits ('11987654321'). Those that are a real Brazilian landline or mobile
-- (written with or without +55 or a leading 0) are rewritten in the national form with their E.164;
-- the rest stay as typed and are shown as typed (the form asks for a real number when one is edited).
-- The area codes and ranges are those of libphonenumber's metadata for Brazil, which the API checks
-- with: a DDD, then a landline [2-5] + 7 digits, or a mobile 9 + 8 digits (or 7 + 7).
-- It may run again over the same rows without changing them (only rows without an E.164 are read).
ALTER TABLE companies ADD COLUMN IF NOT EXISTS phone_e164 text;
ALTER TABLE customers ADD COLUMN IF NOT EXISTS phone_e164 text;

UPDATE companies t
SET phone = '(' || substr(f.n, 1, 2) || ') '
    || CASE WHEN length(f.n) = 11 THEN substr(f.n, 3, 5) || '-' || substr(f.n, 8) ELSE substr(f.n, 3, 4) || '-' || substr(f.n, 7) END,
  phone_e164 = '+55' || f.n
FROM (
  SELECT id,
    CASE
      WHEN length(d) IN (12, 13) AND d LIKE '55%' THEN substr(d, 3)
      WHEN length(d) IN (11, 12) AND d LIKE '0%' THEN substr(d, 2)
      ELSE d
    END AS n
  FROM (SELECT id, phone, regexp_replace(phone, '[^0-9]', '', 'g') AS d FROM companies
        WHERE phone IS NOT NULL AND phone_e164 IS NULL) s
  WHERE phone !~ '^\s*\+' OR d LIKE '55%'
) f
WHERE t.id = f.id
  AND f.n ~ '^([14689][1-9]|2[12478]|3[1-578]|5[13-5]|7[13-579])([2-5][0-9]{7}|9[0-9]{8}|7[0-9]{7})$';

UPDATE customers t
SET phone = '(' || substr(f.n, 1, 2) || ') '
    || CASE WHEN length(f.n) = 11 THEN substr(f.n, 3, 5) || '-' || substr(f.n, 8) ELSE substr(f.n, 3, 4) || '-' || substr(f.n, 7) END,
  phone_e164 = '+55' || f.n
FROM (
  SELECT id,
    CASE
      WHEN length(d) IN (12, 13) AND d LIKE '55%' THEN substr(d, 3)
      WHEN length(d) IN (11, 12) AND d LIKE '0%' THEN substr(d, 2)
      ELSE d
    END AS n
  FROM (SELECT id, phone, regexp_replace(phone, '[^0-9]', '', 'g') AS d FROM customers
        WHERE phone IS NOT NULL AND phone_e164 IS NULL) s
  WHERE phone !~ '^\s*\+' OR d LIKE '55%'
) f
WHERE t.id = f.id
  AND f.n ~ '^([14689][1-9]|2[12478]|3[1-578]|5[13-5]|7[13-579])([2-5][0-9]{7}|9[0-9]{8}|7[0-9]{7})$';
