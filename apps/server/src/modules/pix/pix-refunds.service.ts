import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  formatMoney,
  fromCents,
  newPixTxid,
  pixRefundMessages,
  toCents,
  type PixPayments,
  type PixRefundBody,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import type { Actor } from '../../core/access/access.ts';
import { lockInvoice, recordChange, systemComment, visibleInvoice } from '../../core/orders/invoice-access.ts';
import { settle } from '../../core/orders/settle.ts';
import { deletePayments } from '../../core/payments/payments.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { refundBody } from './charge-bodies.ts';
import { PspError, pspClient, type PixDevolucao, type PspClient } from './psp-client.ts';
import { companyPsp, pspFailure, type PixContext } from './pix-psp.service.ts';
import { pspActor } from './psp-actor.ts';

// 'Devolver': a payment that came by Pix sent back (in part or whole) through the PSP. The refund is
// stored with its id before the PSP is asked (asking again with that id is the same request), then
// followed — on the webhook that tells of it and on every reconciliation round — until the PSP says
// DEVOLVIDO or NAO_REALIZADO. Only DEVOLVIDO takes the amount off the payment (all of it: the payment
// removed), once: the refund row is marked reversed in that same transaction.

const r = schema.pixReceived;
const d = schema.pixRefunds;
const pay = schema.invoicePayments;

/** The refunds that still count against the Pix: all but the ones the PSP did not make. */
const counted = (rows: Array<{ status: string; amountCents: number }>) =>
  rows.filter((x) => x.status !== 'NAO_REALIZADO').reduce((sum, x) => sum + x.amountCents, 0);

/** GET invoices/{id}/pix-payments: the order's Pix received, what may still go back, and their refunds. */
export async function listPixPayments(db: Db, actor: Actor, invoiceId: number): Promise<PixPayments> {
  await visibleInvoice(db, actor, invoiceId);
  const received = await db
    .select()
    .from(r)
    .where(and(eq(r.organizationId, actor.organizationId), eq(r.invoiceId, invoiceId)))
    .orderBy(asc(r.paidAt), asc(r.id));
  const refunds = received.length
    ? await db
        .select()
        .from(d)
        .where(
          and(
            eq(d.organizationId, actor.organizationId),
            inArray(
              d.pixReceivedId,
              received.map((x) => x.id),
            ),
          ),
        )
        .orderBy(asc(d.id))
    : [];
  return {
    data: received.map((x) => {
      const mine = refunds.filter((y) => y.pixReceivedId === x.id);
      return {
        paymentId: x.paymentId,
        endToEndId: x.endToEndId,
        amount: fromCents(x.amountCents),
        refundable: x.paymentId ? fromCents(Math.max(x.amountCents - counted(mine), 0)) : 0,
        refunds: mine.map((y) => ({
          id: y.refundId,
          amount: fromCents(y.amountCents),
          status: y.status,
          reason: y.reason,
          error: y.pspError,
          createdAt: y.createdAt.toISOString(),
        })),
      };
    }),
  };
}

/**
 * POST invoices/{id}/payments/{paymentId}/pix-refund: at most what the Pix paid less its refunds (422 on
 * `amount` otherwise), asked of the PSP at once. A refusal is told on `amount` in the PSP's words; a PSP
 * that does not answer leaves the refund to be asked again by the reconciliation.
 */
export async function requestRefund(
  ctx: PixContext,
  actor: Actor,
  invoiceId: number,
  paymentId: number,
  body: PixRefundBody,
) {
  const cents = toCents(body.amount);
  const reason = body.reason ?? null;
  const { pix, refund } = await ctx.db.transaction(async (tx) => {
    const order = await lockInvoice(tx, actor, invoiceId);
    const [found] = await tx
      .select()
      .from(r)
      .where(and(eq(r.organizationId, actor.organizationId), eq(r.invoiceId, order.id), eq(r.paymentId, paymentId)))
      .for('update');
    if (!found) throw conflict(pixRefundMessages.notPix);
    const before = await tx.select().from(d).where(eq(d.pixReceivedId, found.id));
    const left = Math.max(found.amountCents - counted(before), 0);
    if (cents > left) throw invalid({ amount: pixRefundMessages.amountOver(fromCents(left)) });
    const [asked] = await tx
      .insert(d)
      .values({
        organizationId: actor.organizationId,
        pixReceivedId: found.id,
        refundId: newPixTxid('DEV'),
        amountCents: cents,
        reason,
        requestedById: actor.userId,
      })
      .returning();
    const text = `${formatMoney(fromCents(cents))} do Pix ${found.endToEndId}`;
    await systemComment(tx, actor, order.id, `${actor.name} pediu ao PSP a devolução de ${text}.`);
    await recordChange(tx, actor, order.id, 'update', [{ field: 'pixRefund', before: null, after: text }]);
    return { pix: found, refund: asked! };
  });
  const psp = await companyPsp(ctx, actor.organizationId, pix.companyId);
  if (!psp) {
    await ctx.db
      .update(d)
      .set({ status: 'NAO_REALIZADO', pspError: pixRefundMessages.noPsp, updatedAt: new Date() })
      .where(eq(d.id, refund.id));
    throw invalid({ amount: pixRefundMessages.noPsp });
  }
  const client = pspClient(psp.connection, { timeoutMs: 10_000, retries: 1 });
  try {
    const status = await advanceRefund(ctx, client, { ...refund, endToEndId: pix.endToEndId });
    if (status === 'NAO_REALIZADO') {
      const [after] = await ctx.db.select({ error: d.pspError }).from(d).where(eq(d.id, refund.id));
      throw invalid({ amount: after?.error ?? pixRefundMessages.notPix });
    }
  } finally {
    client.close();
  }
  return listPixPayments(ctx.db, actor, invoiceId);
}

