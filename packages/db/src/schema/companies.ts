import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { partyColumns, rowVersionColumn } from './record-columns.ts';

/** The organization's own legal entities, issuers of estimates and service orders. */
export const companies = pgTable(
  'companies',
  {
    ...partyColumns(),
    emailSubject: text('email_subject'),
    emailBody: text('email_body'),
    emailSignature: text('email_signature'),
    /** The WhatsApp message template (placeholders as in contracts/whatsapp.ts); null: the default text. */
    whatsappTemplate: text('whatsapp_template'),
    /** The message an estimate's approval link is sent with; null: the default text. */
    whatsappEstimateTemplate: text('whatsapp_estimate_template'),
    /** The drawn signature as a PNG data URL. */
    signature: text('signature'),
    /** Storage keys of the uploaded images (lib/storage.ts). */
    logoKey: text('logo_key'),
    logoContentType: text('logo_content_type'),
    signatureImageKey: text('signature_image_key'),
    /** PIX key, normalized (see normalizePixKey); null: no PIX block on the company's documents. */
    pixKey: text('pix_key'),
    signatureImageContentType: text('signature_image_content_type'),
    /** The portal's colour, '#rrggbb'; null: the product's blue. */
    brandColor: text('brand_color'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    rowVersion: rowVersionColumn(),
  },
  (t) => [
    uniqueIndex('companies_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('companies_organization_identifier_key').on(t.organizationId, t.identifier),
    index('companies_name_trgm_idx').using('gin', t.organizationId, sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
    index('companies_identifier_trgm_idx').using('gin', t.organizationId, sql`${t.identifier} gin_trgm_ops`),
    index('companies_search_text_trgm_idx').using('gin', t.organizationId, sql`${t.searchText} gin_trgm_ops`),
  ],
);
