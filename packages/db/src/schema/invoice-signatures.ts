import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizations } from './organizations.ts';
import { invoices } from './invoices.ts';

/**
 * The customer's signatures of an order, with their evidence. The newest
 * is the order's; when the order's content no longer hashes to content_hash it is outdated and a new
 * one can be collected. Older ones stay as history.
 */
export const invoiceSignatures = pgTable(
  'invoice_signatures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    invoiceId: integer('invoice_id').notNull(),
    /** The drawing as a PNG data URL, as the customer's device sent it. */
    image: text('image').notNull(),
    /** The same drawing trimmed to its strokes and made small, for the PDF (a PNG data URL). */
    printImage: text('print_image').notNull(),
    signerName: text('signer_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    /** SHA-256 of the order's content at signing (lib: invoice content hash). */
    contentHash: text('content_hash').notNull(),
    /** The Idempotency-Key the signature came with: a repeat with it gets this signature, not a second. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    sameOrganizationAs('invoice_signatures_invoice_id_fkey', t, t.invoiceId, invoices).onDelete('cascade'),
    index('invoice_signatures_invoice_idx').on(t.invoiceId, t.id),
    uniqueIndex('invoice_signatures_idempotency_key_idx')
      .on(t.invoiceId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);
