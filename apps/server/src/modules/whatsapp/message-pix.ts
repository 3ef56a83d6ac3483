import { and, asc, eq, sql } from 'drizzle-orm';
import { formatMoney, fromCents, pixBrCode } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { openInstalmentCharges, openPixCharge } from '../../core/documents/printed-record.ts';

// The money part of the messages about an order: what is still due, and the Pix code a message may
// carry for it or for an instalment — none when the customer's bank debits it by itself (a maintenance
// contract's period under Pix Automático): such a message says when it is debited instead.

type Q = Db | Tx;
const money = (cents: number) => formatMoney(fromCents(cents));

/**
 * The Pix Automático debit of an order's instalment (or of any of its instalments): a contract period's
 * recurring charge that stands (not withdrawn, not replaced by a normal charge, not refused) and is not
 * paid yet — its amount and due date; null otherwise.
 */
export async function automaticDebit(tx: Q, organizationId: number, o: { invoiceId: number; receivableId?: number }) {
  const [row] = await queryRows<{ amount_cents: string; due_date: string }>(
    tx,
    sql`SELECT c.amount_cents::text, to_char(c.period_date, 'YYYY-MM-DD') AS due_date
          FROM contract_periods p
          JOIN contract_pix_recurring_charges c ON c.contract_id = p.contract_id AND c.period_date = p.period_date
         WHERE p.organization_id = ${organizationId} AND p.invoice_id = ${o.invoiceId}
           ${o.receivableId === undefined ? sql`` : sql`AND p.receivable_id = ${o.receivableId}`}
           AND c.fallback_at IS NULL AND c.withdrawn_at IS NULL AND c.pix_received_id IS NULL
           AND c.status NOT IN ('failed', 'REJEITADA', 'EXPIRADA', 'CANCELADA')
         LIMIT 1`,
  );
  return row ? { amountCents: Number(row.amount_cents), dueDate: row.due_date } : null;
}

/** What is still due on an order: its total less what was received; nothing once it is paid. */
export async function balanceCents(tx: Q, organizationId: number, invoiceId: number) {
  const [row] = await queryRows<{ total: string; received: string; is_paid: boolean }>(
    tx,
    sql`SELECT i.subtotal_cents - i.discount_cents AS total, i.is_paid,
               coalesce((SELECT sum(p.amount_cents) FROM invoice_payments p WHERE p.invoice_id = i.id), 0) AS received
          FROM invoices i WHERE i.id = ${invoiceId} AND i.organization_id = ${organizationId}`,
  );
  if (!row) return { totalCents: 0, dueCents: 0 };
  const totalCents = Number(row.total);
  return { totalCents, dueCents: row.is_paid ? 0 : Math.max(totalCents - Number(row.received), 0) };
}

/** The city of the company's first address, which a static Pix code names. */
async function companyCityOf(tx: Q, organizationId: number, companyId: number) {
  const a = schema.addresses;
  const [address] = await tx
    .select({ city: a.city })
    .from(a)
    .where(and(eq(a.organizationId, organizationId), eq(a.companyId, companyId)))
    .orderBy(asc(a.id))
    .limit(1);
  return address?.city ?? '';
}

/**
 * The Pix code for what is still due on an order. The order's charge at the PSP when it asks for
 * exactly that amount; when the balance is charged instalment by instalment at the PSP, none here
 * (each instalment's reminder carries its own code, and one code for the sum would reach the bank
 * as a Pix no charge expects); otherwise the company's static code with the amount.
 */
export async function balancePix(
  tx: Q,
  o: {
    organizationId: number;
    invoiceId: number;
    number: number;
    companyId: number;
    company: string;
    pixKey: string | null;
  },
) {
  const { dueCents } = await balanceCents(tx, o.organizationId, o.invoiceId);
  if (dueCents <= 0) return null;
  const charge = await openPixCharge(tx, o.organizationId, o.invoiceId);
  if (charge && charge.amountCents === dueCents) return { amount: money(dueCents), code: charge.code };
  if ((await openInstalmentCharges(tx, o.organizationId, o.invoiceId)).length) return null;
  if (!o.pixKey) return null;
  const code = pixBrCode({
    key: o.pixKey,
    merchantName: o.company,
    merchantCity: await companyCityOf(tx, o.organizationId, o.companyId),
    amount: fromCents(dueCents),
    txid: `OS${o.number}`,
  });
  return { amount: money(dueCents), code };
}

/**
 * An open instalment's Pix code: its charge at the PSP when that asks for the instalment's amount,
 * else the company's static code for the amount (its txid names the order and the instalment), or
 * null when the company has no key.
 */
export async function instalmentPix(
  tx: Q,
  o: {
    organizationId: number;
    receivableId: number;
    number: number;
    installmentNumber: number;
    amountCents: number;
    companyId: number;
    company: string;
    pixKey: string | null;
  },
) {
  const c = schema.pixCharges;
  const [charge] = await tx
    .select({ code: c.pixCopiaECola, amountCents: c.amountCents })
    .from(c)
    .where(
      and(
        eq(c.organizationId, o.organizationId),
        eq(c.receivableId, o.receivableId),
        eq(c.kind, 'cobv'),
        eq(c.status, 'ATIVA'),
      ),
    );
  if (charge?.code && charge.amountCents === o.amountCents) return { code: charge.code };
  if (!o.pixKey) return null;
  const code = pixBrCode({
    key: o.pixKey,
    merchantName: o.company,
    merchantCity: await companyCityOf(tx, o.organizationId, o.companyId),
    amount: fromCents(o.amountCents),
    txid: `OS${o.number}P${o.installmentNumber}`,
  });
  return { code };
}
