import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { InvoiceState, newPixTxid, PersonType, pixChargeRules } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { startIntervalJob, type Job } from '../../lib/interval-job.ts';
import { queryRows } from '../../lib/sql.ts';
import { dueCents } from '../../core/orders/settle.ts';
import { cobBody, revisedAmountBody, type Debtor } from './charge-bodies.ts';
import { PspError, pspClient, type PspClient } from './psp-client.ts';
import { refusedOrThrow, stored, withdraw, type ChargeRow } from './charge-state.ts';
import {
  openInstalments,
  syncInstalmentCharges,
  unscheduledCents,
  type InstalmentsWanted,
} from './instalment-charges.ts';
import { companyPsp, pspFailure, type PixContext } from './pix-psp.service.ts';
import { followWebhookKeys } from './webhook-keys.ts';
import { sendQueuedReceipts } from './pix-receipts.ts';
import { runAutomatico } from './automatico-job.ts';

// The charges follow the orders: an order of a connected company with something due and not yet paid has
// one immediate charge of what is due (PUT /cob) — less what its open instalments hold, each of which has
// its own charge with a due date (instalment-charges.ts) — revised when that changes (PATCH valor) and
// withdrawn when it is paid another way or canceled (PATCH status REMOVIDA_PELO_USUARIO_RECEBEDOR). The
// writes that change an order or its instalments only queue it (a trigger, in their own transaction); this job talks to the PSP, outside
// any transaction, so a PSP that is down never blocks saving or completing an order.

const q = schema.pixChargeQueue;
const ch = schema.pixCharges;
const i = schema.invoices;

/** At most this many queued orders of one company in a round. */
const PER_COMPANY = 10;
/** Companies worked at once in a round, each on its own. */
const COMPANIES_AT_ONCE = 4;
const LEASE_SECONDS = 60;
/**
 * A company's share of a round ends by this time: its orders not yet begun are left for the next round,
 * so a slow or unreachable PSP holds back only its own company, and never past its lease.
 */
const COMPANY_DEADLINE_MS = 40_000;
/** The wait before the n-th retry doubles from 10 s up to 30 min. */
export const chargeRetrySeconds = (attempts: number) => Math.min(10 * 2 ** Math.max(0, attempts - 1), 1800);

interface Claimed {
  invoice_id: number;
  organization_id: number;
  company_id: number;
  seq: number;
  attempts: number;
}

/** The queued orders due, up to PER_COMPANY of each company, leased to this instance. */
async function claim(ctx: PixContext, only?: number): Promise<Claimed[]> {
  return queryRows<Claimed>(
    ctx.db,
    sql`
    UPDATE pix_charge_queue q SET lease_until = now() + ${LEASE_SECONDS} * interval '1 second', attempts = q.attempts + 1
      FROM invoices i
     WHERE i.id = q.invoice_id AND i.organization_id = q.organization_id
       AND q.invoice_id IN (
         SELECT ranked.invoice_id FROM (
           SELECT c.invoice_id, row_number() OVER (PARTITION BY c.company_id ORDER BY c.next_attempt_at) AS n
             FROM (
               SELECT pq.invoice_id, pq.next_attempt_at, inv.company_id
                 FROM pix_charge_queue pq
                 JOIN invoices inv ON inv.id = pq.invoice_id AND inv.organization_id = pq.organization_id
                WHERE pq.next_attempt_at <= now() AND (pq.lease_until IS NULL OR pq.lease_until < now())
                  ${only ? sql`AND pq.invoice_id = ${only}` : sql``}
                ORDER BY pq.next_attempt_at
                LIMIT ${PER_COMPANY * 20}
                  FOR UPDATE OF pq SKIP LOCKED) c) ranked
          WHERE ranked.n <= ${PER_COMPANY})
    RETURNING q.invoice_id, q.organization_id, i.company_id, q.seq, q.attempts`,
  );
}

/**
 * What the order should have at the PSP: the amount of its immediate charge (null for none), the
 * instalments to charge by due date, and their texts. With its instalments charged by due date, the
 * immediate charge asks only what no open instalment holds.
 */
