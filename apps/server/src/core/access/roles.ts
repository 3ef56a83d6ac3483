// An organization's roles as the users and roles features both need them: which role a user payload
// names, and the rule that someone active can still manage users after any change.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { permissionsOfRole, ROLE_ADMIN, ROLE_USER, roleMessages, type Permission } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';

const r = schema.roles;
const u = schema.users;

/**
 * The role a user payload names: `roleId` when given (a role of the organization, else a 422 on it),
 * otherwise the built-in role of the value of before. `role` follows: ROLE_ADMIN for Administrador.
 */
export async function resolveRole(tx: Db | Tx, organizationId: number, body: { role?: string; roleId?: number }) {
  const where =
    body.roleId !== undefined
      ? eq(r.id, body.roleId)
      : eq(r.builtIn, body.role === ROLE_ADMIN ? 'admin' : 'technician');
  const [row] = await tx
    .select({ id: r.id, builtIn: r.builtIn })
    .from(r)
    .where(and(eq(r.organizationId, organizationId), where));
  if (!row) throw invalid({ roleId: [roleMessages.roleUnknown] });
  return { roleId: row.id, role: row.builtIn === 'admin' ? ROLE_ADMIN : ROLE_USER };
}

/** The organization's roles that hold the permission. */
export async function rolesHolding(tx: Db | Tx, organizationId: number, permission: Permission) {
  const rows = await tx
    .select({ id: r.id, builtIn: r.builtIn, permissions: r.permissions })
    .from(r)
    .where(eq(r.organizationId, organizationId));
  return rows.filter((row) => permissionsOfRole(row).has(permission)).map((row) => row.id);
}

/**
 * Locks the organization's row: changes to its users' roles and to its roles run one after another,
 * so two admins cannot take `user.manage` from each other at once. Call first in the transaction.
 */
export async function lockRoles(tx: Tx, organizationId: number) {
  await tx.execute(sql`SELECT 1 FROM ${schema.organizations} WHERE id = ${organizationId} FOR UPDATE`);
}

/**
 * After a change, in its transaction (under lockRoles): some active user still holds `user.manage`,
 * else the change is refused (422 on `field`) and rolled back.
 */
export async function assertSomeoneManagesUsers(tx: Tx, organizationId: number, field: string) {
  const ids = await rolesHolding(tx, organizationId, 'user.manage');
  const [row] = ids.length
    ? await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(u)
        .where(and(eq(u.organizationId, organizationId), eq(u.isActive, true), inArray(u.roleId, ids)))
    : [{ n: 0 }];
  if (!row || row.n === 0) throw invalid({ [field]: [roleMessages.lastUserManager] });
}
