import { boolean, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the national parameters API said of a municipality and a national service code in a month
 * (YYYY-MM): whether the municipality uses the national system and its ISS rate. Public data shared by
 * every organization, read again when stale.
 */
export const nfseMunicipalParameters = pgTable(
  'nfse_municipal_parameters',
  {
    municipalityCode: text('municipality_code').notNull(),
    serviceCode: text('service_code').notNull(),
    competence: text('competence').notNull(),
    joined: boolean('joined').notNull(),
    issRate: numeric('iss_rate', { precision: 5, scale: 2, mode: 'number' }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.municipalityCode, t.serviceCode, t.competence] })],
);
