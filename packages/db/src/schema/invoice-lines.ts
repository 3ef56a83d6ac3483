import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { equipmentCopyColumns, organizationColumn, pricedLineColumns, stampColumns } from './record-columns.ts';
import { invoices } from './invoices.ts';
import { services } from './services.ts';
import { products } from './products.ts';
import { equipments } from './equipments.ts';
import { users } from './users.ts';
import { tags } from './tags.ts';
import { estimateEquipments, estimateProducts, estimateServices } from './estimate-lines.ts';

const invoice = () => integer('invoice_id').notNull();

/** Service lines: name and price copied from the catalogue when added, so later catalogue edits don't rewrite history. */
export const invoiceServices = pgTable(
  'invoice_services',
  {
    ...pricedLineColumns(),
    invoiceId: invoice(),
    serviceId: integer('service_id'),
    description: text('description'),
    /** The estimate line this came from, when generated from an estimate. */
    estimateServiceId: integer('estimate_service_id'),
  },
  (t) => [
    sameOrganizationAs('invoice_services_invoice_id_fkey', t, t.invoiceId, invoices).onDelete('cascade'),
    // In the database SET NULL clears only service_id (organization_id stays).
    sameOrganizationAs('invoice_services_service_id_fkey', t, t.serviceId, services).onDelete('set null'),
    index('invoice_services_invoice_idx').on(t.invoiceId),
    index('invoice_services_estimate_service_idx')
      .on(t.estimateServiceId)
      .where(sql`${t.estimateServiceId} IS NOT NULL`),
    sameOrganizationAs('invoice_services_estimate_service_fkey', t, t.estimateServiceId, estimateServices),
  ],
);

export const invoiceProducts = pgTable(
  'invoice_products',
  {
    ...pricedLineColumns(),
    invoiceId: invoice(),
    productId: integer('product_id'),
    /** The product's unit when added ('un', 'kg'…): whole or fractional quantities. */
    unit: text('unit').notNull().default('un'),
    estimateProductId: integer('estimate_product_id'),
  },
  (t) => [
    sameOrganizationAs('invoice_products_invoice_id_fkey', t, t.invoiceId, invoices).onDelete('cascade'),
    // In the database SET NULL clears only product_id (organization_id stays).
    sameOrganizationAs('invoice_products_product_id_fkey', t, t.productId, products).onDelete('set null'),
    index('invoice_products_invoice_idx').on(t.invoiceId),
    index('invoice_products_estimate_product_idx')
      .on(t.estimateProductId)
      .where(sql`${t.estimateProductId} IS NOT NULL`),
    sameOrganizationAs('invoice_products_estimate_product_fkey', t, t.estimateProductId, estimateProducts),
  ],
);

/** The customer's equipment worked on, copied so the order keeps what it was when serviced. */
export const invoiceEquipments = pgTable(
  'invoice_equipments',
  {
    ...equipmentCopyColumns(),
    invoiceId: invoice(),
    estimateEquipmentId: integer('estimate_equipment_id'),
  },
  (t) => [
    sameOrganizationAs('invoice_equipments_invoice_id_fkey', t, t.invoiceId, invoices).onDelete('cascade'),
    // In the database SET NULL clears only equipment_id (organization_id stays).
    sameOrganizationAs('invoice_equipments_equipment_id_fkey', t, t.equipmentId, equipments).onDelete('set null'),
    index('invoice_equipments_invoice_idx').on(t.invoiceId),
    index('invoice_equipments_equipment_idx').on(t.equipmentId),
    uniqueIndex('invoice_equipments_invoice_equipment_key').on(t.invoiceId, t.equipmentId),
    index('invoice_equipments_estimate_equipment_idx')
      .on(t.estimateEquipmentId)
      .where(sql`${t.estimateEquipmentId} IS NOT NULL`),
    sameOrganizationAs('invoice_equipments_estimate_equipment_fkey', t, t.estimateEquipmentId, estimateEquipments),
  ],
);

/** Who works on the order; a collaborator sees exactly the orders they are a worker on. */
export const invoiceWorkers = pgTable(
  'invoice_workers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    invoiceId: invoice(),
    workerId: integer('worker_id').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...stampColumns(),
  },
  (t) => [
    sameOrganizationAs('invoice_workers_invoice_id_fkey', t, t.invoiceId, invoices).onDelete('cascade'),
    sameOrganizationAs('invoice_workers_worker_id_fkey', t, t.workerId, users),
    uniqueIndex('invoice_workers_invoice_worker_key').on(t.invoiceId, t.workerId),
    index('invoice_workers_worker_idx').on(t.workerId, t.invoiceId),
  ],
);

/** General 1, Technical 2, Internal 3 (admin only), System 4 (written by the server on each state change). */
export const invoiceComments = pgTable(
  'invoice_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    invoiceId: invoice(),
    userId: integer('user_id'),
    type: smallint('type').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganizationAs('invoice_comments_invoice_id_fkey', t, t.invoiceId, invoices).onDelete('cascade'),
    sameOrganizationAs('invoice_comments_user_id_fkey', t, t.userId, users),
    index('invoice_comments_invoice_idx').on(t.invoiceId, t.type, t.createdAt),
  ],
);

export const invoiceTags = pgTable(
  'invoice_tags',
  {
    organizationId: organizationColumn(),
    invoiceId: invoice(),
    tagId: integer('tag_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganizationAs('invoice_tags_invoice_id_fkey', t, t.invoiceId, invoices).onDelete('cascade'),
    sameOrganizationAs('invoice_tags_tag_id_fkey', t, t.tagId, tags).onDelete('cascade'),
    primaryKey({ columns: [t.invoiceId, t.tagId] }),
  ],
);
