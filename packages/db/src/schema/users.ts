import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizations } from './organizations.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    /** Stored lower-case; login is by e-mail across organizations, so it is unique globally. */
    email: text('email').notNull(),
    /** 'ROLE_ADMIN' for the Administrador role, 'ROLE_USER' for any other (the token and the payload). */
    role: text('role').notNull(),
    /**
     * The user's role (roles.ts). Written without one, a trigger gives the user the built-in role of
     * `role` (Administrador or Técnico): the DEFAULT below is what lets an insert leave it out.
     */
    roleId: integer('role_id')
      .notNull()
      .default(sql`NULL`),
    passwordHash: text('password_hash').notNull(),
    /** A collaborator who leaves is deactivated, never deleted: cannot log in, history kept. */
    isActive: boolean('is_active').notNull().default(true),
    /** What the collaborator earns per completed service order (payroll). */
    paymentValueCents: bigint('payment_value_cents', { mode: 'number' }).notNull().default(0),
    /** Bumped when the password, the e-mail or the active flag change: older login tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Drawn signature (profile), a PNG data URL. */
    signature: text('signature'),
    /** SHA-256 (hex) of the token in the user's private calendar-feed link; null: no feed. */
    calendarTokenHash: text('calendar_token_hash'),
    calendarLinkCreatedAt: timestamp('calendar_link_created_at', { withTimezone: true }),
    /** The TOTP secret of two-step sign-in, sealed; null: not enrolled. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled, sealed, until a first code from it confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last time step a code was accepted for: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_organization_id_id_key').on(t.organizationId, t.id),
    check('users_payment_value_check', sql`${t.paymentValueCents} >= 0`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_calendar_token_hash_key')
      .on(t.calendarTokenHash)
      .where(sql`${t.calendarTokenHash} IS NOT NULL`),
    index('users_organization_idx').on(t.organizationId),
    index('users_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`f_unaccent(lower(${t.email})) gin_trgm_ops`),
  ],
);
