import { and, asc, eq, sql } from 'drizzle-orm';
import { serviceRequestStatusLabels } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { queueTemplate, type Queued } from './outbox.ts';
import { greetingName, renderTemplate, templateParameters, templates } from './templates.ts';
import type { Scope } from './template-data.ts';

// The customer is told when the office changes their service request's status (turned into an order
// or an estimate, or closed): by e-mail when there is an address, and by WhatsApp (oc_pedido_atualizado_v1)
// when the organization sends and the customer agreed. Both are queued in the transaction of the change,
// each once per request and status (their dedupe keys), however often the change is seen.

const r = schema.serviceRequests;
const cm = schema.customerMessages;

/** 'Ordem de serviço criada (nº 321)', 'Orçamento criado (nº 45)', 'Encerrada'. */
async function statusInWords(tx: Db | Tx, row: typeof r.$inferSelect) {
  const label = serviceRequestStatusLabels[row.status];
  const made =
    row.status === 'order' && row.invoiceId
      ? schema.invoices
      : row.status === 'estimate' && row.estimateId
        ? schema.estimates
        : null;
  if (!made) return label;
  const id = made === schema.invoices ? row.invoiceId! : row.estimateId!;
  const [record] = await tx
    .select({ number: made.number })
    .from(made)
    .where(and(eq(made.organizationId, row.organizationId), eq(made.id, id)));
  return record ? `${label} (nº ${record.number})` : label;
}

/** Queues the notice of request `requestId`'s current status, in `tx`. */
export async function queueServiceRequestUpdated(tx: Db | Tx, scope: Scope, requestId: number): Promise<Queued> {
  const { organizationId } = scope;
  const [row] = await tx
    .select()
    .from(r)
    .where(and(eq(r.organizationId, organizationId), eq(r.id, requestId)));
  if (!row || row.status === 'open') return { skipped: 'off' };
  const co = schema.companies;
  const [company] = await tx
    .select({ name: co.name, alias: co.alias })
    .from(co)
    .where(eq(co.organizationId, organizationId))
    .orderBy(asc(co.id))
    .limit(1);
  const cu = schema.customers;
  const [customer] = row.customerId
    ? await tx
        .select({ type: cu.type, name: cu.name, alias: cu.alias, email: cu.email })
        .from(cu)
        .where(and(eq(cu.organizationId, organizationId), eq(cu.id, row.customerId), sql`${cu.anonymizedAt} IS NULL`))
    : [];
  // A request whose customer was forgotten tells nobody; a public one not yet anyone's, its contact.
  if (!company || (row.customerId && !customer)) return { skipped: 'phone' };
  const data = {
    customer: customer ? greetingName(customer) : (row.contactName.trim().split(/\s+/)[0] ?? row.contactName),
    company: company.alias?.trim() || company.name,
    number: row.number,
    status: await statusInWords(tx, row),
    link: `${scope.appUrl}/portal/atendimento?org=${organizationId}`,
  };
  const dedupe = `service-request:${row.id}:${row.status}`;
  const records = { invoiceId: row.invoiceId, estimateId: row.estimateId };
  const email = (customer ? customer.email : row.contactEmail)?.trim();
  let queued: Queued = { skipped: 'phone' };
  if (email) {
    const t = templates.serviceRequestUpdated;
    let text = renderTemplate({ body: t.body, footer: '' }, templateParameters('serviceRequestUpdated', data));
    // Someone not yet a customer has no portal to open: the e-mail stops before the link.
    if (!customer) text = text.replace(/ Para acompanhar, acesse .*$/, '');
    const [mail] = await tx
      .insert(cm)
      .values({
        organizationId,
        customerId: row.customerId,
        ...records,
        direction: 'out',
        channel: 'email',
        kind: 'text',
        event: t.event,
        body: text,
        email,
        status: 'queued',
        dedupeKey: `${dedupe}:email`,
      })
      .onConflictDoNothing({ target: [cm.organizationId, cm.dedupeKey], where: sql`${cm.dedupeKey} IS NOT NULL` })
      .returning({ id: cm.id });
    queued = mail ? { queued: mail.id } : { skipped: 'duplicate' };
  }
  if (!customer || !row.customerId) return queued;
  const whatsapp = await queueTemplate(tx, {
    organizationId,
    key: 'serviceRequestUpdated',
    customerId: row.customerId,
    ...records,
    data,
    dedupeKey: `${dedupe}:whatsapp`,
  });
  return 'queued' in whatsapp ? whatsapp : queued;
}
