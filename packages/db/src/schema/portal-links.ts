import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { customers } from './customers.ts';
import { sameOrganizationAs } from './tenancy.ts';

/** A one-time link into the customer's portal (valid minutes), kept as the SHA-256 of its token. */
export const portalLinks = pgTable(
  'portal_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    customerId: integer('customer_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('portal_links_token_hash_key').on(t.tokenHash),
    index('portal_links_customer_idx').on(t.organizationId, t.customerId, t.createdAt),
    sameOrganizationAs('portal_links_customer_id_fkey', t, t.customerId, customers).onDelete('cascade'),
  ],
);

/** A browser signed into the customer's portal (days), kept as the SHA-256 of its token; ended by 'Sair'. */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    customerId: integer('customer_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('portal_sessions_token_hash_key').on(t.tokenHash),
    index('portal_sessions_customer_idx').on(t.organizationId, t.customerId, t.createdAt),
    sameOrganizationAs('portal_sessions_customer_id_fkey', t, t.customerId, customers).onDelete('cascade'),
  ],
);
