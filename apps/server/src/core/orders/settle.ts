// Whether an order is paid: its payments against its total. The order's record kind (invoice-access.ts)
// settles an order after a line or discount change; each payment write (core/payments) after a payment.
import { eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import type { AuditChange } from '../audit/audit.ts';
import { queryRows } from '../../lib/sql.ts';

const { invoices: i, invoicePayments: p, receivables: r } = schema;

type OrderMoney = Pick<
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
 * Stores whether the payments now cover the total (an order of total 0 keeps what 'Pagar' said), after
 * any change of payments or of the total (lines, discount: `invoiceKind.afterMoneyChange`), and
 * the date the order became paid (its latest payment's) for the order's screen and PDF; an order that
 * stops being paid loses both, as 'Desfazer pagamento' always did. Returns the audit lines.
 */
export async function settle(tx: Tx, row: OrderMoney, description?: string | null): Promise<AuditChange[]> {
  const { paid } = await receivedCents(tx, row.id);
  const total = row.subtotalCents - row.discountCents;
  const isPaid = total > 0 ? paid >= total : row.isPaid;
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
