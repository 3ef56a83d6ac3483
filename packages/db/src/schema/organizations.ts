import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Features } from '@ordem-certa/contracts';

export const organizations = pgTable('organizations', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  features: jsonb('features').$type<Features>().notNull(),
  timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
