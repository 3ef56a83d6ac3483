import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * An admin's notifications: a customer signed an order, an estimate reminder came due. source_key
 * names the event and is unique per user, so an event reaches each admin once however many server
 * instances see it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    url: text('url'),
    sourceKey: text('source_key').notNull(),
    notificationDate: timestamp('notification_date', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('notifications_user_source_key').on(t.userId, t.sourceKey),
    index('notifications_user_idx').on(t.organizationId, t.userId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.organizationId, t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);
