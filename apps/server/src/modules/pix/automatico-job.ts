import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';

type RecurringChargeStatus = schema.RecurringChargeStatus;
import { queryRows } from '../../lib/sql.ts';
import {
  automaticoCalls,
  cobrBody,
  recBody,
  RETRY_RULE,
  solicRecBody,
  type CobR,
  type Rec,
} from './automatico-bodies.ts';
import { debtorOf, organizationDay } from './automatico.service.ts';
import { PspError, type PspClient } from './psp-client.ts';
import { companyWebhookUrl, pspFailure, type PixContext } from './pix-psp.service.ts';
import { recordPix } from './pix-received.service.ts';
import { fallBack, remindFallbacks } from './automatico-fallback.ts';
import { withClient } from './automatico-client.ts';
import { carryOutCancels } from './automatico-cancel.ts';
import { followContracts } from './automatico-follow-contract.ts';

// Pix Automático's side of the Pix job, outside any transaction (a PSP that is down never blocks a
// write): the recurrences 'Pedir autorização' queued are sent (POST /rec, then POST /solicrec, the
// company's /webhookrec and /webhookcobr registered first); each approved recurrence's next period gets its
// recurring charge (PUT /cobr/{txid}) inside the window before its due date; what the PSP says of a
// recurrence or a charge (its webhooks, or the reconciliation's reads) is kept, a paid charge recorded once
// as the period's payment, and a failed attempt tried again as the policy allows, or else the period falls
// back to a normal charge with due date and a reminder (automatico-fallback.ts).

const rec = schema.contractPixRecurrences;
const cobr = schema.contractPixRecurringCharges;
const LEASE_SECONDS = 60;
/** The wait before the n-th new try of a recurrence the PSP could not be asked about: 10 s doubling to 30 min. */
const retrySeconds = (n: number) => Math.min(10 * 2 ** Math.max(0, n - 1), 1800);
const BATCH = 10;

type RecRow = typeof rec.$inferSelect;
type CobrRow = typeof cobr.$inferSelect;

/** The company's /webhookrec and /webhookcobr at its current address, registered again when it changed. */
async function ensureWebhooks(ctx: PixContext, client: PspClient, organizationId: number, companyId: number) {
  const url = await companyWebhookUrl(ctx, organizationId, companyId);
  const p = schema.companyPixPsp;
  const [row] = await ctx.db
    .select({ at: p.automaticoWebhookUrl })
    .from(p)
    .where(and(eq(p.organizationId, organizationId), eq(p.companyId, companyId)));
  if (!url || row?.at === url) return;
  const calls = automaticoCalls(client);
  await calls.putWebhookRec(url);
  await calls.putWebhookCobr(url);
  await ctx.db
    .update(p)
    .set({ automaticoWebhookUrl: url })
    .where(and(eq(p.organizationId, organizationId), eq(p.companyId, companyId)));
}

