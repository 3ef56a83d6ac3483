import { and, eq, isNull, sql } from 'drizzle-orm';
import { newPixTxid, type PixChargeRules } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { cobvBody, revisedAmountBody, revisedDueDateBody, type Debtor } from './charge-bodies.ts';
import { PspError, type PspClient } from './psp-client.ts';
import type { PixContext } from './pix-psp.service.ts';
import { refusedOrThrow, stored, withdraw, type ChargeRow } from './charge-state.ts';

// The instalments' charges with a due date: while an order of a connected company is to be paid and its
// customer has a CPF or CNPJ (a charge with a due date must name its payer), each open instalment has
// its own charge (PUT /cobv/{txid}) of its amount, due on its due date, payable the company's number of
// days after it, with the company's fine, interest and discount; a new amount or due date revises it (PATCH), and an instalment received another way,
// replaced or dropped, or an order paid or canceled, withdraws it. An instalment already past its due
// date when its charge is made is charged as due that day (the API Pix refuses a due date before the
// charge's creation), so no fine or interest applies to it.

const ch = schema.pixCharges;
const r = schema.receivables;

export interface OpenInstalment {
  id: number;
  amountCents: number;
  dueDate: string;
  installmentNumber: number;
  installmentCount: number;
}

/**
 * The order's instalments not yet received, by due date — less a contract period's instalment that a
 * Pix Automático recurring charge covers (until it gives way to this normal charge).
 */
export const openInstalments = (ctx: PixContext, organizationId: number, invoiceId: number) =>
  ctx.db
    .select({
      id: r.id,
      amountCents: r.amountCents,
      dueDate: r.dueDate,
      installmentNumber: r.installmentNumber,
      installmentCount: r.installmentCount,
    })
    .from(r)
    .where(
      and(
        eq(r.invoiceId, invoiceId),
        eq(r.organizationId, organizationId),
        isNull(r.paymentId),
        sql`NOT EXISTS (SELECT 1 FROM contract_periods p
                          JOIN contract_pix_recurring_charges c ON c.contract_id = p.contract_id AND c.period_date = p.period_date
                         WHERE p.receivable_id = ${r.id} AND c.fallback_at IS NULL AND c.withdrawn_at IS NULL AND c.status <> 'failed')`,
      ),
    )
    .orderBy(r.dueDate, r.id);

/**
 * What the order's immediate charge may ask besides its instalments: what it expects less the payments
 * of no instalment and less every instalment (received or open) at its own amount, so a fine or a
 * discount a charge with a due date took never moves into the immediate charge.
 */
export async function unscheduledCents(ctx: PixContext, invoiceId: number, expected: number) {
  const [row] = await queryRows<{ paid: string; planned: string }>(
    ctx.db,
    sql`SELECT coalesce((SELECT sum(amount_cents) FROM invoice_payments
                          WHERE invoice_id = ${invoiceId} AND receivable_id IS NULL), 0)::text AS paid,
               coalesce((SELECT sum(amount_cents) FROM receivables WHERE invoice_id = ${invoiceId}), 0)::text AS planned`,
  );
  return Math.max(expected - Number(row!.paid) - Number(row!.planned), 0);
}

export interface InstalmentsWanted {
  organizationId: number;
  invoiceId: number;
  companyId: number;
  number: number;
  companyName: string;
  /** The instalments to be charged (none when the order is not to be charged by due date). */
  instalments: OpenInstalment[];
  debtor: Debtor | null;
  /** The organization's today (yyyy-mm-dd). */
  today: string;
  pixKey: string | null;
  rules: PixChargeRules;
}

const laterOf = (a: string, b: string) => (a > b ? a : b);

/** The instant a charge due on `dueDate` stops being payable: the end of its last day in the organization's zone. */
async function expiresAt(ctx: PixContext, w: InstalmentsWanted, dueDate: string) {
  const [row] = await queryRows<{ at: string }>(
    ctx.db,
    sql`SELECT extract(epoch FROM (${dueDate}::date + ${w.rules.validityAfterDueDays + 1}::int)::timestamp AT TIME ZONE o.time_zone)::text AS at
          FROM organizations o WHERE o.id = ${w.organizationId}`,
  );
  return new Date(Number(row!.at) * 1000);
}

/** Brings the order's instalments' charges in line with its open instalments. */
export async function syncInstalmentCharges(
  ctx: PixContext,
  client: PspClient,
  w: InstalmentsWanted,
  open: ChargeRow[],
) {
  const wanted = new Map(w.instalments.map((x) => [x.id, x]));
  const kept: ChargeRow[] = [];
  for (const charge of open) {
    const instalment = charge.receivableId === null ? undefined : wanted.get(charge.receivableId);
    if (!instalment || charge.companyId !== w.companyId) await withdraw(ctx, client, charge);
    else kept.push(charge);
  }
  if (!w.debtor || !w.pixKey) return;
  const paidAtPsp = await paidNotRecorded(ctx, w.invoiceId);
  for (const instalment of w.instalments) {
    // Paid at the PSP and not yet recorded here: the webhook or the reconciliation will receive it.
    if (paidAtPsp.has(instalment.id)) continue;
    const charge = kept.find((c) => c.receivableId === instalment.id);
    if (charge?.status === 'ATIVA') await revise(ctx, client, w, instalment, charge);
    else await make(ctx, client, w, instalment, charge);
  }
}

