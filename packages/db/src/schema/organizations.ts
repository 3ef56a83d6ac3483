import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Features, TwoFactorPolicy } from '@ordem-certa/contracts';

export const organizations = pgTable('organizations', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  features: jsonb('features').$type<Features>().notNull(),
  timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
  /** Who must sign in in two steps: nobody, the users who manage users, or everyone. */
  twoFactor: text('two_factor').$type<TwoFactorPolicy>().notNull().default('off'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