/** The queued recurrences due, leased to this instance. */
const claimQueued = (ctx: PixContext) =>
  queryRows<{ id: number }>(
    ctx.db,
    sql`UPDATE contract_pix_recurrences SET lease_until = now() + ${LEASE_SECONDS} * interval '1 second', attempts = attempts + 1
         WHERE id IN (SELECT id FROM contract_pix_recurrences
                       WHERE status = 'queued' AND cancel_requested_at IS NULL AND next_attempt_at <= now()
                         AND (lease_until IS NULL OR lease_until < now())
                       ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );

/** One queued recurrence to the PSP: the recurrence (its idRec kept at once), then the request to the payer. */
async function sendRecurrence(ctx: PixContext, id: number, now: Date) {
  const [r] = await ctx.db.select().from(rec).where(eq(rec.id, id));
  if (!r) return;
  const [c] = await queryRows<{
    amount_cents: number;
    periodicity: 'monthly' | 'quarterly' | 'semiannual' | 'annual';
    end_date: string | null;
    readjustment_index: string | null;
    type: number;
    identifier: string;
    name: string;
    company: string;
  }>(
    ctx.db,
    sql`SELECT k.amount_cents, k.periodicity, to_char(k.end_date, 'YYYY-MM-DD') AS end_date, k.readjustment_index,
               cu.type, cu.identifier, cu.name, co.name AS company
          FROM contracts k JOIN customers cu ON cu.id = k.customer_id JOIN companies co ON co.id = k.company_id
         WHERE k.id = ${r.contractId}`,
  );
  const debtor = c ? debtorOf(c) : null;
  try {
    const done = await withClient(
      ctx,
      r.organizationId,
      r.companyId,
      async (client) => {
        const calls = automaticoCalls(client);
        await ensureWebhooks(ctx, client, r.organizationId, r.companyId);
        let idRec = r.idRec;
        // POST /rec is not idempotent: after an attempt whose answer was lost, the recurrence it may have
        // made is looked for (GET /rec of the payer since the request) before another is asked.
        if (!idRec && r.attempts > 1) {
          const made = await calls.listRecs(new Date(r.createdAt.getTime() - 60_000), now, debtor!.document);
          idRec =
            made.recs?.find((x) => x.vinculo?.contrato === String(r.contractId) && x.status === 'CRIADA')?.idRec ??
            null;
          if (idRec) await ctx.db.update(rec).set({ idRec, updatedAt: new Date() }).where(eq(rec.id, r.id));
        }
        if (!idRec) {
          const made = await calls.postRec(
            recBody({
              contractId: r.contractId,
              companyName: c!.company,
              debtor: debtor!,
              firstDate: r.firstDate,
              endDate: c!.end_date,
              periodicity: c!.periodicity,
              amountCents: Number(c!.amount_cents),
              readjusted: !!c!.readjustment_index,
              retryPolicy: r.retryPolicy,
            }),
          );
          idRec = made.idRec;
          await ctx.db.update(rec).set({ idRec, updatedAt: new Date() }).where(eq(rec.id, r.id));
        }
        const asked = await calls.postSolicRec(
          solicRecBody({
            idRec,
            debtor: debtor!,
            ispb: r.payerIspb,
            branch: r.payerBranch,
            account: r.payerAccount,
            now,
          }),
        );
        const current = await calls.getRec(idRec);
        await ctx.db
          .update(rec)
          .set({
            idSolicRec: asked.idSolicRec,
            status: current.status,
            lastError: null,
            leaseUntil: null,
            updatedAt: new Date(),
          })
          .where(eq(rec.id, r.id));
        return true;
      },
      0,
    );
    if (!done) await ctx.db.update(rec).set({ leaseUntil: null }).where(eq(rec.id, r.id));
  } catch (err) {
    const message = pspFailure(err);
    const refused = err instanceof PspError && !err.retryable;
    ctx.log.warn({ recurrenceId: r.id, error: message }, 'Pix Automático recurrence not sent');
    await ctx.db
      .update(rec)
      .set({
        ...(refused ? { status: 'failed' as const } : {}),
        lastError: message,
        leaseUntil: null,
        nextAttemptAt: sql`now() + ${retrySeconds(r.attempts + 1)} * interval '1 second'`,
        updatedAt: new Date(),
      })
      .where(eq(rec.id, r.id));
  }
}

/**
 * The approved recurrences whose contract's next period is inside the window of its recurring charge
 * today: the charge's row written (once per recurrence and period: the unique key), txid first.
 */
async function writeDueCharges(ctx: PixContext, now: Date) {
  await ctx.db.execute(sql`
    INSERT INTO contract_pix_recurring_charges (organization_id, recurrence_id, contract_id, company_id, period_date, txid, amount_cents)
    SELECT r.organization_id, r.id, r.contract_id, r.company_id, k.next_billing_date,
           left('CTR' || k.id || 'P' || to_char(k.next_billing_date, 'YYYYMMDD') || md5(random()::text) || md5(random()::text), 35),
           k.amount_cents
      FROM contract_pix_recurrences r
      JOIN contracts k ON k.id = r.contract_id AND k.organization_id = r.organization_id
      JOIN organizations o ON o.id = r.organization_id
     WHERE r.status = 'APROVADA' AND r.cancel_requested_at IS NULL AND k.status = 'ativo' AND k.next_billing_date IS NOT NULL
       AND k.next_billing_date >= r.first_date
       AND k.next_billing_date - 10 <= (${now.toISOString()}::timestamptz AT TIME ZONE o.time_zone)::date
       AND k.next_billing_date - 2 >= (${now.toISOString()}::timestamptz AT TIME ZONE o.time_zone)::date
    ON CONFLICT (recurrence_id, period_date) WHERE withdrawn_at IS NULL DO NOTHING`);
}

/** PUT /cobr/{txid} of the charges written and not yet answered (the same txid again after a time-out). */
async function sendCharges(ctx: PixContext) {
  const rows = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT id FROM contract_pix_recurring_charges WHERE status = 'creating' ORDER BY id LIMIT ${BATCH * 5}`,
  );
  for (const { id } of rows) {
    const [c] = await ctx.db.select().from(cobr).where(eq(cobr.id, id));
    const [r] = c ? await ctx.db.select().from(rec).where(eq(rec.id, c.recurrenceId)) : [];
    if (!c || !r?.idRec) continue;
    try {
      await withClient(ctx, c.organizationId, c.companyId, async (client) => {
        const made = await automaticoCalls(client).putCobr(
          c.txid,
          cobrBody({
            idRec: r.idRec!,
            dueDate: c.periodDate,
            amountCents: c.amountCents,
            info: `Contrato de manutenção nº ${c.contractId} — vencimento ${c.periodDate.split('-').toReversed().join('/')}`,
            receiver: { branch: r.receiverBranch, account: r.receiverAccount, type: r.receiverAccountType },
          }),
        );
        await keep(ctx, c, made);
      });
    } catch (err) {
      if (!(err instanceof PspError) || err.retryable) {
        ctx.log.warn({ chargeId: c.id, error: pspFailure(err) }, 'Pix Automático charge not sent; next round');
        continue;
      }
      // Refused: the period is charged the usual way.
      await ctx.db
        .update(cobr)
        .set({ status: 'failed', lastError: err.message, updatedAt: new Date() })
        .where(eq(cobr.id, c.id));
      await fallBack(ctx, c.id);
    }
  }
}

