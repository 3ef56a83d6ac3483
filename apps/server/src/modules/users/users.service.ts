import { desc, eq, sql } from 'drizzle-orm';
import {
  fromCents,
  toCents,
  type ListQuery,
  type UserFinancialBody,
  type createUserBody,
  type updateUserBody,
} from '@ordem-certa/contracts';
import { hashPassword, schema, type Db } from '@ordem-certa/db';
import { pickColumns } from '../../lib/sql.ts';
import type { z } from 'zod';
import { register } from '../../core/registers/register.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound } from '../../core/access/access.ts';
import { uniqueEmail } from '../../core/access/user-email.ts';
import { assertSomeoneManagesUsers, lockRoles, resolveRole } from '../../core/access/roles.ts';
import { audit, type AuditActor } from '../../core/audit/audit.ts';

type CreateUser = z.output<typeof createUserBody>;
type UpdateUser = z.output<typeof updateUserBody>;

const t = schema.users;
const ro = schema.roles;
const columns = {
  ...pickColumns(t, 'id', 'name', 'role', 'roleId', 'email', 'isActive', 'paymentValueCents'),
  roleName: ro.name,
};
type Row = {
  id: number;
  name: string;
  role: string;
  roleId: number;
  roleName: string;
  email: string;
  isActive: boolean;
  paymentValueCents: number;
};
const toUser = ({ paymentValueCents, ...r }: Row) => ({ ...r, paymentValue: fromCents(paymentValueCents) });

const users = register({
  table: t,
  select: (db) => db.select(columns).from(t).innerJoin(ro, eq(ro.id, t.roleId)).$dynamic(),
  toItem: toUser,
  search: [t.name, t.email],
  order: [alphabetical(t.name)],
});

/** Active collaborators first, then by name; deactivated ones stay listed (their history is kept). */
const listed = register({
  table: t,
  select: (db) =>
    db
      .select({
        id: t.id,
        name: t.name,
        role: t.role,
        roleId: t.roleId,
        roleName: ro.name,
        email: t.email,
        isActive: t.isActive,
      })
      .from(t)
      .innerJoin(ro, eq(ro.id, t.roleId))
      .$dynamic(),
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

export async function createUser(db: Db, actor: AuditActor, body: CreateUser) {
  const { organizationId } = actor;
  const passwordHash = await hashPassword(body.plainPassword);
  return uniqueEmail(() =>
    db.transaction(async (tx) => {
      const { role, roleId } = await resolveRole(tx, organizationId, body);
      const [row] = await tx
        .insert(t)
        .values({ organizationId, name: body.name, role, roleId, email: body.email, passwordHash })
        .returning({ id: t.id });
      await audit(tx, actor, 'create', 'user', row!.id, [{ field: 'roleId', before: null, after: roleId }]);
      return getUser(tx as unknown as Db, organizationId, row!.id);
    }),
  );
}

/**
 * A blank password keeps the current one. A change that would leave the organization with no active
 * user who may manage users (the last one demoted or deactivated) is refused: nobody could undo it.
 * A change of role is audited and holds from the user's next request.
 */
export async function updateUser(db: Db, actor: AuditActor, id: number, body: UpdateUser) {
  const { organizationId } = actor;
  const passwordHash = body.plainPassword ? await hashPassword(body.plainPassword) : undefined;
  return uniqueEmail(() =>
    db.transaction(async (tx) => {
      await lockRoles(tx, organizationId);
      const [current] = await tx
        .select({ email: t.email, isActive: t.isActive, roleId: t.roleId })
        .from(t)
        .where(users.owned(organizationId, id))
        .for('update');
      assertFound(current);
      const { role, roleId } = await resolveRole(tx, organizationId, body);
      const isActive = body.isActive ?? current!.isActive;
      // A new password, a new e-mail or a deactivation ends the sessions opened before.
      const endsSessions = !!passwordHash || body.email !== current!.email || (current!.isActive && !isActive);
      await tx
        .update(t)
        .set({
          name: body.name,
          role,
          roleId,
          email: body.email,
          isActive,
          ...(passwordHash ? { passwordHash } : {}),
          ...(endsSessions ? { tokenVersion: sql`${t.tokenVersion} + 1` } : {}),
          updatedAt: new Date(),
        })
        .where(users.owned(organizationId, id));
      await assertSomeoneManagesUsers(tx, organizationId, body.isActive === false ? 'isActive' : 'roleId');
      if (roleId !== current!.roleId)
        await audit(tx, actor, 'update', 'user', id, [{ field: 'roleId', before: current!.roleId, after: roleId }]);
      return getUser(tx as unknown as Db, organizationId, id);
    }),
  );
}

export async function updateUserFinancial(db: Db, organizationId: number, id: number, body: UserFinancialBody) {
  const [row] = await db
    .update(t)
    .set({ paymentValueCents: toCents(body.paymentValue), updatedAt: new Date() })
    .where(users.owned(organizationId, id))
    .returning({ id: t.id });
  assertFound(row);
  return getUser(db, organizationId, id);
}
