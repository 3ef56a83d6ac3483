import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';

/**
 * The value an order's NFS-e declares as the service. With the company's materials included (what
 * every company did before the choice existed) it is the order's subtotal and discount. Without them
 * the order's products (parts) are left out: the service lines alone, and the order's discount in the
 * share the services have of the subtotal (rounded to the cent), since the discount lowered the price
 * of both.
 */
export interface NfseBase {
  serviceCents: number;
  discountCents: number;
  materialsIncluded: boolean;
  /** The products' total, in or out of the note. */
  materialsCents: number;
}

export interface BaseOrder {
  id: number;
  organizationId: number;
  subtotalCents: number;
  discountCents: number;
}

/** The order's products' total: each line's quantity × price rounded to the cent, as the subtotal sums them. */
export async function materialsCentsOf(db: Db | Tx, order: BaseOrder): Promise<number> {
  const p = schema.invoiceProducts;
  const [row] = await queryRows<{ cents: string }>(
    db,
    sql`SELECT coalesce(sum(round(${p.quantity} * ${p.priceCents})), 0) AS cents FROM ${p}
         WHERE ${and(eq(p.organizationId, order.organizationId), eq(p.invoiceId, order.id))}`,
  );
  return Number(row!.cents);
}

/** See NfseBase. */
export async function nfseBase(db: Db | Tx, order: BaseOrder, materialsIncluded: boolean): Promise<NfseBase> {
  const materialsCents = await materialsCentsOf(db, order);
  if (materialsIncluded || materialsCents === 0 || order.subtotalCents <= 0)
    return {
      serviceCents: order.subtotalCents,
      discountCents: order.discountCents,
      materialsIncluded,
      materialsCents,
    };
  const serviceCents = Math.max(order.subtotalCents - materialsCents, 0);
  return {
    serviceCents,
    discountCents: Math.round((order.discountCents * serviceCents) / order.subtotalCents),
    materialsIncluded,
    materialsCents,
  };
}
