// One period of a contract billed: its service order (Completed, one line with the period's amount), the
// instalment due on the billing day, the charge by e-mail and the customer's channels (WhatsApp), all in
// the caller's transaction under the contract's lock; the period's row is the unique key that lets it
// happen once.
import { and, asc, eq, sql } from 'drizzle-orm';
import { contractMessages as msg, formatMoney, fromCents, InvoiceState, pixBrCode } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import type { AuditActor } from '../../core/audit/audit.ts';
import { brDate } from '../../core/payments/payments.ts';
import { draftStatus, insertDraftInvoice } from '../../core/orders/new-invoice.ts';
import { recordChange, systemComment } from '../../core/orders/invoice-access.ts';
import { tellCustomer } from '../../core/notify/customer-events.ts';
import { queueOrderEmail } from '../../core/records/queued-emails.ts';
import { escapeHtml } from '../../lib/html.ts';
import { queryRows } from '../../lib/sql.ts';
import type { ContractRow } from './contracts.service.ts';

const {
  contractPeriods: kd,
  contractPlans: kp,
  maintenancePlans: mp,
  invoices: i,
  invoiceServices: is,
  invoiceStatuses: st,
  receivables: r,
  companies: co,
  customers: cu,
  transactionNatures: tn,
  addresses: ad,
} = schema;

