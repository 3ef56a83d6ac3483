import { and, eq } from 'drizzle-orm';
import { schema, type Tx } from '@ordem-certa/db';
import { templateByName } from './templates.ts';

const cm = schema.customerMessages;

/** What of a failed WhatsApp message its e-mail repeats. */
export interface FailedMessage {
  id: number;
  organization_id: number;
  customer_id: number | null;
  invoice_id: number | null;
  estimate_id: number | null;
  event: string | null;
  template_name: string | null;
  body: string;
}

/**
 * The e-mail that replaces a WhatsApp message the customer could not get (not on WhatsApp, the template
 * refused), when they have an address; queued in the transaction that records the failure, once.
 */
export async function queueEmailFallback(tx: Tx, m: FailedMessage) {
  if (!m.customer_id) return;
  const [customer] = await tx
    .select({ email: schema.customers.email })
    .from(schema.customers)
    .where(and(eq(schema.customers.id, m.customer_id), eq(schema.customers.organizationId, m.organization_id)));
  const email = customer?.email?.trim();
  if (!email) return;
  const template = m.template_name ? templateByName(m.template_name) : undefined;
  // The WhatsApp footer (answer SAIR) means nothing in an e-mail.
  const text = template?.footer ? m.body.replace(`\n\n${template.footer}`, '') : m.body;
  await tx
    .insert(cm)
    .values({
      organizationId: m.organization_id,
      customerId: m.customer_id,
      invoiceId: m.invoice_id,
      estimateId: m.estimate_id,
      direction: 'out',
      channel: 'email',
      kind: 'text',
      event: m.event,
      body: text,
      email,
      status: 'queued',
      fallbackOf: m.id,
    })
    .onConflictDoNothing();
}
