-- Tenancy kept by the database: every foreign key between two organization-owned tables now
-- includes organization_id, so a row can only point at a row of its own organization. The
-- target of each is (organization_id, id), unique because id alone is.

CREATE UNIQUE INDEX IF NOT EXISTS companies_organization_id_id_key ON companies (organization_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS customers_organization_id_id_key ON customers (organization_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS equipments_organization_id_id_key ON equipments (organization_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS invoice_statuses_organization_id_id_key ON invoice_statuses (organization_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS invoices_organization_id_id_key ON invoices (organization_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS products_organization_id_id_key ON products (organization_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS services_organization_id_id_key ON services (organization_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS tags_organization_id_id_key ON tags (organization_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS transaction_natures_organization_id_id_key ON transaction_natures (organization_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS users_organization_id_id_key ON users (organization_id, id);

ALTER TABLE addresses
  DROP CONSTRAINT addresses_company_id_fkey,
  ADD CONSTRAINT addresses_company_id_fkey FOREIGN KEY (organization_id, company_id) REFERENCES companies (organization_id, id) ON DELETE CASCADE;
ALTER TABLE addresses
  DROP CONSTRAINT addresses_customer_id_fkey,
  ADD CONSTRAINT addresses_customer_id_fkey FOREIGN KEY (organization_id, customer_id) REFERENCES customers (organization_id, id) ON DELETE CASCADE;
ALTER TABLE equipments
  DROP CONSTRAINT equipments_customer_id_fkey,
  ADD CONSTRAINT equipments_customer_id_fkey FOREIGN KEY (organization_id, customer_id) REFERENCES customers (organization_id, id) ON DELETE CASCADE;
ALTER TABLE invoices
  DROP CONSTRAINT invoices_created_by_id_fkey,
  ADD CONSTRAINT invoices_created_by_id_fkey FOREIGN KEY (organization_id, created_by_id) REFERENCES users (organization_id, id);
ALTER TABLE invoices
  DROP CONSTRAINT invoices_company_id_fkey,
  ADD CONSTRAINT invoices_company_id_fkey FOREIGN KEY (organization_id, company_id) REFERENCES companies (organization_id, id);
ALTER TABLE invoices
  DROP CONSTRAINT invoices_customer_id_fkey,
  ADD CONSTRAINT invoices_customer_id_fkey FOREIGN KEY (organization_id, customer_id) REFERENCES customers (organization_id, id);
ALTER TABLE invoices
  DROP CONSTRAINT invoices_transaction_nature_id_fkey,
  ADD CONSTRAINT invoices_transaction_nature_id_fkey FOREIGN KEY (organization_id, transaction_nature_id) REFERENCES transaction_natures (organization_id, id);
ALTER TABLE invoices
  DROP CONSTRAINT invoices_status_id_fkey,
  ADD CONSTRAINT invoices_status_id_fkey FOREIGN KEY (organization_id, status_id) REFERENCES invoice_statuses (organization_id, id);
ALTER TABLE invoice_services
  DROP CONSTRAINT invoice_services_service_id_fkey,
  ADD CONSTRAINT invoice_services_service_id_fkey FOREIGN KEY (organization_id, service_id) REFERENCES services (organization_id, id) ON DELETE SET NULL (service_id);
ALTER TABLE invoice_services
  DROP CONSTRAINT invoice_services_invoice_id_fkey,
  ADD CONSTRAINT invoice_services_invoice_id_fkey FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id) ON DELETE CASCADE;
ALTER TABLE invoice_products
  DROP CONSTRAINT invoice_products_product_id_fkey,
  ADD CONSTRAINT invoice_products_product_id_fkey FOREIGN KEY (organization_id, product_id) REFERENCES products (organization_id, id) ON DELETE SET NULL (product_id);
ALTER TABLE invoice_products
  DROP CONSTRAINT invoice_products_invoice_id_fkey,
  ADD CONSTRAINT invoice_products_invoice_id_fkey FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id) ON DELETE CASCADE;
ALTER TABLE invoice_equipments
  DROP CONSTRAINT invoice_equipments_equipment_id_fkey,
  ADD CONSTRAINT invoice_equipments_equipment_id_fkey FOREIGN KEY (organization_id, equipment_id) REFERENCES equipments (organization_id, id) ON DELETE SET NULL (equipment_id);
ALTER TABLE invoice_equipments
  DROP CONSTRAINT invoice_equipments_invoice_id_fkey,
  ADD CONSTRAINT invoice_equipments_invoice_id_fkey FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id) ON DELETE CASCADE;
ALTER TABLE invoice_workers
  DROP CONSTRAINT invoice_workers_worker_id_fkey,
  ADD CONSTRAINT invoice_workers_worker_id_fkey FOREIGN KEY (organization_id, worker_id) REFERENCES users (organization_id, id);
ALTER TABLE invoice_workers
  DROP CONSTRAINT invoice_workers_invoice_id_fkey,
  ADD CONSTRAINT invoice_workers_invoice_id_fkey FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id) ON DELETE CASCADE;
ALTER TABLE invoice_comments
  DROP CONSTRAINT invoice_comments_user_id_fkey,
  ADD CONSTRAINT invoice_comments_user_id_fkey FOREIGN KEY (organization_id, user_id) REFERENCES users (organization_id, id);
ALTER TABLE invoice_comments
  DROP CONSTRAINT invoice_comments_invoice_id_fkey,
  ADD CONSTRAINT invoice_comments_invoice_id_fkey FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id) ON DELETE CASCADE;
ALTER TABLE invoice_tags
  DROP CONSTRAINT invoice_tags_tag_id_fkey,
  ADD CONSTRAINT invoice_tags_tag_id_fkey FOREIGN KEY (organization_id, tag_id) REFERENCES tags (organization_id, id) ON DELETE CASCADE;
ALTER TABLE invoice_tags
  DROP CONSTRAINT invoice_tags_invoice_id_fkey,
  ADD CONSTRAINT invoice_tags_invoice_id_fkey FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id) ON DELETE CASCADE;
ALTER TABLE audit_logs
  DROP CONSTRAINT audit_logs_user_id_fkey,
  ADD CONSTRAINT audit_logs_user_id_fkey FOREIGN KEY (organization_id, user_id) REFERENCES users (organization_id, id);
ALTER TABLE invoice_pictures
  DROP CONSTRAINT invoice_pictures_user_id_fkey,
  ADD CONSTRAINT invoice_pictures_user_id_fkey FOREIGN KEY (organization_id, user_id) REFERENCES users (organization_id, id);
ALTER TABLE invoice_pictures
  DROP CONSTRAINT invoice_pictures_invoice_id_fkey,
  ADD CONSTRAINT invoice_pictures_invoice_id_fkey FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id) ON DELETE CASCADE;
ALTER TABLE invoice_signatures
  DROP CONSTRAINT invoice_signatures_invoice_id_fkey,
  ADD CONSTRAINT invoice_signatures_invoice_id_fkey FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id) ON DELETE CASCADE;
ALTER TABLE payrolls
  DROP CONSTRAINT payrolls_created_by_id_fkey,
  ADD CONSTRAINT payrolls_created_by_id_fkey FOREIGN KEY (organization_id, created_by_id) REFERENCES users (organization_id, id);
ALTER TABLE payroll_lines
  DROP CONSTRAINT payroll_lines_paid_by_id_fkey,
  ADD CONSTRAINT payroll_lines_paid_by_id_fkey FOREIGN KEY (organization_id, paid_by_id) REFERENCES users (organization_id, id);
