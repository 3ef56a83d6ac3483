-- Whether a company's NFS-e declares the parts an order uses as part of the service's value. True is
-- what every company did so far (the order's whole subtotal as the service); false leaves the order's
-- products out of the note's value.
ALTER TABLE company_fiscal_settings ADD COLUMN materials_included boolean NOT NULL DEFAULT true;
