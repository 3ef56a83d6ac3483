import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';
import { sameOrganization } from './tenancy.ts';

/** A signed-in browser, named in its token: revoked, the token is refused at its next request. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('user_sessions_user_idx').on(t.organizationId, t.userId, t.createdAt),
    sameOrganization(
      'user_sessions_user_id_fkey',
      { organizationId: t.organizationId, column: t.userId },
      users,
    ).onDelete('cascade'),
  ],
);
