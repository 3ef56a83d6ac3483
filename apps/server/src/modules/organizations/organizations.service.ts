import { eq } from 'drizzle-orm';
import type { UpdateOrganizationBody } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { assertFound } from '../../core/access/access.ts';

const columns = {
  id: schema.organizations.id,
  name: schema.organizations.name,
  timeZone: schema.organizations.timeZone,
  features: schema.organizations.features,
  twoFactor: schema.organizations.twoFactor,
};

export async function getOrganization(db: Db, organizationId: number) {
  const [row] = await db.select(columns).from(schema.organizations).where(eq(schema.organizations.id, organizationId));
  return assertFound(row);
}

export async function updateOrganization(db: Db, organizationId: number, body: UpdateOrganizationBody) {
  const [row] = await db
    .update(schema.organizations)
    .set({
      name: body.name,
      ...(body.timeZone ? { timeZone: body.timeZone } : {}),
      ...(body.twoFactor ? { twoFactor: body.twoFactor } : {}),
    })
    .where(eq(schema.organizations.id, organizationId))
    .returning(columns);
  return assertFound(row);
}