/** 'MM/YYYY' of a billing date: the period the line names. */
const monthOf = (date: string) => `${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * The order's nature: the first covered plan's (a maintenance contract's visits have one), else the
 * organization's first.
 */
async function natureOf(tx: Tx, c: ContractRow) {
  const [fromPlan] = await tx
    .select({ id: tn.id, name: tn.name })
    .from(kp)
    .innerJoin(mp, eq(mp.id, kp.planId))
    .innerJoin(tn, eq(tn.id, mp.transactionNatureId))
    .where(eq(kp.contractId, c.id))
    .orderBy(asc(kp.position))
    .limit(1);
  if (fromPlan) return fromPlan;
  const [first] = await tx
    .select({ id: tn.id, name: tn.name })
    .from(tn)
    .where(eq(tn.organizationId, c.organizationId))
    .orderBy(asc(tn.id))
    .limit(1);
  if (!first) throw new Error(`organization ${c.organizationId} has no transaction nature`);
  return first;
}

/**
 * The Pix the charge e-mail carries: the company's static code for the amount. A charge with a due date
 * made at the company's PSP takes the order's place by the Pix feature's own job (the order is queued for
 * it by the database when it changes); this is the code that works without one.
 */
async function periodPix(tx: Tx, c: ContractRow, company: { name: string; pixKey: string | null }, number: number) {
  if (!company.pixKey) return null;
  const [address] = await tx
    .select({ city: ad.city })
    .from(ad)
    .where(and(eq(ad.organizationId, c.organizationId), eq(ad.companyId, c.companyId)))
    .orderBy(asc(ad.id))
    .limit(1);
  return pixBrCode({
    key: company.pixKey,
    merchantName: company.name,
    merchantCity: address?.city ?? '',
    amount: fromCents(c.amountCents),
    txid: `OS${number}`,
  });
}

/**
 * Bills period `date` of the locked contract: nothing when the period's row is there already (billed by
 * another run), else the order, the instalment, the queued e-mail and the customer event. Answers
 * whether it billed.
 */
export async function billPeriod(tx: Tx, c: ContractRow, date: string): Promise<boolean> {
  const org = c.organizationId;
  // A period whose Pix Automático recurring charge is on is debited on its day, of that charge's amount
  // (a change of the contract's amount the PSP could no longer take counts from the next period): the
  // e-mail says so and carries no code to pay (a normal charge replaces it only if the debit fails).
  const debited = await queryRows<{ amount_cents: string }>(
    tx,
    sql`SELECT amount_cents::text FROM contract_pix_recurring_charges
         WHERE contract_id = ${c.id} AND period_date = ${date} AND fallback_at IS NULL AND withdrawn_at IS NULL
           AND status <> 'failed'`,
  );
  const amountCents = debited.length ? Number(debited[0]!.amount_cents) : c.amountCents;
  const [period] = await tx
    .insert(kd)
    .values({ organizationId: org, contractId: c.id, periodDate: date, amountCents })
    .onConflictDoNothing({ target: [kd.contractId, kd.periodDate] })
    .returning({ id: kd.id });
  if (!period) return false;
  const actor: AuditActor = { organizationId: org, userId: null };
  const [[company], [customer], nature, draft, [completed]] = [
    await tx
      .select({ id: co.id, name: co.name, pixKey: co.pixKey })
      .from(co)
      .where(and(eq(co.id, c.companyId), eq(co.organizationId, org))),
    await tx
      .select({ id: cu.id, name: cu.name, email: cu.email })
      .from(cu)
      .where(and(eq(cu.id, c.customerId), eq(cu.organizationId, org))),
    await natureOf(tx, c),
    await draftStatus(tx, org),
    await tx
      .select({ id: st.id, label: st.label })
      .from(st)
      .where(and(eq(st.organizationId, org), eq(st.state, InvoiceState.Completed)))
      .orderBy(asc(st.id))
      .limit(1),
  ];
  if (!company || !customer || !completed) throw new Error(`contract ${c.id}: company, customer or status missing`);
  const order = await insertDraftInvoice(tx, actor, {
    company,
    customer,
    nature,
    draft,
    estimateId: null,
  });
  const line = msg.periodLine(c.id, monthOf(date));
  await tx.insert(is).values({
    organizationId: org,
    invoiceId: order.id,
    name: line,
    quantity: 1,
    priceCents: amountCents,
  });
  const finishedAt = new Date();
  // The period's service is the contract's: the order is born Completed, to be received and invoiced.
  await tx
    .update(i)
    .set({ subtotalCents: amountCents, statusId: completed.id, state: InvoiceState.Completed, finishedAt })
    .where(eq(i.id, order.id));
  const [receivable] = await tx
    .insert(r)
    .values({
      organizationId: org,
      invoiceId: order.id,
      amountCents: amountCents,
      dueDate: date,
      method: 'pix',
      installmentNumber: 1,
      installmentCount: 1,
    })
    .returning({ id: r.id });
  await tx
    .update(kd)
    .set({ invoiceId: order.id, receivableId: receivable!.id, nfseStatus: c.issueNfse ? 'pending' : 'none' })
    .where(eq(kd.id, period.id));
  await systemComment(tx, actor, order.id, `Cobrança do contrato nº ${c.id}, período ${monthOf(date)}.`);
  await recordChange(tx, actor, order.id, 'update', [
    { field: 'contract', before: null, after: c.id },
    { field: 'contractPeriod', before: null, after: date },
    { field: 'services', before: null, after: { name: line, quantity: 1, price: fromCents(amountCents) } },
    { field: 'status', before: draft.label, after: completed.label },
    { field: 'installments', before: null, after: `1 de ${formatMoney(fromCents(amountCents))} em ${brDate(date)}` },
  ]);

  const to = customer.email?.trim();
  if (to) {
    const pix = debited.length ? null : await periodPix(tx, c, company, order.number);
    const amount = escapeHtml(formatMoney(fromCents(amountCents)));
    await queueOrderEmail(tx, {
      organizationId: org,
      invoiceId: order.id,
      to,
      subject: `Cobrança ${monthOf(date)} — contrato nº ${c.id} — ${company.name}`,
      html: [
        `<p>Olá, ${escapeHtml(customer.name)}.</p>`,
        `<p>Segue a cobrança do contrato de manutenção nº ${c.id}, período ${monthOf(date)}: `,
        `<strong>${amount}</strong>, com vencimento em ${brDate(date)} (ordem de serviço nº ${order.number}).</p>`,
        debited.length
          ? `<p>Ela será debitada por Pix Automático, como autorizado no seu banco: não é preciso pagar.</p>`
          : '',
        pix ? `<p>Pague pelo Pix copia e cola:</p><p><code>${escapeHtml(pix)}</code></p>` : '',
        `<p>Obrigado,<br>${escapeHtml(company.name)}</p>`,
      ].join(''),
    });
  }
  // WhatsApp (when the organization sends it and the customer agreed): the order and its Pix.
  await tellCustomer(tx, org, { event: 'orderCompleted', invoiceId: order.id });
  return true;
}