type OpenRefund = typeof d.$inferSelect & { endToEndId: string };

/**
 * Asks the PSP for one refund (PUT while it has not answered, GET after) and keeps its answer; DEVOLVIDO
 * reverses the payment. Returns the status now known; a PSP that cannot be reached leaves it as it was.
 */
export async function advanceRefund(ctx: PixContext, client: PspClient, refund: OpenRefund) {
  let answer: PixDevolucao;
  try {
    answer =
      refund.status === 'creating'
        ? await client.putRefund(
            refund.endToEndId,
            refund.refundId,
            refundBody(refund.amountCents, refund.reason ?? undefined),
          )
        : await client.getRefund(refund.endToEndId, refund.refundId);
  } catch (err) {
    if (err instanceof PspError && !err.retryable) {
      await ctx.db
        .update(d)
        .set({ status: 'NAO_REALIZADO', pspError: pspFailure(err), updatedAt: new Date() })
        .where(eq(d.id, refund.id));
      return 'NAO_REALIZADO' as const;
    }
    await ctx.db
      .update(d)
      .set({ pspError: pspFailure(err), updatedAt: new Date() })
      .where(eq(d.id, refund.id));
    ctx.log.warn({ refundId: refund.refundId, error: pspFailure(err) }, 'Pix refund not checked; will retry');
    return refund.status;
  }
  const status = answer.status;
  if (status === 'DEVOLVIDO') await reverse(ctx, refund.id, answer.rtrId);
  else
    await ctx.db
      .update(d)
      .set({
        status,
        rtrId: answer.rtrId ?? null,
        pspError: status === 'NAO_REALIZADO' ? (answer.motivo ?? 'O PSP não realizou a devolução') : null,
        updatedAt: new Date(),
      })
      .where(eq(d.id, refund.id));
  return status;
}

/** The payment reduced by the refund (removed when nothing is left of it), once per refund. */
async function reverse(ctx: PixContext, refundRowId: number, rtrId: string | undefined) {
  await ctx.db.transaction(async (tx) => {
    const [refund] = await tx
      .update(d)
      .set({ status: 'DEVOLVIDO', rtrId: rtrId ?? null, pspError: null, reversedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(d.id, refundRowId), sql`${d.reversedAt} IS NULL`))
      .returning();
    if (!refund) return;
    const [pix] = await tx.select().from(r).where(eq(r.id, refund.pixReceivedId));
    if (!pix?.invoiceId || !pix.paymentId) return;
    const actor = pspActor(refund.organizationId);
    const order = await lockInvoice(tx, actor, pix.invoiceId);
    const [payment] = await tx.select().from(pay).where(eq(pay.id, pix.paymentId));
    if (!payment) return;
    if (payment.amountCents <= refund.amountCents) {
      await deletePayments(tx, actor, order, [payment.id], 'estornou, pela devolução do Pix,');
      return;
    }
    const left = payment.amountCents - refund.amountCents;
    await tx.update(pay).set({ amountCents: left }).where(eq(pay.id, payment.id));
    const text = `${formatMoney(fromCents(refund.amountCents))} do Pix ${pix.endToEndId}`;
    await systemComment(tx, actor, order.id, `O PSP devolveu ${text} ao pagador; o pagamento foi reduzido.`);
    await recordChange(tx, actor, order.id, 'update', [
      { field: 'payments', before: formatMoney(fromCents(payment.amountCents)), after: formatMoney(fromCents(left)) },
      ...(await settle(tx, order)),
    ]);
  });
}

/** Every refund of the company still open at the PSP (or only those of these Pix), asked about once. */
export async function followRefunds(
  ctx: PixContext,
  client: PspClient,
  company: { organizationId: number; companyId: number },
  endToEndIds?: string[],
) {
  if (endToEndIds && !endToEndIds.length) return;
  const open = await ctx.db
    .select({ refund: d, endToEndId: r.endToEndId })
    .from(d)
    .innerJoin(r, eq(r.id, d.pixReceivedId))
    .where(
      and(
        eq(d.organizationId, company.organizationId),
        eq(r.companyId, company.companyId),
        inArray(d.status, ['creating', 'EM_PROCESSAMENTO']),
        endToEndIds ? inArray(r.endToEndId, endToEndIds) : undefined,
      ),
    )
    .orderBy(asc(d.id))
    .limit(200);
  for (const { refund, endToEndId } of open) await advanceRefund(ctx, client, { ...refund, endToEndId });
}
