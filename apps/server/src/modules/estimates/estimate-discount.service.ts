// An approved estimate's discount carried to the orders made from it, split in proportion to what each
// order took.
import { eq, sql } from 'drizzle-orm';
import { InvoiceState, isInvoiceClosed, type InvoiceStateValue } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { type Actor, type EstimateRow } from './estimate-access.ts';

const i = schema.invoices;

/**
 * Splits an estimate's discount over its live orders, taken in number order: each order's share is
 * the discount times the estimate's value it holds so far (cumulative) over the estimate's subtotal,
 * rounded, minus the same for the orders before it. The cents that do not divide fall to the last
 * order, and once every line is on an order the shares add up to the discount exactly.
 */
export function splitDiscount(discountCents: number, subtotalCents: number, bases: number[]): number[] {
  if (discountCents <= 0 || subtotalCents <= 0) return bases.map(() => 0);
  let cumulative = 0;
  let given = 0;
  return bases.map((base) => {
    cumulative += base;
    const upTo = Math.round((discountCents * Math.min(cumulative, subtotalCents)) / subtotalCents);
    const share = upTo - given;
    given = upTo;
    return share;
  });
}

/**
 * After lines went to an order, each live order of the estimate gets its share of the estimate's
 * discount (splitDiscount, on the estimate's prices of the lines each holds). An order moves by the
 * difference from the share it had, so a discount the office changed by hand keeps that change; closed
 * orders keep theirs. Returns the audit changes per order.
 */
export async function applyEstimateDiscount(tx: Tx, actor: Actor, estimate: EstimateRow) {
  const orders = await queryRows<{
    id: number;
    state: number;
    subtotal_cents: string;
    discount_cents: string;
    estimate_discount_cents: string;
    base: string;
  }>(
    tx,
    sql`SELECT inv.id, inv.state, inv.subtotal_cents, inv.discount_cents, inv.estimate_discount_cents,
               (SELECT coalesce(sum(round(x.quantity * l.price_cents)), 0) FROM invoice_services x
                  JOIN estimate_services l ON l.id = x.estimate_service_id WHERE x.invoice_id = inv.id)
             + (SELECT coalesce(sum(round(x.quantity * l.price_cents)), 0) FROM invoice_products x
                  JOIN estimate_products l ON l.id = x.estimate_product_id WHERE x.invoice_id = inv.id) AS base
          FROM invoices inv
         WHERE inv.organization_id = ${actor.organizationId} AND inv.estimate_id = ${estimate.id}
           AND inv.state <> ${InvoiceState.Canceled}
         ORDER BY inv.number
           FOR UPDATE OF inv`,
  );
  const shares = splitDiscount(
    estimate.discountCents,
    estimate.subtotalCents,
    orders.map((o) => Number(o.base)),
  );
  const changed = new Map<number, { before: number; after: number }>();
  for (const [k, o] of orders.entries()) {
    const share = shares[k]!;
    const had = Number(o.estimate_discount_cents);
    if (share === had || isInvoiceClosed(o.state as InvoiceStateValue)) continue;
    const before = Number(o.discount_cents);
    const after = Math.max(0, Math.min(Number(o.subtotal_cents), before + share - had));
    await tx.update(i).set({ discountCents: after, estimateDiscountCents: share }).where(eq(i.id, o.id));
    if (after !== before) changed.set(Number(o.id), { before, after });
  }
  return changed;
}
