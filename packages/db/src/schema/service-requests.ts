import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { customers } from './customers.ts';
import { equipments } from './equipments.ts';
import { estimates } from './estimates.ts';
import { invoices } from './invoices.ts';
import { pictureColumns } from './record-columns.ts';
import { sameOrganizationAs } from './tenancy.ts';

export type ServiceRequestSource = 'portal' | 'public';
export type ServiceRequestStatus = 'open' | 'estimate' | 'order' | 'closed';

/**
 * 'Solicitar atendimento': a visit asked for from the customer's portal (a customer) or the company's
 * public form (only the contact typed, until the office makes the customer). Turned into an estimate or
 * an order, it points at it; closed, it says why.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    number: integer('number').notNull(),
    source: text('source').$type<ServiceRequestSource>().notNull(),
    status: text('status').$type<ServiceRequestStatus>().notNull().default('open'),
    customerId: integer('customer_id'),
    equipmentId: integer('equipment_id'),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    problem: text('problem').notNull(),
    preferredDays: smallint('preferred_days').array().notNull().default([]),
    preferredPeriods: text('preferred_periods').array().notNull().default([]),
    preferredNote: text('preferred_note'),
    estimateId: integer('estimate_id'),
    invoiceId: integer('invoice_id'),
    closedReason: text('closed_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('service_requests_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('service_requests_number_key').on(t.organizationId, t.number),
    index('service_requests_organization_idx').on(t.organizationId, t.id),
    index('service_requests_customer_idx').on(t.organizationId, t.customerId, t.id),
    sameOrganizationAs('service_requests_customer_id_fkey', t, t.customerId, customers).onDelete('cascade'),
    sameOrganizationAs('service_requests_equipment_id_fkey', t, t.equipmentId, equipments),
    sameOrganizationAs('service_requests_estimate_id_fkey', t, t.estimateId, estimates),
    sameOrganizationAs('service_requests_invoice_id_fkey', t, t.invoiceId, invoices),
  ],
);

/** The photos sent with a request (the file and its print copy in storage, the thumbnail inline). */
export const serviceRequestPictures = pgTable(
  'service_request_pictures',
  {
    ...pictureColumns(),
    requestId: integer('request_id').notNull(),
  },
  (t) => [
    sameOrganizationAs('service_request_pictures_request_id_fkey', t, t.requestId, serviceRequests).onDelete('cascade'),
    index('service_request_pictures_request_idx').on(t.requestId, t.id),
  ],
);
