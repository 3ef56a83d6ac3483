import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizations } from './organizations.ts';

/** One item of a checklist: something to tick, measure, write or photograph. */
export interface ChecklistItem {
  id: number;
  label: string;
  kind: 'check' | 'number' | 'text' | 'photo';
  required: boolean;
}
/** Answers by item id: a tick (boolean), a number, a text, or a photo (the order picture's id). */
export type ChecklistAnswers = Record<string, boolean | number | string | null>;

/** The office's checklist templates; a retired one stays for the orders that used it. */
export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    items: jsonb('items').$type<ChecklistItem[]>().notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checklist_templates_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('checklist_templates_name_key')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.retiredAt} IS NULL`),
    index('checklist_templates_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);
