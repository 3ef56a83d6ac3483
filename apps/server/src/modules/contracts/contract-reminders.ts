// The reminders of a contract's charges by e-mail: a notice three days before a period is billed (its
// due date), and one and seven days after a charge passed unpaid. WhatsApp sends its own for every
// instalment (due and overdue) where the organization turned them on; the office's bell hears of each
// overdue instalment too.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatMoney, fromCents, type ContractReminderKind } from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import { brDate } from '../../core/payments/payments.ts';
import { queueOrderEmail } from '../../core/records/queued-emails.ts';
import { htmlToText } from '../../core/records/email.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { queryRows } from '../../lib/sql.ts';

/** Charges reminded per transaction. */
const BATCH = 50;
/** A charge is reminded of while this many days late at most (not a backlog of years). */
const OVERDUE_DAYS = 30;
/** The notice goes this many days before the billing date, at most. */
const NOTICE_DAYS = 3;

/** Which late reminder a charge `d` days from its due date (negative: late) is due for, as SQL. */
const stage = (d: SQL) => sql`CASE WHEN ${d} BETWEEN -6 AND -1 THEN 'overdue1'
  WHEN ${d} BETWEEN ${-OVERDUE_DAYS} AND -7 THEN 'overdue7' END`;

const subjects: Record<ContractReminderKind, (month: string) => string> = {
  overdue1: (m) => `A cobrança ${m} venceu`,
  overdue7: (m) => `A cobrança ${m} está vencida há uma semana`,
};
const monthOf = (date: string) => `${date.slice(5, 7)}/${date.slice(0, 4)}`;
const utcDay = (at: string) => sql`(${at}::timestamptz AT TIME ZONE 'UTC')::date`;

/**
 * Queues the late reminder each open charge is due for at `now` (the organization's day), once per
 * kind: the periods are claimed FOR UPDATE SKIP LOCKED and the kind is written on the period in the
 * transaction that queues the e-mail, so another instance or a later run does not send it again. A
 * charge received, or whose order was paid at once, is not reminded. Answers how many it handled.
 */
async function queueLateReminders(db: Db, at: string, batch: number): Promise<number> {
  const d = sql`(kd.period_date - (${at}::timestamptz AT TIME ZONE o.time_zone)::date)`;
  return db.transaction(async (tx) => {
    const due = await queryRows<{
      id: number;
      organization_id: number;
      contract_id: number;
      invoice_id: number;
      number: number;
      period_date: string;
      amount_cents: string;
      kind: ContractReminderKind;
      customer: string;
      email: string | null;
      company: string;
    }>(
      tx,
      sql`
      SELECT kd.id, kd.organization_id, kd.contract_id, kd.invoice_id, i.number,
             to_char(kd.period_date, 'YYYY-MM-DD') AS period_date, kd.amount_cents, ${stage(d)} AS kind,
             cu.name AS customer, cu.email, co.name AS company
        FROM contract_periods kd
        JOIN organizations o ON o.id = kd.organization_id
        JOIN receivables r ON r.id = kd.receivable_id
        JOIN invoices i ON i.id = kd.invoice_id
        JOIN customers cu ON cu.id = i.customer_id
        JOIN companies co ON co.id = i.company_id
       WHERE r.payment_id IS NULL
         -- A bound the index can use (a zone is less than a day off), then each organization's own day.
         AND kd.period_date BETWEEN ${utcDay(at)} - ${OVERDUE_DAYS + 1}::int AND ${utcDay(at)}
         AND ${stage(d)} IS NOT NULL
         AND NOT (${stage(d)} = ANY(kd.reminders_sent))
       ORDER BY kd.period_date, kd.id
       LIMIT ${batch}
         FOR UPDATE OF kd SKIP LOCKED`,
    );
    for (const x of due) {
      const to = x.email?.trim();
      if (to) {
        const month = monthOf(x.period_date);
        const amount = escapeHtml(formatMoney(fromCents(Number(x.amount_cents))));
        await queueOrderEmail(tx, {
          organizationId: Number(x.organization_id),
          invoiceId: Number(x.invoice_id),
          to,
          subject: `${subjects[x.kind](month)} — contrato nº ${x.contract_id} — ${x.company}`,
          html: [
            `<p>Olá, ${escapeHtml(x.customer)}.</p>`,
            `<p>A cobrança do contrato de manutenção nº ${x.contract_id}, período ${month}, de <strong>${amount}</strong> `,
            `(ordem de serviço nº ${x.number}), venceu em ${brDate(x.period_date)} e ainda não consta como paga.</p>`,
            '<p>Se já pagou, desconsidere esta mensagem.</p>',
            `<p>Obrigado,<br>${escapeHtml(x.company)}</p>`,
          ].join(''),
        });
      }
      await tx.execute(
        sql`UPDATE contract_periods SET reminders_sent = array_append(reminders_sent, ${x.kind}) WHERE id = ${x.id}`,
      );
    }
    return due.length;
  });
}