/** What the PSP says of a recurring charge, kept: its status and its last attempt's. */
async function keep(ctx: PixContext, c: CobrRow, made: CobR) {
  const last = made.tentativas?.at(-1);
  await ctx.db
    .update(cobr)
    .set({
      status: made.status as RecurringChargeStatus,
      attemptStatus: last?.status ?? null,
      attemptDate: last?.dataLiquidacao ?? null,
      lastError: null,
      updatedAt: new Date(),
    })
    .where(eq(cobr.id, c.id));
}

/**
 * A recurring charge as the PSP has it now (GET /cobr/{txid}): kept; paid, each Pix recorded once as the
 * period's payment (it waits for the period to be billed); its last attempt failed with the charge still
 * active, a new attempt the next day while PERMITE_3R_7D allows (three, within seven days after the due
 * date); refused, expired or canceled, or no new attempt possible: the normal charge takes over.
 */
export async function followCharge(
  ctx: PixContext,
  client: PspClient,
  c: CobrRow,
  source: 'webhook' | 'reconciliation',
) {
  if (c.fallbackAt || c.pixReceivedId || c.withdrawnAt) return;
  const now = await automaticoCalls(client).getCobr(c.txid);
  await keep(ctx, c, now);
  if (now.status === 'CONCLUIDA') {
    for (const pix of now.pix ?? [])
      await recordPix(ctx, {
        organizationId: c.organizationId,
        companyId: c.companyId,
        pix: { ...pix, txid: c.txid },
        source,
      });
    return;
  }
  if (now.status !== 'ATIVA' && now.status !== 'CRIADA') return fallBack(ctx, c.id);
  const attempts = now.tentativas ?? [];
  const last = attempts.at(-1);
  if (!last || !['REJEITADA', 'EXPIRADA', 'CANCELADA'].includes(last.status)) return;
  const [r] = await ctx.db.select().from(rec).where(eq(rec.id, c.recurrenceId));
  const today = await organizationDay(ctx.db, c.organizationId);
  const day = [addDays(today, 1), addDays(last.dataLiquidacao, 1)].sort().at(-1)!;
  const allowed =
    r?.retryPolicy === 'PERMITE_3R_7D' &&
    c.retries < RETRY_RULE.max &&
    day <= addDays(c.periodDate, RETRY_RULE.withinDays);
  if (!allowed) return fallBack(ctx, c.id);
  try {
    const retried = await automaticoCalls(client).retryCobr(c.txid, day);
    await ctx.db
      .update(cobr)
      .set({ retries: c.retries + 1 })
      .where(eq(cobr.id, c.id));
    await keep(ctx, c, retried);
  } catch (err) {
    if (!(err instanceof PspError) || err.retryable) throw err;
    await ctx.db.update(cobr).set({ lastError: err.message }).where(eq(cobr.id, c.id));
    await fallBack(ctx, c.id);
  }
}

