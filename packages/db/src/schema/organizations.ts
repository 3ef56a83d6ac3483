import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Features, TwoFactorPolicy } from '@ordem-certa/contracts';

export const organizations = pgTable('organizations', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  features: jsonb('features').$type<Features>().notNull(),
  timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
  /** Who must sign in in two steps: nobody, the users who manage users, or everyone. */
  twoFactor: text('two_factor').$type<TwoFactorPolicy>().notNull().default('off'),
  /**
   * When an admin's e-mail was confirmed through the e-mailed link. Null only for an organization made
   * by sign-up whose owner has not confirmed yet: nothing is sent from it to customers until then. One
   * made by the command line (or before sign-up existed) counts as confirmed from its creation.
   */
  verifiedAt: timestamp('verified_at', { withTimezone: true }).defaultNow(),
  /** When the first home's checklist was dismissed; null: shown until every step is done. */
  checklistDismissedAt: timestamp('checklist_dismissed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Raised by the database at every change of the row: the settings form sends back the one it read. */
  rowVersion: integer('row_version').notNull().default(1),
});
