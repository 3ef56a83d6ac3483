import { and, asc, eq, sql } from 'drizzle-orm';
import { PORTAL_LINK_TTL_MINUTES } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { PORTAL_LINK_PLACEHOLDER } from '../../core/portal/portal-links.ts';
import { queueTemplate, type Queued } from './outbox.ts';
import { greetingName } from './templates.ts';

// The portal's access link by WhatsApp. The outbox row names the link (parameters.portalLinkId) and
// shows a placeholder where its URL goes; the sender makes the link's token and the URL as it sends, so
// no usable token is ever written to customer_messages (core/portal/portal-links.ts).

/** The index of the link among oc_acesso_portal_v1's body parameters. */
export const PORTAL_LINK_PARAMETER = 2;

/** Queues the access template for link `linkId`, in `tx`, when the organization and the customer allow it. */
export async function queuePortalAccess(
  tx: Tx,
  organizationId: number,
  customerId: number,
  linkId: number,
): Promise<Queued> {
  const co = schema.companies;
  const [company] = await tx
    .select({ name: co.name, alias: co.alias })
    .from(co)
    .where(eq(co.organizationId, organizationId))
    .orderBy(asc(co.id))
    .limit(1);
  const [customer] = await tx
    .select({ type: schema.customers.type, name: schema.customers.name, alias: schema.customers.alias })
    .from(schema.customers)
    .where(
      and(
        eq(schema.customers.organizationId, organizationId),
        eq(schema.customers.id, customerId),
        sql`${schema.customers.anonymizedAt} IS NULL`,
      ),
    );
  if (!company || !customer) return { skipped: 'phone' };
  return queueTemplate(tx, {
    organizationId,
    key: 'portalAccess',
    customerId,
    data: {
      customer: greetingName(customer),
      company: company.alias?.trim() || company.name,
      link: PORTAL_LINK_PLACEHOLDER,
      minutes: String(PORTAL_LINK_TTL_MINUTES),
    },
    portalLinkId: linkId,
  });
}
