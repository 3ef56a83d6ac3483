import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizations } from './organizations.ts';

/** 'Etiquetas' put on orders and estimates. color: one of the colour presets, hex without '#'. */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    color: text('color').notNull().default('b3bac5'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_organization_id_id_key').on(t.organizationId, t.id),
    check('tags_color_check', sql`${t.color} ~ '^[0-9a-f]{6}$'`),
    uniqueIndex('tags_name_key').on(t.organizationId, sql`lower(${t.name})`),
    index('tags_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);
