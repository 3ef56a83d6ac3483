import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { customers } from './customers.ts';
import { organizations } from './organizations.ts';

/** A customer's equipment (air conditioner, machine...), later attached to estimates and orders. */
export const equipments = pgTable(
  'equipments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    customerId: integer('customer_id').notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    serialNumber: text('serial_number').notNull(),
    /** Observações. */
    description: text('description'),
    /** What it is (split hi-wall, cassete, chiller…), for the PMOC inventory. */
    kind: text('kind'),
    /** Cooling capacity in BTU/h. */
    capacityBtuh: integer('capacity_btuh'),
    /** Where it is installed at the customer's. */
    location: text('location'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganizationAs('equipments_customer_id_fkey', t, t.customerId, customers).onDelete('cascade'),
    uniqueIndex('equipments_organization_id_id_key').on(t.organizationId, t.id),
    index('equipments_customer_idx').on(t.customerId),
    check(
      'equipments_capacity_btuh_check',
      sql`${t.capacityBtuh} IS NULL OR ${t.capacityBtuh} BETWEEN 1 AND 100000000`,
    ),
  ],
);