/** The instalments whose charge the PSP reported paid while no Pix of it is recorded yet. */
async function paidNotRecorded(ctx: PixContext, invoiceId: number) {
  const rows = await queryRows<{ receivable_id: number }>(
    ctx.db,
    sql`SELECT c.receivable_id FROM pix_charges c
         WHERE c.invoice_id = ${invoiceId} AND c.status = 'CONCLUIDA' AND c.receivable_id IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM pix_received r WHERE r.organization_id = c.organization_id
                              AND r.company_id = c.company_id AND r.txid = c.txid)`,
  );
  return new Set(rows.map((row) => row.receivable_id));
}

/**
 * PATCH of what changed: the amount alone, or with a new due date (never before today) the whole value
 * again, so the discount's date follows the due date.
 */
async function revise(ctx: PixContext, client: PspClient, w: InstalmentsWanted, x: OpenInstalment, c: ChargeRow) {
  const newAmount = c.amountCents !== x.amountCents;
  const newDate = c.dueDate !== x.dueDate;
  if (!newAmount && !newDate) return;
  const dueDate = laterOf(x.dueDate, w.today);
  const until = newDate ? await expiresAt(ctx, w, dueDate) : c.expiresAt;
  const revised = await client
    .patchCob(
      'cobv',
      c.txid,
      newDate ? revisedDueDateBody(cobvBody({ ...bodyOf(w, x), dueDate })) : revisedAmountBody(x.amountCents),
    )
    .catch(async (err: unknown) => {
      // Refused: the charge is what the PSP says it is now (paid, removed by it), or, still active, keeps
      // the refusal and is not asked again until its instalment changes.
      if (!(err instanceof PspError) || err.retryable) throw err;
      const now = await client.getCob('cobv', c.txid);
      await ctx.db
        .update(ch)
        .set({ ...stored(now), lastError: now.status === 'ATIVA' ? err.message : null })
        .where(eq(ch.id, c.id));
      return null;
    });
  if (!revised) return;
  await ctx.db
    .update(ch)
    .set({
      ...stored(revised),
      amountCents: x.amountCents,
      dueDate: x.dueDate,
      expiresAt: until,
    })
    .where(eq(ch.id, c.id));
}

/**
 * A new charge, or one whose creation was not answered: its txid is stored first, so asking again (PUT is
 * the same request while the charge is active) never makes two.
 */
async function make(
  ctx: PixContext,
  client: PspClient,
  w: InstalmentsWanted,
  x: OpenInstalment,
  creating: ChargeRow | undefined,
) {
  let charge = creating;
  if (!charge) {
    [charge] = await ctx.db
      .insert(ch)
      .values({
        organizationId: w.organizationId,
        companyId: w.companyId,
        invoiceId: w.invoiceId,
        receivableId: x.id,
        kind: 'cobv',
        txid: newPixTxid(`OS${w.number}P${x.installmentNumber}`),
        amountCents: x.amountCents,
        dueDate: x.dueDate,
      })
      .returning();
  } else if (charge.amountCents !== x.amountCents || charge.dueDate !== x.dueDate) {
    await ctx.db.update(ch).set({ amountCents: x.amountCents, dueDate: x.dueDate }).where(eq(ch.id, charge.id));
  }
  const dueDate = laterOf(x.dueDate, w.today);
  const body = cobvBody({ ...bodyOf(w, x), dueDate });
  const until = await expiresAt(ctx, w, dueDate);
  try {
    const made = await client.putCob('cobv', charge!.txid, body);
    await ctx.db
      .update(ch)
      .set({ ...stored(made), expiresAt: until })
      .where(eq(ch.id, charge!.id));
  } catch (err) {
    await refusedOrThrow(ctx, charge!, err);
  }
}

/** What a charge with a due date says of its instalment: amount, payer, rules and texts. */
function bodyOf(w: InstalmentsWanted, x: OpenInstalment) {
  const part = `${x.installmentNumber}/${x.installmentCount}`;
  return {
    chave: w.pixKey!,
    cents: x.amountCents,
    validityDays: w.rules.validityAfterDueDays,
    debtor: w.debtor!,
    rules: w.rules,
    today: w.today,
    request: `Parcela ${part} da ordem de serviço nº ${w.number} — ${w.companyName}`,
    info: [
      ['Ordem de serviço', String(w.number)],
      ['Parcela', part],
    ] as Array<[string, string]>,
  };
}
