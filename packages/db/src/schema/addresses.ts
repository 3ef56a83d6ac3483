import { check, index, integer, uniqueIndex, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  ],
);
