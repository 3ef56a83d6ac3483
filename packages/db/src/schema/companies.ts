import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizations } from './organizations.ts';

/** The organization's own legal entities, issuers of estimates and service orders. */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** 1 legal entity, 2 individual. */
    type: smallint('type').notNull(),
    /** CNPJ or CPF, letters and digits only, upper-case. */
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    alias: text('alias'),
    email: text('email'),
    /** As people read it ('(11) 98765-4321'); a number kept from before that is not a real one, as typed. */
    phone: text('phone'),
    /** The phone in E.164 ('+5511987654321') for WhatsApp and calls; null when it is not a real number. */
    phoneE164: text('phone_e164'),
    /** Name, alias and e-mail, lower-case and without accents, for searches (written by the database). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`f_unaccent(lower(name || chr(31) || coalesce(alias, '') || chr(31) || coalesce(email, '')))`,
      ),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('companies_organization_identifier_key').on(t.organizationId, t.identifier),
    index('companies_name_trgm_idx').using('gin', t.organizationId, sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
    index('companies_identifier_trgm_idx').using('gin', t.organizationId, sql`${t.identifier} gin_trgm_ops`),
    index('companies_search_text_trgm_idx').using('gin', t.organizationId, sql`${t.searchText} gin_trgm_ops`),
  ],
);
