import { check, doublePrecision, index, integer, uniqueIndex, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { sql } from 'drizzle-orm';
import { companies } from './companies.ts';
import { customers } from './customers.ts';
import { organizations } from './organizations.ts';
import { municipalities } from './municipalities.ts';

/** Addresses of a company or of a customer: exactly one of the two owners is set. */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    companyId: integer('company_id'),
    customerId: integer('customer_id'),
    address: text('address').notNull(),
    number: integer('number'),
    complement: text('complement'),
    neighborhood: text('neighborhood'),
    city: text('city'),
    state: text('state'),
    /** CEP, 8 digits. */
    postalCode: text('postal_code'),
    /** The municipality's IBGE code (7 digits), of the address's UF; the NFS-e names the place by it. */
    ibgeCode: text('ibge_code').references(() => municipalities.ibgeCode),
    /**
     * Where the address is: found by the geocoding service after the save, or set by hand (the pin). A
     * change of the address's text clears them (a trigger) so they are looked up again.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** 'geocoder', 'manual' (the pin), or 'missing' (the service knows no such place); null: not looked up yet. */
    positionSource: text('position_source').$type<'geocoder' | 'manual' | 'missing'>(),
    geocodedAt: timestamp('geocoded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganizationAs('addresses_company_id_fkey', t, t.companyId, companies).onDelete('cascade'),
    sameOrganizationAs('addresses_customer_id_fkey', t, t.customerId, customers).onDelete('cascade'),
    check('addresses_one_owner', sql`(${t.companyId} IS NULL) <> (${t.customerId} IS NULL)`),
    uniqueIndex('addresses_organization_id_id_key').on(t.organizationId, t.id),
    index('addresses_company_idx').on(t.companyId),
    index('addresses_customer_idx').on(t.customerId),
    index('addresses_to_geocode_idx')
      .on(t.id)
      .where(sql`${t.positionSource} IS NULL`),
    check('addresses_position_source_check', sql`${t.positionSource} IN ('geocoder', 'manual', 'missing')`),
    check('addresses_position_check', sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL)`),
  ],
);
