import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  expenseMessages as msg,
  fromCents,
  toCents,
  type Expense,
  type ExpenseBody,
  type ExpenseList,
  type ExpenseListFilter,
  type ExpenseStatus,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict, notFound } from '../../lib/errors.ts';
import { audit, changedFields, type AuditActor } from '../../core/audit/audit.ts';
import { page, searchWhere } from '../../lib/list.ts';
import { newFileKey, type FileStorage } from '../../lib/storage.ts';
import type { ExpenseFile } from './expense-attachment.ts';
import { assertFound } from '../../core/access/access.ts';

const t = schema.expenses;

/** The organization's today (its time zone's calendar day), in SQL: what open and overdue are cut by. */
const orgToday = (organizationId: number) =>
  sql`(SELECT (now() AT TIME ZONE o.time_zone)::date FROM organizations o WHERE o.id = ${organizationId})`;

const statusColumn = (organizationId: number) =>
  sql<ExpenseStatus>`CASE WHEN ${t.paidAt} IS NOT NULL THEN 'paid'
    WHEN ${t.dueDate} < ${orgToday(organizationId)} THEN 'overdue' ELSE 'open' END`;

const columns = (organizationId: number) => ({
  id: t.id,
  description: t.description,
  category: t.category,
  amountCents: t.amountCents,
  dueDate: t.dueDate,
  paidAt: t.paidAt,
  status: statusColumn(organizationId),
  attachmentName: t.attachmentName,
  attachmentContentType: t.attachmentContentType,
  attachmentSize: t.attachmentSize,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});
type Row = {
  id: number;
  description: string;
  category: string;
  amountCents: number;
  dueDate: string;
  paidAt: string | null;
  status: ExpenseStatus;
  attachmentName: string | null;
  attachmentContentType: string | null;
  attachmentSize: number | null;
  createdAt: Date;
  updatedAt: Date;
};

const toExpense = (r: Row): Expense => ({
  id: r.id,
  description: r.description,
  category: r.category,
  amount: fromCents(Number(r.amountCents)),
  dueDate: r.dueDate,
  paidAt: r.paidAt,
  status: r.status,
  attachment:
    r.attachmentName && r.attachmentContentType
      ? {
          name: r.attachmentName,
          contentType: r.attachmentContentType as NonNullable<Expense['attachment']>['contentType'],
          size: r.attachmentSize ?? 0,
        }
      : null,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

const owned = (organizationId: number, id: number) => and(eq(t.organizationId, organizationId), eq(t.id, id));

/**
 * The list's filter. A status narrows by the dates (overdue: unpaid and due before the organization's
 * today); the period is on the due date, or on the payment date for paid ones.
 */
function listWhere(organizationId: number, f: ExpenseListFilter): SQL {
  const today = orgToday(organizationId);
  const day = f.status === 'paid' ? t.paidAt : t.dueDate;
  const parts: Array<SQL | undefined> = [
    eq(t.organizationId, organizationId),
    f.status === 'paid' ? isNotNull(t.paidAt) : undefined,
    f.status === 'open' ? and(isNull(t.paidAt), gte(t.dueDate, today)) : undefined,
    f.status === 'overdue' ? and(isNull(t.paidAt), lt(t.dueDate, today)) : undefined,
    f.from ? gte(day, f.from) : undefined,
    f.to ? lte(day, f.to) : undefined,
    f.category ? sql`lower(${t.category}) = lower(${f.category.normalize('NFC')})` : undefined,
    searchWhere(f.q, [t.description, t.category]),
  ];
  return and(...parts)!;
}

/**
 * GET expenses: a page, and over every matching expense their count (`meta.total`) and amount
 * (`meta.sum`, in reais), in one aggregate statement on the same filter. Paid ones newest payment
 * first; otherwise the soonest due first.
 */
export async function listExpenses(db: Db, organizationId: number, f: ExpenseListFilter): Promise<ExpenseList> {
  const where = listWhere(organizationId, f);
  const order = f.status === 'paid' ? [desc(t.paidAt), desc(t.id)] : [asc(t.dueDate), asc(t.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select(columns(organizationId))
      .from(t)
      .where(where)
      .orderBy(...order)
      .limit(f.take)
      .offset(f.skip),
    db
      .select({ count: sql<string>`count(*)`, cents: sql<string | null>`sum(${t.amountCents})` })
      .from(t)
      .where(where),
  ]);
  const list = page((rows as Row[]).map(toExpense), Number(totals?.count ?? 0), f);
  return { ...list, meta: { ...list.meta, sum: fromCents(Number(totals?.cents ?? 0)) } };
}

export async function getExpense(db: Db | Tx, organizationId: number, id: number): Promise<Expense> {
  const [row] = await db.select(columns(organizationId)).from(t).where(owned(organizationId, id));
  return toExpense(assertFound(row) as Row);
}

/** GET expenses/categories?q=: the organization's categories in use, one spelling per group of any case, most used first. */
export async function expenseCategories(db: Db, organizationId: number, q: string | undefined) {
  const rows = await db
    .select({ category: sql<string>`min(${t.category})` })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), searchWhere(q, [t.category])))
    .groupBy(sql`lower(${t.category})`)
    .orderBy(sql`count(*) DESC`, sql`lower(${t.category})`)
    .limit(20);
  return { data: rows.map((r) => r.category) };
}

/** The fields the trail names (amount in reais; the payment day as the orders' trail names it). */
const trailFields = (r: Pick<Row, 'description' | 'category' | 'amountCents' | 'dueDate' | 'paidAt'>) => ({
  description: r.description,
  category: r.category,
  amount: fromCents(Number(r.amountCents)),
  dueDate: r.dueDate,
  paymentDate: r.paidAt,
});

