import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { invoices } from './invoices.ts';
import { organizations } from './organizations.ts';
import { sameOrganization } from './tenancy.ts';

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

/** A checklist attached to an order: its own copy of the template's items, and the answers. */
export const invoiceChecklists = pgTable(
  'invoice_checklists',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    invoiceId: integer('invoice_id').notNull(),
    templateId: integer('template_id').notNull(),
    name: text('name').notNull(),
    items: jsonb('items').$type<ChecklistItem[]>().notNull(),
    answers: jsonb('answers').$type<ChecklistAnswers>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganization(
      'invoice_checklists_invoice_id_fkey',
      { organizationId: t.organizationId, column: t.invoiceId },
      invoices,
    ).onDelete('cascade'),
    sameOrganization(
      'invoice_checklists_template_id_fkey',
      { organizationId: t.organizationId, column: t.templateId },
      checklistTemplates,
    ),
    index('invoice_checklists_invoice_idx').on(t.invoiceId, t.id),
    index('invoice_checklists_template_idx').on(t.templateId),
  ],
);
