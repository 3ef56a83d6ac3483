import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { invoices } from './invoices.ts';
import { services } from './services.ts';
import { products } from './products.ts';
import { equipments } from './equipments.ts';
import { users } from './users.ts';
import { tags } from './tags.ts';

const org = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id);
const invoice = () =>
  integer('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' });
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Service lines: name and price copied from the catalogue when added, so later catalogue edits don't rewrite history. */
export const invoiceServices = pgTable(
  'invoice_services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: org(),
    invoiceId: invoice(),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    quantity: integer('quantity').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    ...stamps,
  },
  (t) => [index('invoice_services_invoice_idx').on(t.invoiceId)],
);

export const invoiceProducts = pgTable(
  'invoice_products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: org(),
    invoiceId: invoice(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    ...stamps,
  },
  (t) => [index('invoice_products_invoice_idx').on(t.invoiceId)],
);

/** The customer's equipment worked on, copied so the order keeps what it was when serviced. */
export const invoiceEquipments = pgTable(
  'invoice_equipments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: org(),
    invoiceId: invoice(),
    equipmentId: integer('equipment_id').references(() => equipments.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    serialNumber: text('serial_number').notNull(),
    description: text('description'),
    ...stamps,
  },
  (t) => [
    index('invoice_equipments_invoice_idx').on(t.invoiceId),
    uniqueIndex('invoice_equipments_invoice_equipment_key').on(t.invoiceId, t.equipmentId),
  ],
);

/** Who works on the order; a collaborator sees exactly the orders they are a worker on. */
export const invoiceWorkers = pgTable(
  'invoice_workers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: org(),
    invoiceId: invoice(),
    workerId: integer('worker_id')
      .notNull()
      .references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('invoice_workers_invoice_worker_key').on(t.invoiceId, t.workerId),
    index('invoice_workers_worker_idx').on(t.workerId, t.invoiceId),
  ],
);

/** General 1, Technical 2, Internal 3 (admin only), System 4 (written by the server on each state change). */
export const invoiceComments = pgTable(
  'invoice_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: org(),
    invoiceId: invoice(),
    userId: integer('user_id').references(() => users.id),
    type: smallint('type').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_comments_invoice_idx').on(t.invoiceId, t.type, t.createdAt)],
);

export const invoiceTags = pgTable(
  'invoice_tags',
  {
    organizationId: org(),
    invoiceId: invoice(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.tagId] })],
);
