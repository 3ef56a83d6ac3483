-- A payroll line holds a worker's payment value plus a share of the bonus: money up to what the API
-- accepts (9,999,999,999 cents) and beyond an integer column, like every other money column.
ALTER TABLE payroll_lines ALTER COLUMN value_cents TYPE bigint;
