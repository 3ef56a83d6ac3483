import { PersonType } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { newPortalToken } from '../src/core/portal/portal-session.ts';
import { addCompany, type TestContext, type TestOrg } from './helpers.ts';
import { newCpf } from './factories.ts';

/** A customer of the organization with an e-mail (unique per call unless given). */
export async function addPortalCustomer(ctx: TestContext, org: TestOrg, name: string, email?: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const [customer] = await ctx.database.db
    .insert(schema.customers)
    .values({
      organizationId: org.organization.id,
      type: PersonType.Natural,
      identifier: newCpf(),
      name,
      email: email ?? `cliente-${tag}@teste.com.br`,
    })
    .returning();
  return customer!;
}

/**
 * An open portal session of the customer, written straight to the database (as a used link would):
 * its token and the headers for inject().
 */
export async function portalSession(ctx: TestContext, organizationId: number, customerId: number) {
  const { token, hash } = newPortalToken();
  await ctx.database.db.insert(schema.portalSessions).values({
    organizationId,
    customerId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** An organization ready for the portal: its company, and a customer with an e-mail. */
export async function portalWorld(ctx: TestContext, org: TestOrg) {
  const company = await addCompany(ctx, org.organization.id, 'Refrigeração Portal Ltda');
  const customer = await addPortalCustomer(ctx, org, 'Maria Portal');
  return { company, customer };
}
