import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  builtInRoles,
  isBuiltInRole,
  permissionNames,
  permissionsOfRole,
  roleMessages,
  type ListQuery,
  type roleBody,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import type { z } from 'zod';
import { conflict, invalid } from '../../lib/errors.ts';
import { assertFound } from '../../core/access/access.ts';
import { assertSomeoneManagesUsers, lockRoles } from '../../core/access/roles.ts';
import { audit, type AuditActor } from '../../core/audit/audit.ts';

type RoleInput = z.output<typeof roleBody>;
const r = schema.roles;
const u = schema.users;

type Row = { id: number; name: string; builtIn: string | null; permissions: string[]; userCount: number };
const toRole = (row: Row) => ({
  id: row.id,
  name: row.name,
  builtIn: row.builtIn,
  description: isBuiltInRole(row.builtIn) ? builtInRoles[row.builtIn].description : '',
  permissions: permissionNames.filter((p) => permissionsOfRole(row).has(p)),
  userCount: row.userCount,
});

// Written out qualified: a one-table select prints its columns without their table.
const userCount = sql<number>`(SELECT count(*)::int FROM users WHERE users.role_id = roles.id)`;
const columns = { id: r.id, name: r.name, builtIn: r.builtIn, permissions: r.permissions, userCount };
const search = (q: string | undefined) =>
  q ? sql`f_unaccent(lower(${r.name})) LIKE f_unaccent(lower(${`%${q}%`}))` : undefined;

/** GET roles: built-in ones first, then the organization's own by name. */
export async function listRoles(db: Db, organizationId: number, query: ListQuery) {
  const where = and(eq(r.organizationId, organizationId), search(query.q));
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(r)
      .where(where)
      .orderBy(sql`${r.builtIn} IS NULL`, asc(r.id))
      .limit(query.take)
      .offset(query.skip),
    db.select({ n: count() }).from(r).where(where),
  ]);
  return { data: rows.map(toRole), meta: { total: total!.n, skip: query.skip, take: query.take } };
}

/** GET roles/{id}: the role and who holds it. */
export async function getRole(db: Db | Tx, organizationId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(r)
    .where(and(eq(r.organizationId, organizationId), eq(r.id, id)));
  const users = await db
    .select({ id: u.id, name: u.name, isActive: u.isActive })
    .from(u)
    .where(and(eq(u.organizationId, organizationId), eq(u.roleId, id)))
    .orderBy(asc(u.name));
  return { ...toRole(assertFound(row)), users };
}

/** A unique name among the organization's roles (case-insensitive), else a 422 on `name`. */
async function assertNameFree(tx: Tx, organizationId: number, name: string, except?: number) {
  const [taken] = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.organizationId, organizationId), sql`lower(${r.name}) = lower(${name})`));
  if (taken && taken.id !== except) throw invalid({ name: roleMessages.nameTaken });
}

export async function createRole(db: Db, actor: AuditActor, body: RoleInput) {
  return db.transaction(async (tx) => {
    await lockRoles(tx, actor.organizationId);
    await assertNameFree(tx, actor.organizationId, body.name);
    const [row] = await tx
      .insert(r)
      .values({ organizationId: actor.organizationId, name: body.name, permissions: body.permissions })
      .returning({ id: r.id });
    await audit(tx, actor, 'create', 'role', row!.id, [
      { field: 'name', before: null, after: body.name },
      { field: 'permissions', before: null, after: body.permissions.join(', ') },
    ]);
    return getRole(tx, actor.organizationId, row!.id);
  });
}

/** The organization's own role, locked; a built-in one is refused (its permissions are the product's). */
async function lockCustomRole(tx: Tx, organizationId: number, id: number) {
  const [row] = await tx
    .select({ name: r.name, builtIn: r.builtIn, permissions: r.permissions })
    .from(r)
    .where(and(eq(r.organizationId, organizationId), eq(r.id, id)))
    .for('update');
  const role = assertFound(row);
  if (role.builtIn) throw conflict(roleMessages.builtInFixed);
  return role;
}

/** PUT roles/{id}: holds from each holder's next request; refused if nobody could manage users after it. */
export async function updateRole(db: Db, actor: AuditActor, id: number, body: RoleInput) {
  return db.transaction(async (tx) => {
    await lockRoles(tx, actor.organizationId);
    const before = await lockCustomRole(tx, actor.organizationId, id);
    await assertNameFree(tx, actor.organizationId, body.name, id);
    await tx
      .update(r)
      .set({ name: body.name, permissions: body.permissions, updatedAt: new Date() })
      .where(eq(r.id, id));
    await assertSomeoneManagesUsers(tx, actor.organizationId, 'permissions');
    await audit(tx, actor, 'update', 'role', id, [
      { field: 'name', before: before.name, after: body.name },
      { field: 'permissions', before: before.permissions.join(', '), after: body.permissions.join(', ') },
    ]);
    return getRole(tx, actor.organizationId, id);
  });
}

/** DELETE roles/{id}: only an organization's own role that nobody holds. */
export async function deleteRole(db: Db, actor: AuditActor, id: number) {
  await db.transaction(async (tx) => {
    await lockRoles(tx, actor.organizationId);
    const before = await lockCustomRole(tx, actor.organizationId, id);
    const [held] = await tx.select({ n: count() }).from(u).where(eq(u.roleId, id));
    if (held!.n > 0) throw conflict(roleMessages.inUse);
    await tx.delete(r).where(eq(r.id, id));
    await audit(tx, actor, 'delete', 'role', id, [{ field: 'name', before: before.name, after: null }]);
  });
}
