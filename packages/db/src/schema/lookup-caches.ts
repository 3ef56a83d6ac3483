import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Found answers of the CEP service, by CEP (8 digits); `data` is the API's answer. Shared by every organization. */
export const cepLookups = pgTable('cep_lookups', {
  postalCode: text('postal_code').primaryKey(),
  data: jsonb('data').notNull(),
  /** 'primary' or 'fallback': which service answered. */
  source: text('source').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Found answers of the CNPJ service, by CNPJ (14 characters); `data` is the API's answer. Shared by every organization. */
export const cnpjLookups = pgTable('cnpj_lookups', {
  cnpj: text('cnpj').primaryKey(),
  data: jsonb('data').notNull(),
  source: text('source').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