async function wanted(ctx: PixContext, organizationId: number, invoiceId: number) {
  const cu = schema.customers;
  const co = schema.companies;
  const [order] = await ctx.db
    .select({
      id: i.id,
      number: i.number,
      state: i.state,
      isPaid: i.isPaid,
      subtotalCents: i.subtotalCents,
      discountCents: i.discountCents,
      organizationId: i.organizationId,
      companyId: i.companyId,
      customerId: i.customerId,
      nfseWithholdings: i.nfseWithholdings,
      companyName: co.name,
      customerName: cu.name,
      customerType: cu.type,
      customerIdentifier: cu.identifier,
    })
    .from(i)
    .innerJoin(co, eq(co.id, i.companyId))
    .innerJoin(cu, eq(cu.id, i.customerId))
    .where(and(eq(i.id, invoiceId), eq(i.organizationId, organizationId)));
  if (!order) return null;
  const psp = await companyPsp(ctx, organizationId, order.companyId);
  // The charge asks what is still due: the total less what the customer withholds and what was received.
  const { due, expected } = await dueCents(ctx.db, order);
  const payable = order.state !== InvoiceState.Draft && order.state !== InvoiceState.Canceled && !order.isPaid;
  const digits = order.customerIdentifier.replace(/\D/g, '');
  const debtor: Debtor | null =
    (order.customerType === PersonType.Juridical && digits.length === 14) || digits.length === 11
      ? { document: digits, name: order.customerName }
      : null;
  const charging = !!psp?.pixKey && payable && due > 0;
  const instalments = charging && debtor ? await openInstalments(ctx, organizationId, invoiceId) : [];
  const immediate = charging && debtor ? Math.min(due, await unscheduledCents(ctx, invoiceId, expected)) : due;
  const byDueDate: InstalmentsWanted = {
    organizationId,
    invoiceId,
    companyId: order.companyId,
    number: order.number,
    companyName: order.companyName,
    instalments,
    debtor,
    today: await organizationToday(ctx, organizationId),
    pixKey: psp?.pixKey ?? null,
    rules: psp?.rules ?? pixChargeRules.parse({}),
  };
  return { order, psp, amount: charging && immediate > 0 ? immediate : null, debtor, byDueDate };
}

async function organizationToday(ctx: PixContext, organizationId: number) {
  const [row] = await queryRows<{ today: string }>(
    ctx.db,
    sql`SELECT to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS today FROM organizations WHERE id = ${organizationId}`,
  );
  return row!.today;
}

/**
 * Brings one order's charges at the PSP in line with what they should be: its immediate charge and its
 * instalments'. Throws PspError when the PSP could not be asked (the caller retries later); a refusal is
 * kept on the charge and not retried.
 */
export async function syncCharge(ctx: PixContext, organizationId: number, invoiceId: number) {
  const w = await wanted(ctx, organizationId, invoiceId);
  const open = await ctx.db
    .select()
    .from(ch)
    .where(and(eq(ch.invoiceId, invoiceId), inArray(ch.status, ['creating', 'ATIVA'])));
  if (!w || (!open.length && w.amount === null && !w.byDueDate.instalments.length)) return;
  const psp = w.psp ?? (open[0] ? await companyPsp(ctx, organizationId, open[0].companyId) : null);
  if (!psp) return;
  const client = pspClient(psp.connection, { timeoutMs: 10_000, retries: 1 });
  try {
    await syncImmediate(
      ctx,
      client,
      psp,
      w,
      open.find((c) => c.kind === 'cob'),
    );
    await syncInstalmentCharges(
      ctx,
      client,
      w.byDueDate,
      open.filter((c) => c.kind === 'cobv'),
    );
  } finally {
    client.close();
  }
}

type Wanted = NonNullable<Awaited<ReturnType<typeof wanted>>>;
type Psp = NonNullable<Awaited<ReturnType<typeof companyPsp>>>;

/** The order's immediate charge: made, revised or withdrawn. */
async function syncImmediate(ctx: PixContext, client: PspClient, psp: Psp, w: Wanted, open: ChargeRow | undefined) {
  const { organizationId, id: invoiceId } = w.order;
  // The company changed, or the order should not be charged: the open charge is withdrawn.
  if (open && (w.amount === null || open.companyId !== w.order.companyId)) {
    await withdraw(ctx, client, open);
  }
  if (w.amount === null) return;
  const amount = w.amount;
  if (open && open.companyId === w.order.companyId && open.status === 'ATIVA') {
    if (open.amountCents === amount) return;
    const revised = await client.patchCob(open.kind, open.txid, revisedAmountBody(amount));
    await ctx.db
      .update(ch)
      .set({ ...stored(revised), amountCents: amount })
      .where(eq(ch.id, open.id));
    return;
  }
  // A new charge, or one whose creation was not answered: its txid is stored first, so asking again
  // (PUT is the same request while the charge is active) never makes two.
  let charge = open && open.status === 'creating' && open.companyId === w.order.companyId ? open : undefined;
  if (!charge) {
    [charge] = await ctx.db
      .insert(ch)
      .values({
        organizationId,
        companyId: w.order.companyId,
        invoiceId,
        txid: newPixTxid(`OS${w.order.number}`),
        amountCents: amount,
      })
      .returning();
  } else if (charge.amountCents !== amount) {
    await ctx.db.update(ch).set({ amountCents: amount }).where(eq(ch.id, charge.id));
  }
  const body = cobBody({
    chave: psp.pixKey!,
    cents: amount,
    expiryDays: psp.rules.expiryDays,
    debtor: w.debtor,
    request: `Ordem de serviço nº ${w.order.number} — ${w.order.companyName}`,
    info: [['Ordem de serviço', String(w.order.number)]],
  });
  try {
    const made = await client.putCob('cob', charge!.txid, body);
    await ctx.db
      .update(ch)
      .set({ ...stored(made), expiresAt: new Date(Date.now() + psp.rules.expiryDays * 86_400_000) })
      .where(eq(ch.id, charge!.id));
  } catch (err) {
    await refusedOrThrow(ctx, charge!, err);
  }
}

