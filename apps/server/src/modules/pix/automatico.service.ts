import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  addDays,
  fromCents,
  nextContractPeriod,
  PersonType,
  pixAutomaticoMessages as msg,
  recurrenceState,
  type MaintenanceFrequency,
  type PixAutomatico,
  type PixAutomaticoValues,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { assertFound } from '../../core/access/access.ts';
import { audit, type AuditActor } from '../../core/audit/audit.ts';
import { COBR_WINDOW, PERIODICIDADE } from './automatico-bodies.ts';
import type { Debtor } from './charge-bodies.ts';

// 'Pedir autorização' on a contract and what its 'Pix Automático' card shows. The request only writes
// the recurrence, queued, in one transaction under the contract's lock; the Pix job sends it to the PSP
// (POST /rec, then POST /solicrec) outside any transaction, and keeps the PSP's answers.

const rec = schema.contractPixRecurrences;
const cobr = schema.contractPixRecurringCharges;
const k = schema.contracts;

type Actor = AuditActor & { userId: number };

/** The customer's CPF or CNPJ as the API Pix takes it, or null. */
export function debtorOf(c: { type: number; identifier: string; name: string }): Debtor | null {
  const digits = c.identifier.replace(/\D/g, '');
  return (c.type === PersonType.Juridical && digits.length === 14) || digits.length === 11
    ? { document: digits, name: c.name }
    : null;
}

export async function organizationDay(db: Db | Tx, organizationId: number, now = new Date()) {
  const [row] = await queryRows<{ today: string }>(
    db,
    sql`SELECT to_char(${now.toISOString()}::timestamptz AT TIME ZONE time_zone, 'YYYY-MM-DD') AS today
          FROM organizations WHERE id = ${organizationId}`,
  );
  return row!.today;
}

async function connected(db: Db | Tx, organizationId: number, companyId: number) {
  const p = schema.companyPixPsp;
  const [row] = await db
    .select({ baseUrl: p.baseUrl })
    .from(p)
    .where(and(eq(p.organizationId, organizationId), eq(p.companyId, companyId)));
  return !!row?.baseUrl;
}

/** GET contracts/{id}/pix-automatico: whether it can be asked, the latest recurrence and its charges. */
export async function getAutomatico(db: Db, organizationId: number, contractId: number): Promise<PixAutomatico> {
  const [contract] = await db
    .select({ id: k.id, companyId: k.companyId })
    .from(k)
    .where(and(eq(k.id, contractId), eq(k.organizationId, organizationId)));
  assertFound(contract);
  const [latest] = await db
    .select()
    .from(rec)
    .where(and(eq(rec.contractId, contractId), eq(rec.organizationId, organizationId)))
    .orderBy(desc(rec.id))
    .limit(1);
  const charges = latest
    ? await db
        .select()
        .from(cobr)
        .where(and(eq(cobr.recurrenceId, latest.id), eq(cobr.organizationId, organizationId), isNull(cobr.withdrawnAt)))
        .orderBy(desc(cobr.periodDate))
        .limit(24)
    : [];
  return {
    available: await connected(db, organizationId, contract!.companyId),
    recurrence: latest
      ? {
          id: latest.id,
          state: recurrenceState(latest.status),
          pspStatus: latest.status,
          idRec: latest.idRec,
          firstDate: latest.firstDate,
          retryPolicy: latest.retryPolicy,
          lastError: latest.lastError,
          requestedAt: latest.createdAt.toISOString(),
          cancelRequested:
            latest.cancelRequestedAt !== null && ['queued', 'CRIADA', 'APROVADA'].includes(latest.status),
        }
      : null,
    charges: charges.map((c) => ({
      txid: c.txid,
      periodDate: c.periodDate,
      amount: fromCents(c.amountCents),
      status: c.status,
      attemptStatus: c.attemptStatus,
      attemptDate: c.attemptDate,
      retries: c.retries,
      fallback: c.fallbackAt !== null,
      paid: c.pixReceivedId !== null,
      lastError: c.lastError,
    })),
    // Said by the route, which knows the demo's PSP.
    canSimulate: false,
  };
}

/**
 * The first period a recurrence can charge: the contract's next period whose recurring charge can still
 * be sent in time (at least COBR_WINDOW.latestDaysBefore days ahead), or null when none is left.
 */
export function firstChargeable(
  c: { startDate: string; billingDay: number; periodicity: MaintenanceFrequency; endDate: string | null },
  nextBillingDate: string | null,
  today: string,
) {
  let date = nextBillingDate;
  while (date !== null && date < addDays(today, COBR_WINDOW.latestDaysBefore)) date = nextContractPeriod(c, date);
  return date;
}

