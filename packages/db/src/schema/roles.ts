import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizations } from './organizations.ts';

/**
 * An organization's roles: the five built-in ones (`builtIn` names which; their permissions are the
 * product's) and those it made (`permissions`, names of the permission map). New organizations get the
 * built-in ones from a trigger.
 */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    builtIn: text('built_in'),
    name: text('name').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roles_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('roles_organization_name_key').on(t.organizationId, sql`lower(${t.name})`),
  ],
);
