import { sql } from 'drizzle-orm';
import { bigint, integer, numeric, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

// The columns estimates and service orders have alike. The schema keeps a set of tables per kind of
// record (their keys, indexes and foreign keys differ); what their rows hold is written once here.
// Each call makes new column builders, as every table needs its own.

/** The owning organization, on every organization-owned row. */
export const organizationColumn = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id);

/** When a row was made and last changed. */
export const stampColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The row's version, raised by the database (a trigger) at every change of the row: a form sends back
 * the one it loaded, and a write against a newer one is refused.
 */
export const rowVersionColumn = () => integer('row_version').notNull().default(1);

/** A party (a company of the organization, a customer): who it is, how to reach it, and its search text. */
export const partyColumns = () => ({
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  /** 1 legal entity, 2 individual. */
  type: smallint('type').notNull(),
  /** CNPJ or CPF, letters and digits only, upper-case. */
  identifier: text('identifier').notNull(),
  name: text('name').notNull(),
  alias: text('alias'),
  email: text('email'),
  /** As people read it ('(11) 98765-4321'); a number kept from before that is not a real one, as typed. */
  phone: text('phone'),
  /** The phone in E.164 ('+5511987654321') for WhatsApp and calls; null when it is not a real number. */
  phoneE164: text('phone_e164'),
  /** Name, alias and e-mail, lower-case and without accents, for searches (written by the database). */
  searchText: text('search_text')
    .notNull()
    .generatedAlwaysAs(
      sql`f_unaccent(lower(name || chr(31) || coalesce(alias, '') || chr(31) || coalesce(email, '')))`,
    ),
});

/** A record's head: its number (sequential per organization, no gap), parties and money. */
export const recordHeadColumns = () => ({
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  organizationId: organizationColumn(),
  number: integer('number').notNull(),
  companyId: integer('company_id').notNull(),
  customerId: integer('customer_id').notNull(),
  transactionNatureId: integer('transaction_nature_id').notNull(),
});

/** The money of a record: the sum of its lines, recomputed in the transaction of any line change, and the discount. */
export const recordMoneyColumns = () => ({
  subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
  discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
});

/** A priced line: name and price copied from the catalogue when added, a quantity (up to 3 decimals). */
export const pricedLineColumns = () => ({
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  organizationId: organizationColumn(),
  name: text('name').notNull(),
  quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
  priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  /** The warranty in days, copied from the catalogue with the name and price (null: none). */
  warrantyDays: integer('warranty_days'),
  ...stampColumns(),
});

/** A customer's equipment copied onto a record (the copy stays as it was when added). */
export const equipmentCopyColumns = () => ({
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  organizationId: organizationColumn(),
  equipmentId: integer('equipment_id'),
  name: text('name').notNull(),
  brand: text('brand').notNull(),
  model: text('model').notNull(),
  serialNumber: text('serial_number').notNull(),
  description: text('description'),
  ...stampColumns(),
});

/**
 * A photo: the file and its print copy (a JPEG at most 1000 px on its long side, upright, for the
 * PDF) live in the file storage under their keys; the small thumbnail (a JPEG data URL) is kept
 * inline so one query shows them all.
 */
export const pictureColumns = () => ({
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  organizationId: organizationColumn(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  fileKey: text('file_key').notNull(),
  printKey: text('print_key').notNull(),
  thumbnail: text('thumbnail').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type EmailStatus = 'queued' | 'sent' | 'written' | 'failed';

/**
 * An e-mail of a record ('E-mails enviados'): written as 'queued' before the message is handed to SMTP
 * or written to the outbox, and marked 'sent' (SMTP accepted it), 'written' (an .eml in the outbox, no
 * SMTP configured) or 'failed' after; a crash mid-send leaves it visibly 'queued'. The kind adds its
 * record's column.
 */
export const emailJournalColumns = () => ({
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  organizationId: organizationColumn(),
  userId: integer('user_id').references(() => users.id),
  subject: text('subject').notNull(),
  recipients: text('recipients').array().notNull(),
  status: text('status').$type<EmailStatus>().notNull().default('queued'),
  /** The SMTP server's message id, when sent. */
  messageId: text('message_id'),
  /** The .eml file name under DATA_DIR/outbox, when written. */
  outboxFile: text('outbox_file'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
