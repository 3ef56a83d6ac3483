import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { estimates } from './estimates.ts';
import { reminders } from './reminders.ts';

/**
 * A reminder kind scheduled on an estimate (one per kind and estimate). The notifications job takes
 * the due, unprocessed ones (reminder_at <= now(), processed_at null: partial index
 * estimate_reminders_due_idx) and stamps processed_at; moving a reminder clears processed_at.
 */
export const estimateReminders = pgTable(
  'estimate_reminders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    estimateId: integer('estimate_id').notNull(),
    reminderId: integer('reminder_id').notNull(),
    reminderAt: timestamp('reminder_at', { withTimezone: true }).notNull(),
    /** The reminder kind's description when scheduled (what the notification says). */
    description: text('description').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estimate_reminders_estimate_reminder_key').on(t.estimateId, t.reminderId),
    index('estimate_reminders_due_idx')
      .on(t.reminderAt, t.id)
      .where(sql`${t.processedAt} IS NULL`),
    foreignKey({
      name: 'estimate_reminders_estimate_fkey',
      columns: [t.organizationId, t.estimateId],
      foreignColumns: [estimates.organizationId, estimates.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'estimate_reminders_reminder_fkey',
      columns: [t.organizationId, t.reminderId],
      foreignColumns: [reminders.organizationId, reminders.id],
    }).onDelete('cascade'),
  ],
);
