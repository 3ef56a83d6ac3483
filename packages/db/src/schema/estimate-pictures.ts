import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { pictureColumns } from './record-columns.ts';
import { estimates } from './estimates.ts';
import { users } from './users.ts';

/** Photos of an estimate, stored like an order's (file and print copy by key, thumbnail inline). */
export const estimatePictures = pgTable(
  'estimate_pictures',
  {
    ...pictureColumns(),
    estimateId: integer('estimate_id').notNull(),
    userId: integer('user_id').references(() => users.id),
  },
  (t) => [
    index('estimate_pictures_estimate_idx').on(t.estimateId, t.id),
    sameOrganizationAs('estimate_pictures_estimate_fkey', t, t.estimateId, estimates).onDelete('cascade'),
  ],
);
