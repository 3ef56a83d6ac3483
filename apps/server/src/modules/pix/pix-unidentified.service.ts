import { and, count, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import { fromCents, pixReceivedMessages, type ListQuery, type PixUnidentifiedList } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import type { Actor } from '../../core/access/access.ts';
import { assertFound } from '../../core/access/access.ts';
import { lockInvoice } from '../../core/orders/invoice-access.ts';
import { dueCents } from '../../core/orders/settle.ts';
import { assertPayable, insertPayment } from '../../core/payments/payments.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { localDay } from './pix-received.service.ts';
import { queueReceipt } from './pix-receipts.ts';

// 'Pix não identificados': the Pix the PSP vouched for whose txid names no charge of ours. An admin
// attaches one to an order (optionally to one of its open instalments), which records it as that order's
// payment, under the order's lock and the Pix's, so it is attached once.

const r = schema.pixReceived;
const co = schema.companies;

/** GET pix/unidentified: newest first, searched by the payer's message, the endToEndId, the txid or the company. */
export async function listUnidentified(db: Db, actor: Actor, q: ListQuery): Promise<PixUnidentifiedList> {
  const term = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(r.organizationId, actor.organizationId),
    isNull(r.invoiceId),
    term
      ? or(ilike(r.payerInfo, term), ilike(r.endToEndId, term), ilike(r.txid, term), ilike(co.name, term))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: r.id,
        endToEndId: r.endToEndId,
        txid: r.txid,
        amountCents: r.amountCents,
        paidAt: r.paidAt,
        payerInfo: r.payerInfo,
        companyId: co.id,
        companyName: co.name,
      })
      .from(r)
      .innerJoin(co, eq(co.id, r.companyId))
      .where(where)
      .orderBy(desc(r.paidAt), desc(r.id))
      .offset(q.skip)
      .limit(q.take),
    db.select({ n: count() }).from(r).innerJoin(co, eq(co.id, r.companyId)).where(where),
  ]);
  return {
    data: rows.map((x) => ({
      id: x.id,
      endToEndId: x.endToEndId,
      txid: x.txid,
      amount: fromCents(x.amountCents),
      paidAt: x.paidAt.toISOString(),
      payerInfo: x.payerInfo,
      company: { id: x.companyId, name: x.companyName },
    })),
    meta: { total: total?.n ?? 0, skip: q.skip, take: q.take },
  };
}

/**
 * POST pix/unidentified/{id}/attach: the Pix becomes a payment (method pix, on the day it arrived) of an
 * order of the company whose key received it: of one open instalment of the same amount, or of the part
 * of the balance no instalment holds. 409 when it was attached meanwhile.
 */
export async function attachPix(
  db: Db,
  actor: Actor,
  id: number,
  body: { invoice: number; receivable?: number | null },
) {
  return db.transaction(async (tx) => {
    const pix = assertFound(
      (
        await tx
          .select()
          .from(r)
          .where(and(eq(r.id, id), eq(r.organizationId, actor.organizationId)))
          .for('update')
      )[0],
    );
    if (pix.invoiceId) throw conflict(pixReceivedMessages.alreadyAttached);
    const order = await lockInvoice(tx, actor, body.invoice).catch(() => {
      throw invalid({ invoice: pixReceivedMessages.invoiceNotFound });
    });
    if (order.companyId !== pix.companyId) throw invalid({ invoice: pixReceivedMessages.otherCompany });
    assertPayable(order);
    const amount = pix.amountCents;
    if (body.receivable) {
      const rv = schema.receivables;
      const [due] = await tx
        .select({ id: rv.id, amountCents: rv.amountCents })
        .from(rv)
        .where(
          and(
            eq(rv.id, body.receivable),
            eq(rv.organizationId, actor.organizationId),
            eq(rv.invoiceId, order.id),
            isNull(rv.paymentId),
          ),
        );
      if (!due) throw invalid({ receivable: pixReceivedMessages.receivable });
      if (due.amountCents !== amount)
        throw invalid({
          receivable: pixReceivedMessages.receivableAmount(fromCents(amount), fromCents(due.amountCents)),
        });
    } else {
      // What the order still expects (its total less what the customer withholds) and no instalment holds.
      const { expected, paid, open } = await dueCents(tx, order);
      const unscheduled = Math.max(expected - paid - open, 0);
      if (amount > unscheduled) throw invalid({ invoice: pixReceivedMessages.overBalance(fromCents(unscheduled)) });
    }
    const paidAt = await localDay(tx, actor.organizationId, pix.paidAt.toISOString());
    const paymentId = await insertPayment(tx, actor, order, {
      amountCents: amount,
      method: 'pix',
      paidAt,
      note: `Pix ${pix.endToEndId}`,
      receivableId: body.receivable ?? null,
    });
    await tx.update(r).set({ invoiceId: order.id, paymentId }).where(eq(r.id, pix.id));
    await queueReceipt(tx, {
      organizationId: actor.organizationId,
      invoiceId: order.id,
      amountCents: amount,
      paidAt,
      endToEndId: pix.endToEndId,
    });
    return { invoiceId: order.id, paymentId };
  });
}
