import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * An organization's WhatsApp Business number on Meta's Cloud API. `accessToken` and `appSecret` hold
 * sealed values (never the secrets in clear); `events` switches each automatic message; `pausedUntil`
 * holds the organization's sending while Meta asks to slow down.
 */
export const whatsappSettings = pgTable(
  'whatsapp_settings',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id),
    enabled: boolean('enabled').notNull().default(false),
    phoneNumberId: text('phone_number_id').notNull(),
    businessAccountId: text('business_account_id').notNull(),
    accessToken: text('access_token'),
    appSecret: text('app_secret'),
    verifyToken: text('verify_token').notNull(),
    events: jsonb('events').$type<Record<string, boolean>>().notNull().default({}),
    displayPhoneNumber: text('display_phone_number'),
    verifiedName: text('verified_name'),
    qualityRating: text('quality_rating'),
    testedAt: timestamp('tested_at', { withTimezone: true }),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_settings_phone_number_key').on(t.phoneNumberId),
    uniqueIndex('whatsapp_settings_verify_token_key').on(t.verifyToken),
    index('whatsapp_settings_business_account_idx').on(t.businessAccountId),
  ],
);

/** A product template as the organization's WhatsApp Business account knows it, and Meta's verdict. */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    metaId: text('meta_id'),
    status: text('status').notNull(),
    rejectedReason: text('rejected_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.name] })],
);