/** A recurrence as the PSP has it now (GET /rec/{idRec}), kept. */
export async function followRecurrence(ctx: PixContext, client: PspClient, r: RecRow) {
  if (!r.idRec) return;
  const now: Rec = await automaticoCalls(client).getRec(r.idRec);
  if (now.status !== r.status)
    await ctx.db.update(rec).set({ status: now.status, updatedAt: new Date() }).where(eq(rec.id, r.id));
}

/**
 * The reads of the reconciliation (and of a webhook, for what it names): the company's recurrences
 * waiting for the payer, and its recurring charges not over — or paid, waiting for their period.
 */
export async function followAutomatico(
  ctx: PixContext,
  client: PspClient,
  company: { organizationId: number; companyId: number },
  only: { idRecs?: string[]; txids?: string[] } = {},
  source: 'webhook' | 'reconciliation' = 'reconciliation',
) {
  const of = and(eq(rec.organizationId, company.organizationId), eq(rec.companyId, company.companyId));
  const recs =
    only.idRecs && !only.idRecs.length
      ? []
      : await ctx.db
          .select()
          .from(rec)
          .where(and(of, only.idRecs ? inArray(rec.idRec, only.idRecs) : eq(rec.status, 'CRIADA')));
  for (const r of recs) await followRecurrence(ctx, client, r);
  if (only.txids && !only.txids.length) return;
  const charges = await ctx.db
    .select()
    .from(cobr)
    .where(
      and(
        eq(cobr.organizationId, company.organizationId),
        eq(cobr.companyId, company.companyId),
        sql`${cobr.fallbackAt} IS NULL AND ${cobr.pixReceivedId} IS NULL AND ${cobr.withdrawnAt} IS NULL`,
        only.txids ? inArray(cobr.txid, only.txids) : inArray(cobr.status, ['CRIADA', 'ATIVA', 'CONCLUIDA']),
      ),
    );
  for (const c of charges) await followCharge(ctx, client, c, source);
}

/**
 * One round of the Pix job for Pix Automático: the queued recurrences sent, the charges whose contract
 * changed brought in line (automatico-follow-contract.ts), the charges of the periods in their window
 * written and sent, the paid charges whose period is now billed recorded, the reminders of
 * the periods that fell back queued. `now` is the clock (tests move it).
 */
export async function runAutomatico(ctx: PixContext, o: { now?: Date } = {}) {
  const now = o.now ?? new Date();
  for (const { id } of await claimQueued(ctx)) await sendRecurrence(ctx, id, now);
  await carryOutCancels(ctx);
  await followContracts(ctx, now);
  await writeDueCharges(ctx, now);
  await sendCharges(ctx);
  const waiting = await queryRows<{ organization_id: number; company_id: number; txid: string }>(
    ctx.db,
    sql`SELECT c.organization_id, c.company_id, c.txid FROM contract_pix_recurring_charges c
          JOIN contract_periods p ON p.contract_id = c.contract_id AND p.period_date = c.period_date AND p.invoice_id IS NOT NULL
         WHERE c.status = 'CONCLUIDA' AND c.pix_received_id IS NULL AND c.fallback_at IS NULL LIMIT ${BATCH * 5}`,
  );
  for (const w of waiting) {
    await withClient(ctx, w.organization_id, w.company_id, (client) =>
      followAutomatico(
        ctx,
        client,
        { organizationId: w.organization_id, companyId: w.company_id },
        { txids: [w.txid] },
      ),
    ).catch((err: unknown) => ctx.log.warn({ error: pspFailure(err) }, 'Pix Automático charge not read'));
  }
  await remindFallbacks(ctx);
}
