import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganization, sameOrganizationAs } from './tenancy.ts';
import { organizationColumn, stampColumns } from './record-columns.ts';
import { companies } from './companies.ts';
import { contracts } from './contracts.ts';
import { pixReceived } from './pix-received.ts';
import { users } from './users.ts';

export type RecurrenceStatus = 'queued' | 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA' | 'failed';
export type RecurringChargeStatus =
  'creating' | 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA' | 'failed';
export type RetryPolicy = 'NAO_PERMITE' | 'PERMITE_3R_7D';

/**
 * A contract's Pix Automático: the payer's authorization of its periodic debits at the company's PSP
 * (POST /rec and the request to the payer, POST /solicrec). Written 'queued' by 'Pedir autorização' and
 * sent by the Pix job; then the PSP's status. At most one not over ('queued', 'CRIADA', 'APROVADA') per
 * contract. The payer's account is solicrec's destinatario; the receiver's, each cobr's recebedor.
 */
export const contractPixRecurrences = pgTable(
  'contract_pix_recurrences',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    contractId: integer('contract_id').notNull(),
    companyId: integer('company_id').notNull(),
    status: text('status').$type<RecurrenceStatus>().notNull().default('queued'),
    idRec: text('id_rec'),
    idSolicRec: text('id_solic_rec'),
    retryPolicy: text('retry_policy').$type<RetryPolicy>().notNull().default('PERMITE_3R_7D'),
    firstDate: date('first_date').notNull(),
    payerIspb: text('payer_ispb').notNull(),
    payerBranch: text('payer_branch'),
    payerAccount: text('payer_account').notNull(),
    receiverBranch: text('receiver_branch'),
    receiverAccount: text('receiver_account').notNull(),
    receiverAccountType: text('receiver_account_type').$type<'CORRENTE' | 'POUPANCA' | 'PAGAMENTO'>().notNull(),
    lastError: text('last_error'),
    /** 'Cancelar autorização' asked; the Pix job carries it out at the PSP. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    requestedById: integer('requested_by_id'),
    ...stampColumns(),
  },
  (t) => [
    check(
      'contract_pix_recurrences_status_check',
      sql`${t.status} IN ('queued', 'CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA', 'failed')`,
    ),
    check('contract_pix_recurrences_policy_check', sql`${t.retryPolicy} IN ('NAO_PERMITE', 'PERMITE_3R_7D')`),
    check(
      'contract_pix_recurrences_account_type_check',
      sql`${t.receiverAccountType} IN ('CORRENTE', 'POUPANCA', 'PAGAMENTO')`,
    ),
    check('contract_pix_recurrences_id_rec_check', sql`${t.idRec} IS NULL OR ${t.idRec} ~ '^[a-zA-Z0-9]{29}$'`),
    sameOrganizationAs('contract_pix_recurrences_contract_fkey', t, t.contractId, contracts).onDelete('cascade'),
    sameOrganizationAs('contract_pix_recurrences_company_fkey', t, t.companyId, companies).onDelete('cascade'),
    sameOrganizationAs('contract_pix_recurrences_requested_by_fkey', t, t.requestedById, users),
    uniqueIndex('contract_pix_recurrences_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('contract_pix_recurrences_open_key')
      .on(t.contractId)
      .where(sql`${t.status} IN ('queued', 'CRIADA', 'APROVADA')`),
    uniqueIndex('contract_pix_recurrences_id_rec_key').on(t.organizationId, t.companyId, t.idRec),
    index('contract_pix_recurrences_queued_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/**
 * Each period's recurring charge (PUT /cobr/{txid}) under an approved recurrence: one per recurrence and
 * period (besides those withdrawn), its txid stored before the PSP is asked. `retries`: the new attempts asked after failed ones;
 * `fallbackAt`: when it gave way to a normal charge with due date; `pixReceivedId`: the payment it became.
 */
export const contractPixRecurringCharges = pgTable(
  'contract_pix_recurring_charges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    recurrenceId: integer('recurrence_id').notNull(),
    contractId: integer('contract_id').notNull(),
    companyId: integer('company_id').notNull(),
    periodDate: date('period_date').notNull(),
    txid: text('txid').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<RecurringChargeStatus>().notNull().default('creating'),
    /** The last attempt's status at the PSP (AGENDADA, PAGA, REJEITADA…) and its settlement date. */
    attemptStatus: text('attempt_status'),
    attemptDate: date('attempt_date'),
    retries: integer('retries').notNull().default(0),
    fallbackAt: timestamp('fallback_at', { withTimezone: true }),
    /** When the customer was told to pay the normal charge instead (once the period is billed). */
    fallbackRemindedAt: timestamp('fallback_reminded_at', { withTimezone: true }),
    pixReceivedId: integer('pix_received_id'),
    lastError: text('last_error'),
    /** The contract changed (its amount, or it is no longer active): the Pix job brings this charge in line. */
    reviseRequestedAt: timestamp('revise_requested_at', { withTimezone: true }),
    /** When it was cancelled at the PSP because of such a change: it no longer stands for its period. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    ...stampColumns(),
  },
  (t) => [
    check(
      'contract_pix_recurring_charges_status_check',
      sql`${t.status} IN ('creating', 'CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA', 'failed')`,
    ),
    check('contract_pix_recurring_charges_txid_check', sql`${t.txid} ~ '^[a-zA-Z0-9]{26,35}$'`),
    check('contract_pix_recurring_charges_amount_check', sql`${t.amountCents} > 0`),
    check('contract_pix_recurring_charges_retries_check', sql`${t.retries} BETWEEN 0 AND 3`),
    sameOrganizationAs(
      'contract_pix_recurring_charges_recurrence_fkey',
      t,
      t.recurrenceId,
      contractPixRecurrences,
    ).onDelete('cascade'),
    sameOrganizationAs('contract_pix_recurring_charges_contract_fkey', t, t.contractId, contracts).onDelete('cascade'),
    sameOrganizationAs('contract_pix_recurring_charges_company_fkey', t, t.companyId, companies).onDelete('cascade'),
    sameOrganization(
      'contract_pix_recurring_charges_received_fkey',
      { organizationId: t.organizationId, column: t.pixReceivedId },
      pixReceived,
    ).onDelete('set null'),
    uniqueIndex('contract_pix_recurring_charges_period_key')
      .on(t.recurrenceId, t.periodDate)
      .where(sql`${t.withdrawnAt} IS NULL`),
    index('contract_pix_recurring_charges_revise_idx')
      .on(t.reviseRequestedAt)
      .where(sql`${t.reviseRequestedAt} IS NOT NULL`),
    uniqueIndex('contract_pix_recurring_charges_txid_key').on(t.organizationId, t.companyId, t.txid),
    index('contract_pix_recurring_charges_contract_idx').on(t.contractId, t.periodDate),
  ],
);