const values = (body: ExpenseBody) => ({
  description: body.description,
  category: body.category,
  amountCents: toCents(body.amount),
  dueDate: body.dueDate,
  paidAt: body.paidAt,
});

/** POST expenses: written and audited in one transaction. */
export function createExpense(db: Db, actor: AuditActor & { userId: number }, body: ExpenseBody) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t)
      .values({ organizationId: actor.organizationId, createdById: actor.userId, ...values(body) })
      .returning({ id: t.id });
    await audit(tx, actor, 'create', 'expense', row!.id, changedFields({}, trailFields(values(body))));
    return getExpense(tx, actor.organizationId, row!.id);
  });
}

async function lockExpense(tx: Tx, organizationId: number, id: number) {
  const [row] = await tx.select().from(t).where(owned(organizationId, id)).for('update');
  return assertFound(row);
}

/** PUT expenses/{id}: the whole expense (paidAt null reopens it); the changed fields are audited. */
export function updateExpense(db: Db, actor: AuditActor, id: number, body: ExpenseBody) {
  return db.transaction(async (tx) => {
    const before = await lockExpense(tx, actor.organizationId, id);
    const next = values(body);
    const changes = changedFields(trailFields(before), trailFields(next));
    if (changes.length) {
      await tx
        .update(t)
        .set({ ...next, updatedAt: new Date() })
        .where(owned(actor.organizationId, id));
      await audit(tx, actor, 'update', 'expense', id, changes);
    }
    return getExpense(tx, actor.organizationId, id);
  });
}

/** POST expenses/{id}/pay: marks an unpaid expense paid on that day (409 when it is paid already). */
export function payExpense(db: Db, actor: AuditActor, id: number, paidAt: string) {
  return db.transaction(async (tx) => {
    const before = await lockExpense(tx, actor.organizationId, id);
    if (before.paidAt) throw conflict(msg.alreadyPaid);
    await tx.update(t).set({ paidAt, updatedAt: new Date() }).where(owned(actor.organizationId, id));
    await audit(tx, actor, 'update', 'expense', id, [{ field: 'paymentDate', before: null, after: paidAt }]);
    return getExpense(tx, actor.organizationId, id);
  });
}

/** DELETE expenses/{id}: the row and its audit line in one transaction, then its file. */
export async function deleteExpense(db: Db, storage: FileStorage, actor: AuditActor, id: number) {
  const key = await db.transaction(async (tx) => {
    const before = await lockExpense(tx, actor.organizationId, id);
    await tx.delete(t).where(owned(actor.organizationId, id));
    // The trail keeps what was deleted: each field's last value.
    const gone = Object.entries(trailFields(before)).map(([field, value]) => ({ field, before: value, after: null }));
    await audit(tx, actor, 'delete', 'expense', id, gone);
    return before.attachmentKey;
  });
  if (key) await storage.delete(key);
}

/**
 * POST expenses/{id}/attachment: the checked file is stored under a new key, the expense points at it
 * (audited) and the file it replaces is deleted after the commit. A failed write leaves no file behind.
 */
export async function putExpenseAttachment(
  db: Db,
  storage: FileStorage,
  actor: AuditActor,
  id: number,
  file: ExpenseFile,
): Promise<Expense> {
  await getExpense(db, actor.organizationId, id);
  const key = newFileKey(actor.organizationId, `expenses/${id}`, 'anexo', file.extension);
  await storage.put(key, file.data, file.contentType);
  let previous: string | null = null;
  try {
    const result = await db.transaction(async (tx) => {
      const before = await lockExpense(tx, actor.organizationId, id);
      previous = before.attachmentKey;
      await tx
        .update(t)
        .set({
          attachmentKey: key,
          attachmentName: file.name,
          attachmentContentType: file.contentType,
          attachmentSize: file.data.length,
          updatedAt: new Date(),
        })
        .where(owned(actor.organizationId, id));
      await audit(tx, actor, 'update', 'expense', id, [
        { field: 'attachment', before: before.attachmentName, after: file.name },
      ]);
      return getExpense(tx, actor.organizationId, id);
    });
    if (previous) await storage.delete(previous);
    return result;
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
}

/** GET expenses/{id}/attachment: the file, for the organization's admins only (the route's rule). */
export async function getExpenseAttachment(db: Db, storage: FileStorage, organizationId: number, id: number) {
  const [row] = await db
    .select({ key: t.attachmentKey, name: t.attachmentName, contentType: t.attachmentContentType })
    .from(t)
    .where(owned(organizationId, id));
  const found = assertFound(row);
  const data = found.key ? await storage.get(found.key) : undefined;
  if (!data) throw notFound(msg.attachmentMissing);
  return { data, name: found.name!, contentType: found.contentType! };
}

/** DELETE expenses/{id}/attachment: the expense forgets its file (audited), then the file goes. */
export async function deleteExpenseAttachment(db: Db, storage: FileStorage, actor: AuditActor, id: number) {
  const key = await db.transaction(async (tx) => {
    const before = await lockExpense(tx, actor.organizationId, id);
    if (!before.attachmentKey) throw notFound(msg.attachmentMissing);
    await tx
      .update(t)
      .set({
        attachmentKey: null,
        attachmentName: null,
        attachmentContentType: null,
        attachmentSize: null,
        updatedAt: new Date(),
      })
      .where(owned(actor.organizationId, id));
    await audit(tx, actor, 'update', 'expense', id, [
      { field: 'attachment', before: before.attachmentName, after: null },
    ]);
    return before.attachmentKey;
  });
  await storage.delete(key);
}
