import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Installation-wide secrets generated once (the login-token signing key); shared by every instance. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
