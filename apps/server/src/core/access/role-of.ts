import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';

/**
 * What a read of a user joins to know their role's permissions (`permissionsOfRole` of the contracts):
 * `.innerJoin(roleOfUser.table, roleOfUser.on)` and these columns.
 */
export const roleOfUser = {
  table: schema.roles,
  on: eq(schema.roles.id, schema.users.roleId),
  columns: { builtIn: schema.roles.builtIn, permissions: schema.roles.permissions },
};
