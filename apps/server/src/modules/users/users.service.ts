import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  fromCents,
  ROLE_ADMIN,
  toCents,
  userMessages,
  type ListQuery,
  type UserFinancialBody,
  type createUserBody,
  type updateUserBody,
} from '@ordem-certa/contracts';
import { hashPassword, schema, type Db } from '@ordem-certa/db';
import { pickColumns } from '../../lib/sql.ts';
import type { z } from 'zod';
import { invalid } from '../../lib/errors.ts';
import { register } from '../../core/registers/register.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound } from '../../core/access/access.ts';
import { uniqueEmail } from '../../core/access/user-email.ts';

type CreateUser = z.output<typeof createUserBody>;
type UpdateUser = z.output<typeof updateUserBody>;

const t = schema.users;
const columns = pickColumns(t, 'id', 'name', 'role', 'email', 'isActive', 'paymentValueCents');
type Row = { id: number; name: string; role: string; email: string; isActive: boolean; paymentValueCents: number };
const toUser = ({ paymentValueCents, ...r }: Row) => ({ ...r, paymentValue: fromCents(paymentValueCents) });

const users = register({
  table: t,
  select: (db) => db.select(columns).from(t).$dynamic(),
  toItem: toUser,
  search: [t.name, t.email],
  order: [alphabetical(t.name)],
});

/** Active collaborators first, then by name; deactivated ones stay listed (their history is kept). */
const listed = register({
  table: t,
  select: (db) =>
    db.select({ id: t.id, name: t.name, role: t.role, email: t.email, isActive: t.isActive }).from(t).$dynamic(),
  toItem: (row) => row,
  search: [t.name, t.email],
  order: [desc(t.isActive), alphabetical(t.name)],
});

/** Who can be put on a service order: the organization's active users, admins included. */
const workers = register({
  table: t,
  select: (db) => db.select({ id: t.id, name: t.name, email: t.email }).from(t).$dynamic(),
  toItem: (row) => row,
  search: [t.name, t.email],
  order: [alphabetical(t.name)],
});

export const listUsers = (db: Db, organizationId: number, query: ListQuery) => listed.list(db, organizationId, query);

export const listWorkers = (db: Db, organizationId: number, query: ListQuery) =>
  workers.list(db, organizationId, query, eq(t.isActive, true));

export const getUser = users.get;

export async function createUser(db: Db, organizationId: number, body: CreateUser) {
  const passwordHash = await hashPassword(body.plainPassword);
  return uniqueEmail(async () => {
    const [row] = await db
      .insert(t)
      .values({ organizationId, name: body.name, role: body.role, email: body.email, passwordHash })
      .returning(columns);
    return toUser(row!);
  });
}

/**
 * A blank password keeps the current one. The organization's last active admin can be neither
 * demoted nor deactivated: the organization would have nobody to manage it.
 */
export async function updateUser(db: Db, organizationId: number, id: number, body: UpdateUser) {
  const passwordHash = body.plainPassword ? await hashPassword(body.plainPassword) : undefined;
  return uniqueEmail(() =>
    db.transaction(async (tx) => {
      // Locking the active admins serializes concurrent demotions, so two admins cannot demote each other at once.
      const admins = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.organizationId, organizationId), eq(t.role, ROLE_ADMIN), eq(t.isActive, true)))
        .orderBy(asc(t.id))
        .for('update');
      const [current] = await tx.select(columns).from(t).where(users.owned(organizationId, id)).for('update');
      assertFound(current);
      const isActive = body.isActive ?? current!.isActive;
      const wasActiveAdmin = current!.role === ROLE_ADMIN && current!.isActive;
      const staysActiveAdmin = body.role === ROLE_ADMIN && isActive;
      if (wasActiveAdmin && !staysActiveAdmin && admins.length <= 1) {
        throw invalid({ [body.role === ROLE_ADMIN ? 'isActive' : 'role']: userMessages.lastAdmin });
      }
      // A new password, a new e-mail or a deactivation ends the sessions opened before.
      const endsSessions = !!passwordHash || body.email !== current!.email || (current!.isActive && !isActive);
      const [row] = await tx
        .update(t)
        .set({
          name: body.name,
          role: body.role,
          email: body.email,
          isActive,
          ...(passwordHash ? { passwordHash } : {}),
          ...(endsSessions ? { tokenVersion: sql`${t.tokenVersion} + 1` } : {}),
          updatedAt: new Date(),
        })
        .where(users.owned(organizationId, id))
        .returning(columns);
      return toUser(row!);
    }),
  );
}

export async function updateUserFinancial(db: Db, organizationId: number, id: number, body: UserFinancialBody) {
  const [row] = await db
    .update(t)
    .set({ paymentValueCents: toCents(body.paymentValue), updatedAt: new Date() })
    .where(users.owned(organizationId, id))
    .returning(columns);
  return toUser(assertFound(row));
}
