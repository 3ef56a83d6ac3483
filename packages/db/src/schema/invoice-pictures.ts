import { boolean, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { pictureColumns } from './record-columns.ts';
import { sameOrganizationAs } from './tenancy.ts';
import { invoices } from './invoices.ts';
import { users } from './users.ts';

/**
 * Photos of a service order. The file and its print-size copy live in the file storage under their
 * keys; the small thumbnail is kept inline so one query shows them all.
 */
export const invoicePictures = pgTable(
  'invoice_pictures',
  {
    ...pictureColumns(),
    invoiceId: integer('invoice_id').notNull(),
    /** Who sent it: a collaborator may remove only their own photos. */
    userId: integer('user_id'),
    /** Shown to the customer in their portal; off until the office marks it. */
    customerVisible: boolean('customer_visible').notNull().default(false),
  },
  (t) => [
    sameOrganizationAs('invoice_pictures_invoice_id_fkey', t, t.invoiceId, invoices).onDelete('cascade'),
    sameOrganizationAs('invoice_pictures_user_id_fkey', t, t.userId, users),
    index('invoice_pictures_invoice_idx').on(t.invoiceId, t.id),
  ],
);
