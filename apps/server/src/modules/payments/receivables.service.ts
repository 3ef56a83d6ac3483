// The receivables screen: every order's instalments, by due date, and receiving one.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  fromCents,
  paymentMessages,
  paymentMethodLabel,
  receivableStatusLabels,
  type PayReceivableBody,
  type PaymentMethod,
  type ReceivableRow,
  type ReceivablesQuery,
  type ReportResult,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { conflict, invalid } from '../../lib/errors.ts';
import { partySearch } from '../../core/registers/parties.ts';
import { queryRows } from '../../lib/sql.ts';
import { lockInvoice, type Actor } from '../../core/orders/invoice-access.ts';
import { instalmentColumns, organizationToday, receivableStatus } from './payments.service.ts';
import { assertFound } from '../../core/access/access.ts';
import { insertPayment } from '../../core/payments/payments.ts';
import { dueCents } from '../../core/orders/settle.ts';

const { invoices: i, invoicePayments: p, receivables: r, customers: c } = schema;

/** Rows the CSV holds at most (the screen pages; a spreadsheet of a whole year fits). */
export const RECEIVABLES_CSV_CAP = 10_000;

type Filters = Omit<ReceivablesQuery, 'skip' | 'take'>;

/**
 * The filter on receivables alone, so the page and its count/sum read the same rows through the
 * (organization_id, due_date) indexes: status by payment and by the organization's today, due dates
 * from/to, and the customer as a "contains" on the orders of matching customers.
 */
function receivablesWhere(organizationId: number, today: string, f: Filters): SQL {
  const customer = partySearch(c, f.customer);
  return and(
    eq(r.organizationId, organizationId),
    f.status === 'paid' ? isNotNull(r.paymentId) : f.status ? isNull(r.paymentId) : undefined,
    f.status === 'overdue' ? lt(r.dueDate, today) : f.status === 'open' ? gte(r.dueDate, today) : undefined,
    f.from ? gte(r.dueDate, f.from) : undefined,
    f.to ? lte(r.dueDate, f.to) : undefined,
    customer
      ? inArray(
          r.invoiceId,
          sql`(SELECT ${i.id} FROM ${i} JOIN ${c} ON ${c.id} = ${i.customerId}
                WHERE ${i.organizationId} = ${organizationId} AND ${c.organizationId} = ${organizationId} AND ${customer})`,
        )
      : undefined,
  )!;
}

async function receivableRows(db: Db, where: SQL, today: string, limit: number, offset: number) {
  const rows = await db
    .select({ ...instalmentColumns, invoiceId: r.invoiceId, invoiceNumber: i.number, customerName: c.name })
    .from(r)
    .innerJoin(i, eq(i.id, r.invoiceId))
    .innerJoin(c, eq(c.id, i.customerId))
    .leftJoin(p, eq(p.id, r.paymentId))
    .where(where)
    .orderBy(asc(r.dueDate), asc(r.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ amountCents, paymentId, method, ...x }): ReceivableRow => ({
    ...x,
    amount: fromCents(amountCents),
    method: method as PaymentMethod,
    status: receivableStatus(paymentId, x.dueDate, today),
  }));
}

/** GET receivables: one page by due date, with meta.total and meta.sum over every matching row. */
export async function listReceivables(db: Db, actor: Actor, query: ReceivablesQuery & { skip: number; take: number }) {
  const today = await organizationToday(db, actor.organizationId);
  const where = receivablesWhere(actor.organizationId, today, query);
  const [data, [totals]] = await Promise.all([
    receivableRows(db, where, today, query.take, query.skip),
    db
      .select({ total: sql<string>`count(*)`, sum: sql<string>`coalesce(sum(${r.amountCents}), 0)` })
      .from(r)
      .where(where),
  ]);
  return {
    data,
    meta: { total: Number(totals!.total), skip: query.skip, take: query.take, sum: fromCents(Number(totals!.sum)) },
  };
}

/** GET receivables/csv: the screen's filters, every matching row (up to the cap), as the reports' CSV. */
export async function receivablesCsvResult(db: Db, actor: Actor, query: Filters) {
  const [org] = await queryRows<{ timeZone: string }>(
    db,
    sql`SELECT time_zone AS "timeZone" FROM organizations WHERE id = ${actor.organizationId}`,
  );
  const today = await organizationToday(db, actor.organizationId);
  const rows = await receivableRows(
    db,
    receivablesWhere(actor.organizationId, today, query),
    today,
    RECEIVABLES_CSV_CAP,
    0,
  );
  const result: Pick<ReportResult, 'title' | 'time' | 'header' | 'body'> = {
    title: 'Contas a receber',
    time: new Date().toISOString(),
    header: [
      { name: 'invoiceNumber', label: 'OS', type: 'int' },
      { name: 'customerName', label: 'Cliente', type: 'string' },
      { name: 'installment', label: 'Parcela', type: 'string' },
      { name: 'dueDate', label: 'Vencimento', type: 'date' },
      { name: 'amount', label: 'Valor', type: 'money' },
      { name: 'method', label: 'Forma de pagamento', type: 'string' },
      { name: 'status', label: 'Situação', type: 'string' },
      { name: 'paidAt', label: 'Recebida em', type: 'date' },
    ],
    body: rows.map((x) => [
      x.invoiceNumber,
      x.customerName,
      `${x.installmentNumber}/${x.installmentCount}`,
      x.dueDate,
      x.amount,
      paymentMethodLabel(x.method),
      receivableStatusLabels[x.status],
      x.paidAt,
    ]),
  };
  return { result, timeZone: org!.timeZone };
}

/**
 * POST receivables/{id}/pay: the instalment received in full, with its method, as a payment linked to
 * it, under its order's row lock (then the instalment's state is read again, so two at once record one).
 */
export async function payReceivable(db: Db, actor: Actor, id: number, body: PayReceivableBody) {
  const [found] = await db
    .select({ invoiceId: r.invoiceId })
    .from(r)
    .where(and(eq(r.id, id), eq(r.organizationId, actor.organizationId)));
  const { invoiceId } = assertFound(found);
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, invoiceId);
    const [rec] = await tx
      .select()
      .from(r)
      .where(and(eq(r.id, id), eq(r.organizationId, actor.organizationId)));
    const receivable = assertFound(rec);
    if (receivable.paymentId !== null) throw conflict(paymentMessages.receivableAlreadyPaid);
    const { due: balance } = await dueCents(tx, row);
    // The total may have dropped since the plan was made (a line removed): never receive past it.
    if (receivable.amountCents > balance) throw invalid({ amount: paymentMessages.overBalance(fromCents(balance)) });
    await insertPayment(tx, actor, row, {
      amountCents: receivable.amountCents,
      method: receivable.method as PaymentMethod,
      paidAt: body.paidAt,
      note: body.note ?? null,
      receivableId: id,
    });
  });
  const today = await organizationToday(db, actor.organizationId);
  const [row] = await receivableRows(db, and(eq(r.id, id), eq(r.organizationId, actor.organizationId))!, today, 1, 0);
  return row!;
}
