import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  fromCents,
  InvoiceState,
  nfseMessages,
  type CustomerWithholdings,
  type NfseWithholdingsBody,
  type OrderWithholdings,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { assertFound } from '../../core/access/access.ts';
import { conflict } from '../../lib/errors.ts';
import { audit } from '../../core/audit/audit.ts';
import { lockInvoice, recordChange, visibleInvoice, type Actor } from '../../core/orders/invoice-access.ts';
import { orderWithholdings } from '../../core/orders/withholdings.ts';
import { settleOrder } from '../../core/orders/settle.ts';

// What a customer withholds by default from the services it takes, and an order's own choice: the
// screens' reads and writes (the amounts are reckoned in core/orders/withholdings.ts).

const c = schema.customers;
type Rates = schema.WithholdingRates;

/** The stored form: every rate or null, and 'nothing at all' on a customer as null. */
function stored(w: NfseWithholdingsBody['withholdings']): Rates | null {
  if (!w) return null;
  return { iss: w.iss, pis: w.pis, cofins: w.cofins, csll: w.csll, irrf: w.irrf, cp: w.cp };
}
const nothing = (w: Rates | null) => !w || (!w.iss && !w.pis && !w.cofins && !w.csll && !w.irrf && !w.cp);

/** GET customers/{id}/nfse-withholdings. */
export async function getCustomerWithholdings(
  db: Db,
  organizationId: number,
  customerId: number,
): Promise<CustomerWithholdings> {
  const [row] = await db
    .select({ w: c.nfseWithholdings })
    .from(c)
    .where(and(eq(c.id, customerId), eq(c.organizationId, organizationId)));
  return { withholdings: assertFound(row).w };
}

/** PUT customers/{id}/nfse-withholdings: the customer's default, audited. */
export async function putCustomerWithholdings(
  db: Db,
  actor: Actor,
  customerId: number,
  body: NfseWithholdingsBody,
): Promise<CustomerWithholdings> {
  const next = stored(body.withholdings);
  const value = nothing(next) ? null : next;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ w: c.nfseWithholdings })
      .from(c)
      .where(and(eq(c.id, customerId), eq(c.organizationId, actor.organizationId)))
      .for('update');
    assertFound(before);
    await tx.update(c).set({ nfseWithholdings: value, updatedAt: new Date() }).where(eq(c.id, customerId));
    await audit(tx, actor, 'update', 'customer', customerId, [
      {
        field: 'nfseWithholdings',
        before: before!.w ? JSON.stringify(before!.w) : null,
        after: value ? JSON.stringify(value) : null,
      },
    ]);
    // Its orders that follow its withholdings now expect other amounts: each is settled (and audited
    // where it becomes paid or stops being); those with their own choice or a canceled state are left.
    const i = schema.invoices;
    const orders = await tx
      .select({ id: i.id })
      .from(i)
      .where(
        and(
          eq(i.organizationId, actor.organizationId),
          eq(i.customerId, customerId),
          isNull(i.nfseWithholdings),
          ne(i.state, InvoiceState.Canceled),
        ),
      )
      .orderBy(i.id);
    for (const { id } of orders) {
      const changes = await settleOrder(tx, actor.organizationId, id);
      if (changes.length) await recordChange(tx, actor, id, 'update', changes);
    }
  });
  return { withholdings: value };
}

/** GET invoices/{id}/nfse/withholdings: the order's, the customer's, which applies and what it comes to. */
export async function getOrderWithholdings(db: Db, actor: Actor, invoiceId: number): Promise<OrderWithholdings> {
  await visibleInvoice(db, actor, invoiceId);
  const i = schema.invoices;
  const [invoice] = await db
    .select()
    .from(i)
    .where(and(eq(i.id, invoiceId), eq(i.organizationId, actor.organizationId)));
  const w = await orderWithholdings(db, assertFound(invoice));
  return {
    order: w.order,
    customer: w.customer,
    effective: w.effective,
    amounts: {
      total: fromCents(w.totalCents),
      issRate: w.issRate,
      iss: fromCents(w.issCents),
      federal: fromCents(w.federalCents),
      withheld: fromCents(w.withheldCents),
      net: fromCents(w.netCents),
      source: w.source,
    },
    covers: {
      materials: w.covers.materials,
      amount: fromCents(w.covers.amountCents),
      materialsLeftOut: fromCents(w.covers.materialsLeftOutCents),
    },
  };
}

/**
 * PUT invoices/{id}/nfse/withholdings: the order's own withholdings (null: the customer's). Refused
 * while its NFS-e is being sent; with one issued, they go into its substitution.
 */
export async function putOrderWithholdings(db: Db, actor: Actor, invoiceId: number, body: NfseWithholdingsBody) {
  const value = stored(body.withholdings);
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, actor, invoiceId);
    const d = schema.nfseDocuments;
    const [processing] = await tx
      .select({ id: d.id })
      .from(d)
      .where(and(eq(d.invoiceId, invoice.id), sql`${d.status} = 'processing'`))
      .limit(1);
    if (processing) throw conflict(nfseMessages.withholdingsWhileProcessing);
    await tx.update(schema.invoices).set({ nfseWithholdings: value }).where(eq(schema.invoices.id, invoice.id));
    await recordChange(tx, actor, invoice.id, 'update', [
      {
        field: 'nfseWithholdings',
        before: invoice.nfseWithholdings ? JSON.stringify(invoice.nfseWithholdings) : null,
        after: value ? JSON.stringify(value) : null,
      },
      // What it expects changed: the payments may now cover it, or no longer.
      ...(await settleOrder(tx, actor.organizationId, invoice.id)),
    ]);
  });
  return getOrderWithholdings(db, actor, invoiceId);
}
