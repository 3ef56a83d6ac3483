import { bigint, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';
import { sameOrganizationAs } from './tenancy.ts';

/**
 * The first answer to a write sent with an Idempotency-Key header, per organization, user and key:
 * claimed (status null) before the write runs, filled in with the answer after it. Kept 7 days.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('idempotency_keys_user_key').on(t.organizationId, t.userId, t.key),
    sameOrganizationAs('idempotency_keys_user_id_fkey', t, t.userId, users).onDelete('cascade'),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