/**
 * POST contracts/{id}/pix-automatico ('Pedir autorização'): checks what the PSP would refuse, then queues
 * the recurrence (one not over per contract) for the Pix job, with an audit line naming who asked.
 */
export async function requestAutomatico(db: Db, actor: Actor, contractId: number, body: PixAutomaticoValues) {
  const org = actor.organizationId;
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{
      id: number;
      company_id: number;
      status: string;
      periodicity: MaintenanceFrequency;
      billing_day: number;
      start_date: string;
      end_date: string | null;
      next_billing_date: string | null;
      type: number;
      identifier: string;
      name: string;
    }>(
      tx,
      sql`SELECT k.id, k.company_id, k.status, k.periodicity, k.billing_day, to_char(k.start_date, 'YYYY-MM-DD') AS start_date,
                 to_char(k.end_date, 'YYYY-MM-DD') AS end_date, to_char(k.next_billing_date, 'YYYY-MM-DD') AS next_billing_date,
                 cu.type, cu.identifier, cu.name
            FROM contracts k JOIN customers cu ON cu.id = k.customer_id AND cu.organization_id = k.organization_id
           WHERE k.id = ${contractId} AND k.organization_id = ${org}
             FOR UPDATE OF k`,
    );
    const c = assertFound(row);
    if (!(await connected(tx, org, c.company_id))) throw conflict(msg.noPsp);
    if (c.status !== 'ativo') throw conflict(msg.notActive);
    if (!(c.periodicity in PERIODICIDADE)) throw conflict(msg.bimonthly);
    if (!debtorOf(c)) throw conflict(msg.noDocument);
    const schedule = {
      startDate: c.start_date,
      billingDay: c.billing_day,
      periodicity: c.periodicity,
      endDate: c.end_date,
    };
    const first = firstChargeable(schedule, c.next_billing_date, await organizationDay(tx, org));
    if (!first) throw conflict(msg.nothingLeft);
    const inserted = await tx
      .insert(rec)
      .values({
        organizationId: org,
        contractId,
        companyId: c.company_id,
        firstDate: first,
        retryPolicy: body.retryPolicy,
        payerIspb: body.payerIspb,
        payerBranch: body.payerBranch,
        payerAccount: body.payerAccount,
        receiverBranch: body.receiverBranch,
        receiverAccount: body.receiverAccount,
        receiverAccountType: body.receiverAccountType,
        requestedById: actor.userId,
      })
      .onConflictDoNothing()
      .returning({ id: rec.id });
    if (!inserted.length) throw conflict(msg.alreadyOpen);
    await audit(tx, actor, 'update', 'contract', contractId, [
      { field: 'pixAutomatico', before: null, after: `Autorização pedida (ISPB ${body.payerIspb})` },
    ]);
  });
  return getAutomatico(db, org, contractId);
}

/**
 * POST contracts/{id}/pix-automatico/cancel ('Cancelar autorização'): asked in one transaction under the
 * contract's lock, with an audit line; the Pix job cancels it at the PSP (PATCH /rec/{idRec}) and its
 * recurring charges not yet due (PATCH /cobr/{txid}), whose periods then get their normal charge.
 */
export async function cancelAutomatico(db: Db, actor: Actor, contractId: number) {
  const org = actor.organizationId;
  await db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`SELECT id FROM contracts WHERE id = ${contractId} AND organization_id = ${org} FOR UPDATE`,
    ).then((rows) => assertFound(rows[0]));
    const asked = await tx
      .update(rec)
      .set({ cancelRequestedAt: new Date(), updatedAt: new Date() })
      .where(
        sql`${rec.contractId} = ${contractId} AND ${rec.organizationId} = ${org} AND ${rec.cancelRequestedAt} IS NULL
            AND ${rec.status} IN ('queued', 'CRIADA', 'APROVADA')`,
      )
      .returning({ id: rec.id });
    if (!asked.length) throw conflict(msg.nothingToCancel);
    await audit(tx, actor, 'update', 'contract', contractId, [
      { field: 'pixAutomatico', before: null, after: 'Cancelamento da autorização pedido' },
    ]);
  });
  return getAutomatico(db, org, contractId);
}

/** The contract's latest recurrence when it waits for the payer at the PSP (its idRec and company), or null. */
export async function waitingRecurrence(db: Db, organizationId: number, contractId: number) {
  const [latest] = await db
    .select({ idRec: rec.idRec, companyId: rec.companyId, status: rec.status })
    .from(rec)
    .where(and(eq(rec.contractId, contractId), eq(rec.organizationId, organizationId)))
    .orderBy(desc(rec.id))
    .limit(1);
  return latest?.status === 'CRIADA' && latest.idRec ? { idRec: latest.idRec, companyId: latest.companyId } : null;
}
