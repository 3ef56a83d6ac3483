import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizations } from './organizations.ts';

/**
 * Services sold on orders and estimates. Deleting one only archives it (archived_at): lines that
 * used it keep their own name and price, and archived services leave the pickers.
 */
export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    /** 'Código': optional, unique in the organization when given. */
    code: text('code'),
    /** cTribNac: the national service code (6 digits) its NFS-e uses; null: the company's default. */
    serviceCode: text('service_code'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    /** The warranty in days its lines get (null: none). */
    warrantyDays: integer('warranty_days'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_organization_id_id_key').on(t.organizationId, t.id),
    check('services_price_check', sql`${t.priceCents} > 0`),
    index('services_organization_idx').on(t.organizationId),
    uniqueIndex('services_organization_code_key')
      .on(t.organizationId, t.code)
      .where(sql`${t.code} IS NOT NULL`),
    index('services_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);
