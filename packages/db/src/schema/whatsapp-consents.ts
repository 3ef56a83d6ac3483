import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';
import { sameOrganization } from './tenancy.ts';

/**
 * A customer's consent to WhatsApp messages (LGPD), one row each time it changed; the newest is in
 * force. `userId` is who recorded it (null: the customer's own reply), `phoneE164` the number it was for.
 */
export const whatsappConsents = pgTable(
  'whatsapp_consents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    customerId: integer('customer_id').notNull(),
    optIn: boolean('opt_in').notNull(),
    /** form | reply | import */
    source: text('source').notNull(),
    phoneE164: text('phone_e164'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganization(
      'whatsapp_consents_customer_fkey',
      { organizationId: t.organizationId, column: t.customerId },
      customers,
    ).onDelete('cascade'),
    sameOrganization('whatsapp_consents_user_fkey', { organizationId: t.organizationId, column: t.userId }, users),
    index('whatsapp_consents_customer_idx').on(t.organizationId, t.customerId, t.id.desc()),
  ],
);
