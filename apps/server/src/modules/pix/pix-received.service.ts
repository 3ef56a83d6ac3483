import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatMoney, fromCents, InvoiceState } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { lockInvoice } from '../../core/orders/invoice-access.ts';
import { insertPayment } from '../../core/payments/payments.ts';
import { notifyHolders } from '../../core/notify/notify.ts';
import { pixCents } from './charge-bodies.ts';
import { PspError, pspClient, type PixRecebido } from './psp-client.ts';
import { companyPsp, hashWebhookToken, type PixContext } from './pix-psp.service.ts';
import { followRefunds } from './pix-refunds.service.ts';
import { pspActor } from './psp-actor.ts';
import { queueReceipt } from './pix-receipts.ts';

// A Pix the PSP reported becomes one payment of its order, once: `pix_received` has one row per
// endToEndId, inserted in the transaction that records the payment, so the second report (a repeated
// webhook, another instance, the reconciliation) inserts nothing and pays nothing.

const r = schema.pixReceived;
const ch = schema.pixCharges;
const rv = schema.receivables;
const rc = schema.contractPixRecurringCharges;

/**
 * The order and instalment a recurring charge's Pix pays: its contract period's, once billed ('wait'
 * before); null when the txid is no recurring charge of the company's.
 */
async function recurringTarget(ctx: PixContext, organizationId: number, companyId: number, txid: string) {
  const [row] = await queryRows<{ id: number; invoice_id: number | null; receivable_id: number | null }>(
    ctx.db,
    sql`SELECT c.id, p.invoice_id, p.receivable_id FROM contract_pix_recurring_charges c
          LEFT JOIN contract_periods p ON p.contract_id = c.contract_id AND p.period_date = c.period_date
         WHERE c.organization_id = ${organizationId} AND c.company_id = ${companyId} AND c.txid = ${txid}`,
  );
  if (!row) return null;
  if (!row.invoice_id) return 'wait' as const;
  return { recurringId: row.id, invoiceId: row.invoice_id, receivableId: row.receivable_id };
}

/** The day of a moment (ISO 8601) in the organization's time zone ('YYYY-MM-DD'). */
export async function localDay(tx: Tx, organizationId: number, at: string) {
  const [row] = await queryRows<{ day: string }>(
    tx,
    sql`SELECT (${at}::timestamptz AT TIME ZONE o.time_zone)::date::text AS day FROM organizations o WHERE o.id = ${organizationId}`,
  );
  return row!.day;
}

/** The instalment, under its order's lock, when it is not received yet. */
async function openInstalment(tx: Tx, organizationId: number, receivableId: number) {
  const [row] = await tx
    .select({ id: rv.id, installmentNumber: rv.installmentNumber, installmentCount: rv.installmentCount })
    .from(rv)
    .where(and(eq(rv.id, receivableId), eq(rv.organizationId, organizationId), isNull(rv.paymentId)));
  return row ?? null;
}

/**
 * Records a Pix the PSP vouched for: its order's payment (method pix, on the day of its `horario` in the
 * organization's zone), the charge concluded, who sees payments told; or, when its txid names no charge of
 * ours, a 'Pix não identificado'. Returns false when it was already recorded.
 */
export async function recordPix(
  ctx: PixContext,
  o: { organizationId: number; companyId: number; pix: PixRecebido; source: 'webhook' | 'reconciliation' },
): Promise<boolean> {
  const { organizationId, companyId, pix } = o;
  const amountCents = pixCents(pix.valor);
  if (!(amountCents > 0) || !/^[a-zA-Z0-9]{32}$/.test(pix.endToEndId)) return false;
  const [found] = pix.txid
    ? await ctx.db
        .select()
        .from(ch)
        .where(and(eq(ch.organizationId, organizationId), eq(ch.companyId, companyId), eq(ch.txid, pix.txid)))
    : [];
  // Not a charge of the order's: maybe a contract period's recurring charge (Pix Automático), which is
  // recorded once its period is billed (until then nothing is, not even as 'não identificado').
  const recurring = !found && pix.txid ? await recurringTarget(ctx, organizationId, companyId, pix.txid) : null;
  if (recurring === 'wait') return false;
  const charge = found ?? recurring;
  return ctx.db.transaction(async (tx) => {
    const [received] = await tx
      .insert(r)
      .values({
        organizationId,
        companyId,
        endToEndId: pix.endToEndId,
        txid: pix.txid ?? null,
        amountCents,
        paidAt: new Date(pix.horario),
        payerInfo: pix.infoPagador?.slice(0, 140) ?? null,
        source: o.source,
      })
      .onConflictDoNothing()
      .returning({ id: r.id });
    if (!received) return false;
    if (!charge) {
      await notifyHolders(tx, 'payment.see', {
        organizationId,
        sourceKey: `pix-unidentified:${pix.endToEndId}`,
        title: 'Pix não identificado',
        description: `Um Pix de ${formatMoney(fromCents(amountCents))} chegou sem cobrança conhecida. Associe-o a uma ordem.`,
        url: '/pix/unidentified',
      });
      return true;
    }
    const actor = pspActor(organizationId);
    const row = await lockInvoice(tx, actor, charge.invoiceId);
    // A charge with a due date settles its instalment, if still open (it may have been received by hand
    // while the charge was being withdrawn: the Pix is then a payment of the order alone).
    const instalment = charge.receivableId ? await openInstalment(tx, organizationId, charge.receivableId) : null;
    const paymentId = await insertPayment(tx, actor, row, {
      amountCents,
      method: 'pix',
      paidAt: await localDay(tx, organizationId, pix.horario),
      note: `Pix ${pix.endToEndId}${instalment ? ` (parcela ${instalment.installmentNumber}/${instalment.installmentCount})` : ''}`,
      receivableId: instalment?.id ?? null,
    });
    await tx.update(r).set({ invoiceId: row.id, paymentId }).where(eq(r.id, received.id));
    await queueReceipt(tx, {
      organizationId,
      invoiceId: row.id,
      amountCents,
      paidAt: await localDay(tx, organizationId, pix.horario),
      endToEndId: pix.endToEndId,
    });
    if (found) await tx.update(ch).set({ status: 'CONCLUIDA', updatedAt: new Date() }).where(eq(ch.id, found.id));
    else
      await tx
        .update(rc)
        .set({ status: 'CONCLUIDA', pixReceivedId: received.id, updatedAt: new Date() })
        .where(eq(rc.id, recurring!.recurringId));
    const canceled = row.state === InvoiceState.Canceled ? ' (a ordem está cancelada)' : '';
    await notifyHolders(tx, 'payment.see', {
      organizationId,
      sourceKey: `pix-paid:${pix.endToEndId}`,
      title: `Pix recebido: OS nº ${row.number}`,
      description: `${formatMoney(fromCents(amountCents))} recebidos por Pix na ordem nº ${row.number}${canceled}.`,
      url: `/invoices/${row.id}/edit`,
    });
    return true;
  });
}

