// Maintenance contracts: the register (detail, create, edit). The list is contract-list.service.ts, the
// yearly readjustment contract-readjustment.service.ts; billing each period is contract-billing.ts.
import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  addDays,
  contractAnniversary,
  contractMessages as msg,
  customerPrivacyMessages,
  formatMoney,
  frequencyLabels,
  fromCents,
  MAX_PLAN_DAYS_AHEAD,
  nextContractPeriod,
  toCents,
  type Contract,
  type ContractStatus,
  type ContractValues,
  type MaintenanceFrequency,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';
import { audit, changedFields, type AuditActor } from '../../core/audit/audit.ts';
import { assertFound } from '../../core/access/access.ts';
import { assertVersion } from '../../core/records/versions.ts';
import { reads } from '../../lib/reads.ts';
import { queryRows } from '../../lib/sql.ts';

const {
  contracts: k,
  contractPlans: kp,
  contractReadjustments: kr,
  contractPeriods: kd,
  companies: co,
  customers: cu,
  maintenancePlans: mp,
  invoices: i,
  receivables: r,
  users: u,
} = schema;

export type ContractRow = typeof k.$inferSelect;
type Actor = AuditActor & { userId: number };

/** How many billed periods the detail shows, newest first. */
const PERIODS_SHOWN = 36;

/** The organization's calendar day now, in its time zone ('YYYY-MM-DD'). */
export async function organizationToday(db: Db | Tx, organizationId: number, now = new Date()) {
  const [row] = await queryRows<{ today: string }>(
    db,
    sql`SELECT to_char(${now.toISOString()}::timestamptz AT TIME ZONE time_zone, 'YYYY-MM-DD') AS today
          FROM organizations WHERE id = ${organizationId}`,
  );
  return row!.today;
}

/** The contract of the organization, row-locked for the rest of the transaction; 404 otherwise. */
export async function lockContract(tx: Tx, organizationId: number, id: number): Promise<ContractRow> {
  const [row] = await tx
    .select()
    .from(k)
    .where(and(eq(k.id, id), eq(k.organizationId, organizationId)))
    .for('update');
  return assertFound(row);
}

/** A plan as the contract form names it: its number and periodicity. */
const planLabel = (id: number, frequency: string) =>
  `Plano nº ${id} (${frequencyLabels[frequency as MaintenanceFrequency] ?? frequency})`;

/** The next anniversary not readjusted yet (the first is a year after the start). */
export function nextAnniversary(startDate: string, done: number) {
  return contractAnniversary(startDate, done + 1);
}

/** The contract with its parties, plans, readjustments and latest periods. */
export async function getContract(db: Db | Tx, organizationId: number, id: number): Promise<Contract> {
  const [row] = await db
    .select({ c: k, company: { id: co.id, name: co.name }, customer: { id: cu.id, name: cu.name } })
    .from(k)
    .innerJoin(co, eq(co.id, k.companyId))
    .innerJoin(cu, eq(cu.id, k.customerId))
    .where(and(eq(k.id, id), eq(k.organizationId, organizationId)));
  const { c, company, customer } = assertFound(row);
  const [plans, readjustments, periods] = await reads(
    db,
    () =>
      db
        .select({ id: mp.id, frequency: mp.frequency })
        .from(kp)
        .innerJoin(mp, eq(mp.id, kp.planId))
        .where(eq(kp.contractId, id))
        .orderBy(asc(kp.position)),
    () =>
      db
        .select({
          anniversary: kr.anniversary,
          indexName: kr.indexName,
          percent: kr.percent,
          before: kr.amountBeforeCents,
          after: kr.amountAfterCents,
          userName: u.name,
          createdAt: kr.createdAt,
        })
        .from(kr)
        .leftJoin(u, eq(u.id, kr.createdById))
        .where(eq(kr.contractId, id))
        .orderBy(asc(kr.anniversary)),
    () =>
      db
        .select({
          date: kd.periodDate,
          amountCents: kd.amountCents,
          invoiceId: kd.invoiceId,
          invoiceNumber: i.number,
          receivableId: kd.receivableId,
          paymentId: r.paymentId,
          isPaid: i.isPaid,
          nfseStatus: kd.nfseStatus,
        })
        .from(kd)
        .leftJoin(i, eq(i.id, kd.invoiceId))
        .leftJoin(r, eq(r.id, kd.receivableId))
        .where(eq(kd.contractId, id))
        .orderBy(desc(kd.periodDate))
        .limit(PERIODS_SHOWN),
  );
  return {
    id: c.id,
    company,
    customer,
    plans: plans.map((p) => ({ id: p.id, label: planLabel(p.id, p.frequency) })),
    amount: fromCents(c.amountCents),
    periodicity: c.periodicity as MaintenanceFrequency,
    billingDay: c.billingDay,
    startDate: c.startDate,
    endDate: c.endDate,
    readjustmentIndex: c.readjustmentIndex,
    issueNfse: c.issueNfse,
    status: c.status as ContractStatus,
    notes: c.notes,
    holdVisitsAfterDays: c.holdVisitsAfterDays,
    nextBillingDate: c.status === 'ativo' ? c.nextBillingDate : null,
    nextReadjustmentDate: nextAnniversary(c.startDate, readjustments.length),
    readjustments: readjustments.map((x) => ({
      anniversary: x.anniversary,
      indexName: x.indexName,
      percent: Number(x.percent),
      amountBefore: fromCents(x.before),
      amountAfter: fromCents(x.after),
      userName: x.userName ?? '',
      createdAt: x.createdAt.toISOString(),
    })),
    periods: periods.map((x) => ({
      date: x.date,
      amount: fromCents(x.amountCents),
      invoiceId: x.invoiceId,
      invoiceNumber: x.invoiceNumber,
      receivableId: x.receivableId,
      // Received: its instalment paid, or the whole order paid at once ('Pagar' drops the instalment).
      paid: x.paymentId !== null || x.isPaid === true,
      nfseStatus: x.nfseStatus as Contract['periods'][number]['nfseStatus'],
    })),
    endedAt: c.endedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    version: c.rowVersion,
  };
}

