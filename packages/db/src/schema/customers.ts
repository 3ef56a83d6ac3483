import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizations } from './organizations.ts';

/** What a taker withholds from a service: the ISS or not, and federal rates in percent (null: none). */
export interface WithholdingRates {
  iss: boolean;
  pis: number | null;
  cofins: number | null;
  csll: number | null;
  irrf: number | null;
  cp: number | null;
}

/** The people and firms the organization serves. */
export const customers = pgTable(
  'customers',
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the customer withholds by default from the services it takes (its orders' NFS-e). */
    nfseWithholdings: jsonb('nfse_withholdings').$type<WithholdingRates>(),
    /** Set when the customer's personal data was anonymized (LGPD); such a customer takes no edits. */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customers_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('customers_organization_identifier_key').on(t.organizationId, t.identifier),
    index('customers_organization_name_idx').on(t.organizationId, t.name),
    index('customers_name_trgm_idx').using('gin', t.organizationId, sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
    index('customers_identifier_trgm_idx').using('gin', t.organizationId, sql`${t.identifier} gin_trgm_ops`),
    index('customers_search_text_trgm_idx').using('gin', t.organizationId, sql`${t.searchText} gin_trgm_ops`),
  ],
);
