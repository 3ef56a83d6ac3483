import { foreignKey, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { estimates } from './estimates.ts';
import { users } from './users.ts';

/** Photos of an estimate, stored like an order's (file and print copy by key, thumbnail inline). */
export const estimatePictures = pgTable(
  'estimate_pictures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    estimateId: integer('estimate_id').notNull(),
    userId: integer('user_id').references(() => users.id),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileKey: text('file_key').notNull(),
    printKey: text('print_key').notNull(),
    thumbnail: text('thumbnail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('estimate_pictures_estimate_idx').on(t.estimateId, t.id),
    foreignKey({
      name: 'estimate_pictures_estimate_fkey',
      columns: [t.organizationId, t.estimateId],
      foreignColumns: [estimates.organizationId, estimates.id],
    }).onDelete('cascade'),
  ],
);
