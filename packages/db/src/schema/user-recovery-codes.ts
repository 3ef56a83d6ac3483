import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';
import { sameOrganization } from './tenancy.ts';

/** A user's one-time recovery codes for two-step sign-in, as SHA-256 hashes; used_at once spent. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_recovery_codes_user_idx').on(t.organizationId, t.userId),
    sameOrganization(
      'user_recovery_codes_user_id_fkey',
      { organizationId: t.organizationId, column: t.userId },
      users,
    ).onDelete('cascade'),
  ],
);
