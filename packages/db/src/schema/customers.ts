import { index, jsonb, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { partyColumns, rowVersionColumn } from './record-columns.ts';

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
    ...partyColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    rowVersion: rowVersionColumn(),
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
