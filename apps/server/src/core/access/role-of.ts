import { and, eq } from 'drizzle-orm';
import { permissionsOfRole } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';

/**
 * What a read of a user joins to know their role's permissions (`permissionsOfRole` of the contracts):
 * `.innerJoin(roleOfUser.table, roleOfUser.on)` and these columns.
 */
export const roleOfUser = {
  table: schema.roles,
  on: eq(schema.roles.id, schema.users.roleId),
  columns: { builtIn: schema.roles.builtIn, permissions: schema.roles.permissions },
};

/** What a user's role lets them do as stored now, for a rule decided before the user has a token (sign-in). */
export async function permissionsOfUser(db: Db | Tx, user: { id: number; organizationId: number }) {
  const [row] = await db
    .select(roleOfUser.columns)
    .from(schema.users)
    .innerJoin(roleOfUser.table, roleOfUser.on)
    .where(and(eq(schema.users.id, user.id), eq(schema.users.organizationId, user.organizationId)));
  return permissionsOfRole(row ?? { builtIn: null, permissions: [] });
}
