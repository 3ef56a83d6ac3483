import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganization, sameOrganizationAs } from './tenancy.ts';
import { organizationColumn } from './record-columns.ts';
import { pixReceived } from './pix-received.ts';
import { users } from './users.ts';

export type PixRefundStatus = 'creating' | 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

/**
 * A refund of a received Pix at the PSP. `refundId` is the devolução's id, stored before the PSP is asked
 * ('creating'); `reversedAt` marks the payment reduced by it, done once, when the PSP says DEVOLVIDO.
 */
export const pixRefunds = pgTable(
  'pix_refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    pixReceivedId: integer('pix_received_id').notNull(),
    refundId: text('refund_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<PixRefundStatus>().notNull().default('creating'),
    reason: text('reason'),
    rtrId: text('rtr_id'),
    pspError: text('psp_error'),
    requestedById: integer('requested_by_id'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganization(
      'pix_refunds_received_fkey',
      { organizationId: t.organizationId, column: t.pixReceivedId },
      pixReceived,
    ).onDelete('cascade'),
    sameOrganizationAs('pix_refunds_requested_by_id_fkey', t, t.requestedById, users),
    check('pix_refunds_id_check', sql`${t.refundId} ~ '^[a-zA-Z0-9]{1,35}$'`),
    check('pix_refunds_amount_check', sql`${t.amountCents} > 0`),
    check(
      'pix_refunds_status_check',
      sql`${t.status} IN ('creating', 'EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO')`,
    ),
    uniqueIndex('pix_refunds_refund_id_key').on(t.organizationId, t.refundId),
    index('pix_refunds_received_idx').on(t.pixReceivedId),
    index('pix_refunds_open_idx')
      .on(t.organizationId)
      .where(sql`${t.status} IN ('creating', 'EM_PROCESSAMENTO')`),
  ],
);
