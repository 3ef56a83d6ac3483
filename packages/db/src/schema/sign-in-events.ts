import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';
import { sameOrganization } from './tenancy.ts';

/** A user's sign-ins and failed attempts (a wrong password or code), with address and browser. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    outcome: text('outcome').$type<'success' | 'wrong_password' | 'wrong_code'>().notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_events_user_idx').on(t.organizationId, t.userId, t.createdAt),
    sameOrganization(
      'sign_in_events_user_id_fkey',
      { organizationId: t.organizationId, column: t.userId },
      users,
    ).onDelete('cascade'),
  ],
);
