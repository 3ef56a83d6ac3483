import { eq } from 'drizzle-orm';
import type { UpdateOrganizationBody } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { assertFound } from '../../core/access/access.ts';
import { assertVersion } from '../../core/records/versions.ts';

const columns = {
  id: schema.organizations.id,
  name: schema.organizations.name,
  timeZone: schema.organizations.timeZone,
  features: schema.organizations.features,
  twoFactor: schema.organizations.twoFactor,
  version: schema.organizations.rowVersion,
};

export async function getOrganization(db: Db, organizationId: number) {
  const [row] = await db.select(columns).from(schema.organizations).where(eq(schema.organizations.id, organizationId));
  return assertFound(row);
}

/**
 * PUT organizations/{id}: the settings, under the row's lock. A save carrying the version the form read
 * is refused (409, with the settings now) when someone saved them since; fields left out keep their value.
 */
export async function updateOrganization(db: Db, organizationId: number, body: UpdateOrganizationBody) {
  return db.transaction(async (tx) => {
    const o = schema.organizations;
    const [locked] = await tx
      .select({ ...columns, rowVersion: o.rowVersion })
      .from(o)
      .where(eq(o.id, organizationId))
      .for('update');
    const before = assertFound(locked);
    assertVersion(body, before, () => ({ name: before.name, timeZone: before.timeZone, twoFactor: before.twoFactor }));
    const [row] = await tx
      .update(o)
      .set({
        name: body.name,
        ...(body.timeZone ? { timeZone: body.timeZone } : {}),
        ...(body.twoFactor ? { twoFactor: body.twoFactor } : {}),
      })
      .where(eq(o.id, organizationId))
      .returning(columns);
    return assertFound(row);
  });
}
