import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sameOrganization } from './tenancy.ts';
import { organizations } from './organizations.ts';
import { invoices } from './invoices.ts';
import { users } from './users.ts';

/**
 * Photos of a service order. The file and its print-size copy live in the file storage under their
 * keys; the small thumbnail is kept inline so one query shows them all.
 */
export const invoicePictures = pgTable(
  'invoice_pictures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    invoiceId: integer('invoice_id').notNull(),
    /** Who sent it: a collaborator may remove only their own photos. */
    userId: integer('user_id'),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileKey: text('file_key').notNull(),
    /** A JPEG at most 1000 px on its long side, upright, for the PDF. */
    printKey: text('print_key').notNull(),
    /** A JPEG data URL, THUMBNAIL_HEIGHT px high. */
    thumbnail: text('thumbnail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganization(
      'invoice_pictures_invoice_id_fkey',
      { organizationId: t.organizationId, column: t.invoiceId },
      invoices,
    ).onDelete('cascade'),
    sameOrganization('invoice_pictures_user_id_fkey', { organizationId: t.organizationId, column: t.userId }, users),
    index('invoice_pictures_invoice_idx').on(t.invoiceId, t.id),
  ],
);