/**
 * A webhook's Pix, each confirmed with the PSP before anything is recorded: a charge of ours must be
 * CONCLUIDA at the PSP with that endToEndId and that value among its Pix; any other must exist at the PSP
 * (GET /pix/{e2eid}) with that value. The webhook's own words are never recorded: the PSP's answer is.
 */
export async function receiveWebhook(ctx: PixContext, token: string, items: PixRecebido[]) {
  const s = schema.companyPixPsp;
  const [hook] = await ctx.db
    .select({ organizationId: s.organizationId, companyId: s.companyId })
    .from(s)
    .where(eq(s.webhookTokenHash, hashWebhookToken(token)));
  if (!hook) return ctx.log.warn('Pix webhook with an unknown token; ignored');
  const psp = await companyPsp(ctx, hook.organizationId, hook.companyId);
  if (!psp) return;
  const client = pspClient(psp.connection, { timeoutMs: 10_000, retries: 2 });
  try {
    for (const item of items) {
      try {
        const confirmed = await confirm(ctx, client, hook, item);
        if (confirmed) await recordPix(ctx, { ...hook, pix: confirmed, source: 'webhook' });
        else
          ctx.log.warn(
            { endToEndId: String(item.endToEndId).slice(0, 40) },
            'Pix webhook item not confirmed by the PSP; ignored',
          );
      } catch (err) {
        // Not confirmed now (PSP down): the reconciliation finds it later.
        ctx.log.warn({ error: err instanceof PspError ? err.message : String(err) }, 'Pix webhook item not checked');
      }
    }
    // A webhook also tells of refunds settled: the ones still open of these Pix are asked of the PSP.
    const told = items.map((x) => x?.endToEndId).filter((x): x is string => typeof x === 'string');
    await followRefunds(ctx, client, hook, told.slice(0, 1000));
  } finally {
    client.close();
  }
}

async function confirm(
  ctx: PixContext,
  client: ReturnType<typeof pspClient>,
  hook: { organizationId: number; companyId: number },
  item: PixRecebido,
): Promise<PixRecebido | null> {
  if (typeof item?.endToEndId !== 'string' || typeof item.valor !== 'string') return null;
  const [charge] = item.txid
    ? await ctx.db
        .select({ kind: ch.kind, txid: ch.txid })
        .from(ch)
        .where(
          and(eq(ch.organizationId, hook.organizationId), eq(ch.companyId, hook.companyId), eq(ch.txid, item.txid)),
        )
    : [];
  if (charge) {
    const cob = await client.getCob(charge.kind, charge.txid).catch(notFound);
    const paid = cob?.status === 'CONCLUIDA' ? cob.pix?.find((p) => p.endToEndId === item.endToEndId) : undefined;
    return paid && pixCents(paid.valor) === pixCents(item.valor) ? { ...paid, txid: charge.txid } : null;
  }
  const found = await client.getPix(item.endToEndId).catch(notFound);
  return found && pixCents(found.valor) === pixCents(item.valor) && (found.txid ?? null) === (item.txid ?? null)
    ? found
    : null;
}

/** A 4xx (not found, refused) means the PSP does not vouch for it; anything else is asked again later. */
function notFound(err: unknown): null {
  if (err instanceof PspError && !err.retryable) return null;
  throw err;
}
