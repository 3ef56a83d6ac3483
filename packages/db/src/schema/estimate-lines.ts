import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { equipmentCopyColumns, organizationColumn, pricedLineColumns } from './record-columns.ts';
import { estimates } from './estimates.ts';
import { services } from './services.ts';
import { products } from './products.ts';
import { equipments } from './equipments.ts';
import { users } from './users.ts';
import { tags } from './tags.ts';

/** The row's estimate, of the same organization; its lines go with it. */
const ofEstimate = (name: string, t: { organizationId: PgColumn; estimateId: PgColumn }) =>
  foreignKey({
    name,
    columns: [t.organizationId, t.estimateId],
    foreignColumns: [estimates.organizationId, estimates.id],
  }).onDelete('cascade');

/**
 * Service lines: name and price copied from the catalogue when added. A grouped line
 * goes to an order as one line of its quantity; a non-grouped line goes to orders one unit a line
 * (line total = quantity x price either way). The catalogue foreign key (organization_id, service_id) sets only
 * service_id to null when the service goes (SQL migration).
 */
export const estimateServices = pgTable(
  'estimate_services',
  {
    ...pricedLineColumns(),
    estimateId: integer('estimate_id').notNull(),
    serviceId: integer('service_id'),
    /** Position in the estimate's service section, from 1. */
    itemNumber: integer('item_number').notNull(),
    description: text('description'),
    isGrouped: boolean('is_grouped').notNull().default(false),
  },
  (t) => [
    uniqueIndex('estimate_services_organization_id_id_key').on(t.organizationId, t.id),
    index('estimate_services_estimate_idx').on(t.estimateId, t.itemNumber),
    ofEstimate('estimate_services_estimate_fkey', t),
    sameOrganizationAs('estimate_services_service_fkey', t, t.serviceId, services),
  ],
);

export const estimateProducts = pgTable(
  'estimate_products',
  {
    ...pricedLineColumns(),
    estimateId: integer('estimate_id').notNull(),
    productId: integer('product_id'),
    itemNumber: integer('item_number').notNull(),
    /** The product's unit when added ('un', 'kg'…): whole or fractional quantities. */
    unit: text('unit').notNull().default('un'),
    isGrouped: boolean('is_grouped').notNull().default(false),
  },
  (t) => [
    uniqueIndex('estimate_products_organization_id_id_key').on(t.organizationId, t.id),
    index('estimate_products_estimate_idx').on(t.estimateId, t.itemNumber),
    ofEstimate('estimate_products_estimate_fkey', t),
    sameOrganizationAs('estimate_products_product_fkey', t, t.productId, products),
  ],
);

/** The customer's equipment quoted for, copied; an equipment reaches at most one live order. */
export const estimateEquipments = pgTable(
  'estimate_equipments',
  {
    ...equipmentCopyColumns(),
    estimateId: integer('estimate_id').notNull(),
  },
  (t) => [
    uniqueIndex('estimate_equipments_organization_id_id_key').on(t.organizationId, t.id),
    index('estimate_equipments_estimate_idx').on(t.estimateId, t.id),
    uniqueIndex('estimate_equipments_estimate_equipment_key').on(t.estimateId, t.equipmentId),
    ofEstimate('estimate_equipments_estimate_fkey', t),
    sameOrganizationAs('estimate_equipments_equipment_fkey', t, t.equipmentId, equipments),
  ],
);

/** General 1 (printed on the PDF), Internal 2 (admins only, never printed or e-mailed). */
export const estimateComments = pgTable(
  'estimate_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    estimateId: integer('estimate_id').notNull(),
    userId: integer('user_id').references(() => users.id),
    type: smallint('type').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('estimate_comments_estimate_idx').on(t.estimateId, t.type, t.createdAt),
    ofEstimate('estimate_comments_estimate_fkey', t),
  ],
);

export const estimateTags = pgTable(
  'estimate_tags',
  {
    organizationId: organizationColumn(),
    estimateId: integer('estimate_id').notNull(),
    tagId: integer('tag_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.estimateId, t.tagId] }),
    index('estimate_tags_tag_idx').on(t.tagId),
    ofEstimate('estimate_tags_estimate_fkey', t),
    sameOrganizationAs('estimate_tags_tag_fkey', t, t.tagId, tags).onDelete('cascade'),
  ],
);

/**
 * The customer's answer on the shared page: Approved 1 (a name, maybe a drawn signature as a PNG data
 * URL) or Declined 2 (maybe a name and a reason), with its evidence. One answer per link.
 */
export const estimateDecisions = pgTable(
  'estimate_decisions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    estimateId: integer('estimate_id').notNull(),
    shareToken: text('share_token').notNull(),
    decision: smallint('decision').notNull(),
    name: text('name'),
    reason: text('reason'),
    signature: text('signature'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    contentHash: text('content_hash').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estimate_decisions_link_key').on(t.estimateId, t.shareToken),
    index('estimate_decisions_estimate_idx').on(t.estimateId, t.decidedAt),
    ofEstimate('estimate_decisions_estimate_fkey', t),
  ],
);