// ---- writing -------------------------------------------------------------------------------------

/** The company, the customer and the plans the form names: the organization's, the plans the customer's. */
async function checkReferences(tx: Tx, org: number, body: ContractValues) {
  const [[company], [customer], plans] = await reads(
    tx,
    () =>
      tx
        .select({ id: co.id, name: co.name })
        .from(co)
        .where(and(eq(co.id, body.company), eq(co.organizationId, org))),
    () =>
      tx
        .select({ id: cu.id, name: cu.name, anonymizedAt: cu.anonymizedAt })
        .from(cu)
        .where(and(eq(cu.id, body.customer), eq(cu.organizationId, org))),
    () =>
      body.plans.length
        ? tx
            .select({ id: mp.id, customerId: mp.customerId, frequency: mp.frequency })
            .from(mp)
            .where(and(eq(mp.organizationId, org), inArray(mp.id, body.plans)))
        : Promise.resolve([]),
  );
  const errors: Record<string, string[]> = {};
  if (!company) errors.company = [msg.companyNotFound];
  if (!customer) errors.customer = [msg.customerNotFound];
  else if (customer.anonymizedAt) errors.customer = [customerPrivacyMessages.noNewRecords];
  body.plans.forEach((id, n) => {
    const plan = plans.find((p) => p.id === id);
    if (!plan || plan.customerId !== body.customer) errors[`plans.${n}`] = [msg.planNotOfCustomer];
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return {
    company: company!.name,
    customer: customer!.name,
    plans: body.plans.map((id) => planLabel(id, plans.find((p) => p.id === id)!.frequency)),
  };
}

/** A contract may start at most a year back: its periods since then are billed at once, late. */
async function assertStartNotTooOld(tx: Tx, org: number, startDate: string) {
  const today = await organizationToday(tx, org);
  if (startDate < addDays(today, -MAX_PLAN_DAYS_AHEAD)) throw invalid({ startDate: [msg.startTooOld] });
}

const columnsOf = (body: ContractValues) => ({
  companyId: body.company,
  customerId: body.customer,
  amountCents: toCents(body.amount),
  periodicity: body.periodicity,
  billingDay: body.billingDay,
  startDate: body.startDate,
  endDate: body.endDate,
  readjustmentIndex: body.readjustmentIndex,
  issueNfse: body.issueNfse,
  status: body.status,
  notes: body.notes,
  holdVisitsAfterDays: body.holdVisitsAfterDays,
});

/** The audit words of a form's values. */
const wordsOf = (body: ContractValues, refs: { company: string; customer: string; plans: string[] }) => ({
  company: refs.company,
  customer: refs.customer,
  plans: refs.plans,
  amount: formatMoney(body.amount),
  periodicity: frequencyLabels[body.periodicity],
  billingDay: body.billingDay,
  startDate: body.startDate,
  endDate: body.endDate,
  readjustmentIndex: body.readjustmentIndex,
  issueNfse: body.issueNfse,
  status: body.status,
  notes: body.notes,
  holdVisitsAfterDays: body.holdVisitsAfterDays,
});

async function writePlans(tx: Tx, org: number, id: number, plans: number[]) {
  await tx.delete(kp).where(eq(kp.contractId, id));
  if (plans.length)
    await tx
      .insert(kp)
      .values(plans.map((planId, position) => ({ organizationId: org, contractId: id, planId, position })));
}

/**
 * The first period not billed yet: after the last one billed, or the schedule's first. A contract made
 * active again after a suspension or its end bills from today on: the periods it was stopped are not
 * charged later.
 */
async function nextBillingDateOf(tx: Tx, org: number, id: number | null, body: ContractValues, resumed = false) {
  let last: string | null = null;
  if (id !== null) {
    const [row] = await tx
      .select({ date: max(kd.periodDate) })
      .from(kd)
      .where(eq(kd.contractId, id));
    last = row?.date ?? null;
  }
  if (resumed) {
    const yesterday = addDays(await organizationToday(tx, org), -1);
    if (last === null || last < yesterday) last = yesterday;
  }
  return nextContractPeriod(body, last);
}

/** POST contracts: the first period is billed on the first billing day on or after the start. */
export async function createContract(db: Db, actor: Actor, body: ContractValues) {
  const org = actor.organizationId;
  const id = await db.transaction(async (tx) => {
    const refs = await checkReferences(tx, org, body);
    await assertStartNotTooOld(tx, org, body.startDate);
    const [row] = await tx
      .insert(k)
      .values({
        organizationId: org,
        ...columnsOf(body),
        nextBillingDate: await nextBillingDateOf(tx, org, null, body),
        endedAt: body.status === 'encerrado' ? new Date() : null,
        createdById: actor.userId,
      })
      .returning({ id: k.id });
    await writePlans(tx, org, row!.id, body.plans);
    await audit(tx, actor, 'create', 'contract', row!.id, changedFields({}, wordsOf(body, refs)));
    return row!.id;
  });
  return getContract(db, org, id);
}

/**
 * PUT contracts/{id}: against the version the form loaded (409 when someone changed it since). Periods
 * already billed stay; a new schedule bills from its first period after the last one billed. Ending the
 * contract stamps when (for the cancellations report); making it active again clears it.
 */
export async function updateContract(db: Db, actor: Actor, id: number, body: ContractValues) {
  const org = actor.organizationId;
  await db.transaction(async (tx) => {
    const row = await lockContract(tx, org, id);
    const before = await getContract(tx, org, id);
    assertVersion(body, row, () => ({
      company: before.company.id,
      customer: before.customer.id,
      plans: before.plans.map((p) => p.id),
      amount: before.amount,
      periodicity: before.periodicity,
      billingDay: before.billingDay,
      startDate: before.startDate,
      endDate: before.endDate,
      readjustmentIndex: before.readjustmentIndex,
      issueNfse: before.issueNfse,
      status: before.status,
      notes: before.notes,
      holdVisitsAfterDays: before.holdVisitsAfterDays,
    }));
    const refs = await checkReferences(tx, org, body);
    if (body.startDate !== row.startDate) await assertStartNotTooOld(tx, org, body.startDate);
    const endedAt = body.status === 'encerrado' ? (row.status === 'encerrado' ? row.endedAt : new Date()) : null;
    const resumed = body.status === 'ativo' && row.status !== 'ativo';
    await tx
      .update(k)
      .set({
        ...columnsOf(body),
        nextBillingDate: await nextBillingDateOf(tx, org, id, body, resumed),
        endedAt,
        updatedAt: new Date(),
      })
      .where(eq(k.id, id));
    await writePlans(tx, org, id, body.plans);
    const changes = changedFields(
      {
        company: before.company.name,
        customer: before.customer.name,
        plans: before.plans.map((p) => p.label),
        amount: formatMoney(before.amount),
        periodicity: frequencyLabels[before.periodicity],
        billingDay: before.billingDay,
        startDate: before.startDate,
        endDate: before.endDate,
        readjustmentIndex: before.readjustmentIndex,
        issueNfse: before.issueNfse,
        status: before.status,
        notes: before.notes,
        holdVisitsAfterDays: before.holdVisitsAfterDays,
      } as Record<string, unknown>,
      wordsOf(body, refs),
    );
    if (changes.length) await audit(tx, actor, 'update', 'contract', id, changes);
  });
  return getContract(db, org, id);
}
