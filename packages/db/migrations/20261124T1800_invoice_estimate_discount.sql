-- The part of an order's discount that came from its estimate. Generating orders from an approved
-- estimate splits the estimate's discount over its live orders in proportion to what each holds;
-- keeping each order's share lets a later generation move only the difference, so an admin's own
-- change to an order's discount survives and the shares still add up to the estimate's discount.
ALTER TABLE invoices ADD COLUMN estimate_discount_cents bigint NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD CONSTRAINT invoices_estimate_discount_check CHECK (estimate_discount_cents >= 0);
