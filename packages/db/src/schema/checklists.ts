import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { invoices } from './invoices.ts';
import { checklistTemplates, type ChecklistAnswers, type ChecklistItem } from './checklist-templates.ts';
import { organizations } from './organizations.ts';
import { sameOrganizationAs } from './tenancy.ts';

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
    sameOrganizationAs('invoice_checklists_invoice_id_fkey', t, t.invoiceId, invoices).onDelete('cascade'),
    sameOrganizationAs('invoice_checklists_template_id_fkey', t, t.templateId, checklistTemplates),
    index('invoice_checklists_invoice_idx').on(t.invoiceId, t.id),
    index('invoice_checklists_template_idx').on(t.templateId),
  ],
);
