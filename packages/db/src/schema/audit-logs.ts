import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Who did what to which record, and the fields that changed (entities: invoice, estimate). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id'),
    /** view | create | update | delete */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    data: jsonb('data').$type<AuditChange[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganizationAs('audit_logs_user_id_fkey', t, t.userId, users),
    index('audit_logs_organization_idx').on(t.organizationId, t.createdAt),
    index('audit_logs_entity_idx').on(t.organizationId, t.entity, t.entityId),
    index('audit_logs_organization_user_idx').on(t.organizationId, t.userId, t.createdAt),
    index('audit_logs_view_idx')
      .on(t.entity, t.entityId, t.userId, t.createdAt)
      .where(sql`${t.action} = 'view'`),
  ],
);