interface Notice {
  id: number;
  next: string;
  amount_cents: string;
  customer: string;
  email: string | null;
  company: string;
  company_email: string | null;
}

/**
 * The notice of the next charge, one to three days before its billing date (the organization's day):
 * the period has no order yet, so the notice is no order's e-mail. The contract is claimed FOR UPDATE
 * SKIP LOCKED and stamped with the date it is sent for before it leaves, so it goes at most once (a
 * send that fails is logged, not repeated).
 */
async function sendNotices(db: Db, at: string, batch: number, mail: Mail, log?: FastifyBaseLogger) {
  const taken = await queryRows<Notice>(
    db,
    sql`
    WITH due AS (
      SELECT k.id FROM contracts k JOIN organizations o ON o.id = k.organization_id
       WHERE k.status = 'ativo' AND k.next_billing_date IS NOT NULL AND o.verified_at IS NOT NULL
         AND k.next_billing_date BETWEEN ${utcDay(at)} AND ${utcDay(at)} + ${NOTICE_DAYS + 1}::int
         AND k.next_billing_date - (${at}::timestamptz AT TIME ZONE o.time_zone)::date BETWEEN 1 AND ${NOTICE_DAYS}
         AND k.reminded_for IS DISTINCT FROM k.next_billing_date
       ORDER BY k.id LIMIT ${batch}
         FOR UPDATE OF k SKIP LOCKED)
    UPDATE contracts k SET reminded_for = k.next_billing_date
      FROM due, customers cu, companies co
     WHERE k.id = due.id AND cu.id = k.customer_id AND co.id = k.company_id
    RETURNING k.id, to_char(k.next_billing_date, 'YYYY-MM-DD') AS next, k.amount_cents, cu.name AS customer,
              cu.email, co.name AS company, co.email AS company_email`,
  );
  for (const x of taken) {
    const to = x.email?.trim();
    const from = mail.mailFrom ?? x.company_email ?? undefined;
    if (!to || !from) continue;
    const html = [
      `<p>Olá, ${escapeHtml(x.customer)}.</p>`,
      `<p>A cobrança do contrato de manutenção nº ${x.id}, período ${monthOf(x.next)}, de `,
      `<strong>${escapeHtml(formatMoney(fromCents(Number(x.amount_cents))))}</strong>, vence em ${brDate(x.next)}.</p>`,
      `<p>Obrigado,<br>${escapeHtml(x.company)}</p>`,
    ].join('');
    try {
      await mail.mailer.send({
        from: { name: x.company, address: from },
        replyTo: x.company_email ?? undefined,
        to: [to],
        subject: `Lembrete: a cobrança ${monthOf(x.next)} vence em breve — contrato nº ${x.id} — ${x.company}`,
        html,
        text: htmlToText(html),
        attachments: [],
      });
    } catch (err) {
      log?.warn({ contractId: Number(x.id), err: { message: (err as Error).message } }, 'contract notice not sent');
    }
  }
  return taken.length;
}

type Mail = { mailer: Mailer; mailFrom: string | undefined };

/** The notices and the late reminders due at `now`; answers how many it handled. */
export async function sendContractReminders(
  db: Db,
  opts: { now?: Date; batch?: number; log?: FastifyBaseLogger; mail: Mail },
): Promise<number> {
  const at = (opts.now ?? new Date()).toISOString();
  const batch = opts.batch ?? BATCH;
  return (await sendNotices(db, at, batch, opts.mail, opts.log)) + (await queueLateReminders(db, at, batch));
}
