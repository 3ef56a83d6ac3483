// Whether an order is paid: its payments against what it expects to receive (its total less what the
// customer withholds at source, withholdings.ts). The order's record kind (invoice-access.ts)
// settles an order after a line or discount change; each payment write (core/payments) after a payment.
import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import type { AuditChange } from '../audit/audit.ts';
import { queryRows } from '../../lib/sql.ts';
import { orderWithholdings, type WithholdingOrder } from './withholdings.ts';

const { invoices: i, invoicePayments: p, receivables: r } = schema;

type OrderMoney = WithholdingOrder &
  Pick<
    typeof i.$inferSelect,
    'id' | 'subtotalCents' | 'discountCents' | 'isPaid' | 'paymentDate' | 'paymentDescription'
  >;

/** Received so far and still scheduled in open instalments, in cents. */
export async function receivedCents(tx: Db | Tx, invoiceId: number) {
  const [row] = await queryRows<{ paid: string; open: string }>(
    tx,
    sql`SELECT coalesce((SELECT sum(${p.amountCents}) FROM ${p} WHERE ${p.invoiceId} = ${invoiceId}), 0) AS paid,
               coalesce((SELECT sum(${r.amountCents}) FROM ${r}
                          WHERE ${r.invoiceId} = ${invoiceId} AND ${r.paymentId} IS NULL), 0) AS open`,
  );
  return { paid: Number(row!.paid), open: Number(row!.open) };
}

/**
 * What the order expects to receive, in cents: its total less what the customer withholds at source (the
 * taxes its NFS-e declared, or those its withholdings come to before there is one), and that part apart.
 */
export async function expectedCents(tx: Db | Tx, row: WithholdingOrder) {
  const w = await orderWithholdings(tx, row);
  return { expected: w.netCents, withheld: w.withheldCents };
}

/** What is still to receive (expected less received, never below 0), with what was received and is scheduled. */
export async function dueCents(tx: Db | Tx, row: WithholdingOrder) {
  const { expected, withheld } = await expectedCents(tx, row);
  const { paid, open } = await receivedCents(tx, row.id);
  return { expected, withheld, paid, open, due: Math.max(expected - paid, 0) };
}

/**
 * Stores whether the payments now cover what is expected (an order of total 0 keeps what 'Pagar' said), after
 * any change of payments or of the total (lines, discount: `invoiceKind.afterMoneyChange`), and
 * the date the order became paid (its latest payment's) for the order's screen and PDF; an order that
 * stops being paid loses both, as 'Desfazer pagamento' always did. Returns the audit lines.
 */
export async function settle(tx: Tx, row: OrderMoney, description?: string | null): Promise<AuditChange[]> {
  const { paid, expected } = await dueCents(tx, row);
  const total = row.subtotalCents - row.discountCents;
  const isPaid = total > 0 ? paid >= expected : row.isPaid;
  if (isPaid === row.isPaid) return [];
  let paymentDate: string | null = null;
  if (isPaid) {
    const [last] = await tx
      .select({ paidAt: sql<string>`max(${p.paidAt})` })
      .from(p)
      .where(eq(p.invoiceId, row.id));
    paymentDate = last?.paidAt ?? null;
  }
  const paymentDescription = isPaid ? (description ?? null) : null;
  await tx.update(i).set({ isPaid, paymentDate, paymentDescription }).where(eq(i.id, row.id));
  return [
    { field: 'isPaid', before: row.isPaid, after: isPaid },
    { field: 'paymentDate', before: row.paymentDate, after: paymentDate },
    ...(row.paymentDescription !== paymentDescription
      ? [{ field: 'paymentDescription', before: row.paymentDescription, after: paymentDescription }]
      : []),
  ];
}

/**
 * Settles an order after what it expects changed without its payments or lines changing: its
 * withholdings were set, or its NFS-e was issued or ended (the declared taxes then hold, or stop holding).
 * Locks the order; returns the audit lines (none when it stays as it was, or is not found).
 */
export async function settleOrder(tx: Tx, organizationId: number, invoiceId: number): Promise<AuditChange[]> {
  const [row] = await tx
    .select()
    .from(i)
    .where(and(eq(i.id, invoiceId), eq(i.organizationId, organizationId)))
    .for('update', { of: i });
  return row ? settle(tx, row) : [];
}