/** One queued order brought in line; a failure is retried with back-off. */
async function syncQueued(ctx: PixContext, row: Claimed) {
  try {
    await syncCharge(ctx, row.organization_id, row.invoice_id);
    // Done, unless the order changed again meanwhile (then it is due again at once).
    const [gone] = await ctx.db
      .delete(q)
      .where(and(eq(q.invoiceId, row.invoice_id), eq(q.seq, row.seq)))
      .returning({ id: q.invoiceId });
    if (!gone) await ctx.db.update(q).set({ leaseUntil: null }).where(eq(q.invoiceId, row.invoice_id));
  } catch (err) {
    const message = pspFailure(err);
    if (!(err instanceof PspError)) ctx.log.error({ err, invoiceId: row.invoice_id }, 'Pix charge job failed');
    else
      ctx.log.warn(
        { invoiceId: row.invoice_id, attempts: row.attempts, error: message },
        'Pix charge not synced; will retry',
      );
    await ctx.db
      .update(q)
      .set({
        leaseUntil: null,
        lastError: message,
        nextAttemptAt: sql`now() + ${chargeRetrySeconds(row.attempts)} * interval '1 second'`,
      })
      .where(eq(q.invoiceId, row.invoice_id));
  }
}

/** One company's orders, one after another, until its deadline; those not begun are released untried. */
async function syncCompany(ctx: PixContext, rows: Claimed[], deadlineMs: number) {
  const until = Date.now() + deadlineMs;
  for (const [n, row] of rows.entries()) {
    if (Date.now() > until) {
      const left = rows.slice(n).map((r) => r.invoice_id);
      await ctx.db
        .update(q)
        .set({ leaseUntil: null, attempts: sql`${q.attempts} - 1` })
        .where(inArray(q.invoiceId, left));
      return;
    }
    await syncQueued(ctx, row);
  }
}

/**
 * One round: the queued orders due, grouped by company; the companies are worked at the same time (a few
 * at once), each on its own and with its own deadline, so one PSP that is slow or does not answer never
 * delays another company's charges. Answers whether a company had more queued than one round takes.
 */
export async function syncQueuedCharges(
  ctx: PixContext,
  only?: number,
  o: { companyDeadlineMs?: number } = {},
): Promise<boolean> {
  const claimed = await claim(ctx, only);
  const byCompany = new Map<number, Claimed[]>();
  for (const row of claimed) byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row]);
  const groups = [...byCompany.values()];
  const worker = async () => {
    for (let group = groups.shift(); group; group = groups.shift())
      await syncCompany(ctx, group, o.companyDeadlineMs ?? COMPANY_DEADLINE_MS);
  };
  await Promise.all(Array.from({ length: Math.min(COMPANIES_AT_ONCE, groups.length) }, worker));
  return [...byCompany.values()].some((rows) => rows.length >= PER_COMPANY);
}

/** The charge job inside the server: every `intervalMs` the queued orders. */
export function startPixChargeJob(app: FastifyInstance, intervalMs: number): Job {
  const ctx: PixContext = { db: app.db, config: app.config, log: app.log };
  return startIntervalJob(app.log, 'Pix charge job', intervalMs, async () => {
    await followWebhookKeys(ctx);
    await runAutomatico(ctx).catch((err: unknown) => ctx.log.error({ err }, 'Pix Automático round failed'));
    const receipts = await sendQueuedReceipts(ctx, { mailer: app.mailer, mailFrom: app.mailFrom });
    return (await syncQueuedCharges(ctx)) || receipts >= 20;
  });
}
