// The contracts list: a page with its real total and the monthly recurring revenue of what the filters
// match, and the same rows as CSV.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  contractStatusLabels,
  frequencyLabels,
  frequencyMonths,
  fromCents,
  type ContractListItem,
  type ContractListQuery,
  type ContractStatus,
  type MaintenanceFrequency,
  type ReportResult,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { numberOrPartySearch } from '../../core/records/search.ts';
import { queryRows } from '../../lib/sql.ts';

const { contracts: k, companies: co, customers: cu } = schema;

/** Rows the CSV holds at most. */
export const CONTRACTS_CSV_CAP = 10_000;

type Filters = Omit<ContractListQuery, 'skip' | 'take'> & { q?: string };

async function contractsWhere(db: Db, organizationId: number, f: Filters): Promise<SQL> {
  return and(
    eq(k.organizationId, organizationId),
    f.status ? eq(k.status, f.status) : undefined,
    f.company ? eq(k.companyId, Number(f.company)) : undefined,
    f.periodicity ? eq(k.periodicity, f.periodicity) : undefined,
    await numberOrPartySearch(db, organizationId, f.q, {
      number: k.id,
      customerId: k.customerId,
      companyId: k.companyId,
    }),
  )!;
}

/** The month's share of each active contract's amount, summed: what comes in every month. */
const mrrCents = sql<string>`coalesce(sum(CASE WHEN ${k.status} = 'ativo' THEN round(${k.amountCents}::numeric /
  CASE ${k.periodicity} ${sql.raw(
    Object.entries(frequencyMonths)
      .map(([name, months]) => `WHEN '${name}' THEN ${months}`)
      .join(' '),
  )} END) END), 0)`;

function rowsOf(db: Db, where: SQL, limit: number, offset: number) {
  return db
    .select({
      id: k.id,
      companyName: co.name,
      customerName: cu.name,
      amountCents: k.amountCents,
      periodicity: k.periodicity,
      billingDay: k.billingDay,
      startDate: k.startDate,
      endDate: k.endDate,
      status: k.status,
      nextBillingDate: k.nextBillingDate,
    })
    .from(k)
    .innerJoin(co, eq(co.id, k.companyId))
    .innerJoin(cu, eq(cu.id, k.customerId))
    .where(where)
    .orderBy(asc(cu.name), asc(k.id))
    .limit(limit)
    .offset(offset)
    .then((rows) =>
      rows.map(({ amountCents, ...x }): ContractListItem => ({
        ...x,
        amount: fromCents(amountCents),
        periodicity: x.periodicity as MaintenanceFrequency,
        status: x.status as ContractStatus,
        nextBillingDate: x.status === 'ativo' ? x.nextBillingDate : null,
      })),
    );
}

/** GET contracts: one page by customer, with meta.total and meta.mrr over every matching contract. */
export async function listContracts(db: Db, organizationId: number, query: Filters & { skip: number; take: number }) {
  const where = await contractsWhere(db, organizationId, query);
  const data = await rowsOf(db, where, query.take, query.skip);
  const [totals] = await db
    .select({ total: sql<string>`count(*)`, mrr: mrrCents })
    .from(k)
    .where(where);
  return {
    data,
    meta: { total: Number(totals!.total), skip: query.skip, take: query.take, mrr: fromCents(Number(totals!.mrr)) },
  };
}

/** GET contracts/csv: the list's filters, every matching contract (up to the cap), as the reports' CSV. */
export async function contractsCsvResult(db: Db, organizationId: number, query: Filters) {
  const [org] = await queryRows<{ timeZone: string }>(
    db,
    sql`SELECT time_zone AS "timeZone" FROM organizations WHERE id = ${organizationId}`,
  );
  const rows = await rowsOf(db, await contractsWhere(db, organizationId, query), CONTRACTS_CSV_CAP, 0);
  const result: Pick<ReportResult, 'title' | 'time' | 'header' | 'body'> = {
    title: 'Contratos',
    time: new Date().toISOString(),
    header: [
      { name: 'id', label: 'Contrato', type: 'int' },
      { name: 'customerName', label: 'Cliente', type: 'string' },
      { name: 'companyName', label: 'Empresa', type: 'string' },
      { name: 'amount', label: 'Valor por período', type: 'money' },
      { name: 'periodicity', label: 'Periodicidade', type: 'string' },
      { name: 'billingDay', label: 'Dia de cobrança', type: 'int' },
      { name: 'startDate', label: 'Início', type: 'date' },
      { name: 'endDate', label: 'Fim', type: 'date' },
      { name: 'status', label: 'Situação', type: 'string' },
      { name: 'nextBillingDate', label: 'Próxima cobrança', type: 'date' },
    ],
    body: rows.map((x) => [
      x.id,
      x.customerName,
      x.companyName,
      x.amount,
      frequencyLabels[x.periodicity],
      x.billingDay,
      x.startDate,
      x.endDate,
      contractStatusLabels[x.status],
      x.nextBillingDate,
    ]),
  };
  return { result, timeZone: org!.timeZone };
}
