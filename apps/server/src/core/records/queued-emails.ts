import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { schema, type Tx } from '@ordem-certa/db';
import type { Db } from '@ordem-certa/db';
import type { Mailer } from '../../lib/mailer.ts';
import { queryRows } from '../../lib/sql.ts';
import { htmlToText } from './email.ts';

// The order's e-mails a write queues (a period's charge, a Pix receipt): written in the transaction of
// that write as a row of the order's 'E-mails enviados' holding its HTML, and sent by a job, which
// journals the outcome (sent, written to the outbox, failed) as for any e-mail of the order. Nothing
// leaves for the customers of an organization that has not confirmed its e-mail yet (a shop that signed
// up alone): its queued e-mails wait, and go out once it has.

/** Queues an e-mail of the order in `tx`; it leaves when a job sends the queued ones. */
export async function queueOrderEmail(
  tx: Tx,
  m: { organizationId: number; invoiceId: number; to: string; subject: string; html: string },
) {
  await tx.insert(schema.invoiceEmails).values({
    organizationId: m.organizationId,
    invoiceId: m.invoiceId,
    userId: null,
    subject: m.subject.slice(0, 300),
    recipients: [m.to],
    queuedHtml: m.html,
  });
}

interface Taken {
  id: number;
  invoice_id: number;
  subject: string;
  recipients: string[];
  html: string;
  company: string;
  company_email: string | null;
}

/**
 * Sends the queued e-mails of orders: each taken under its row lock with its HTML cleared, so no other
 * instance (or job) sends it again; a crash mid-send leaves it 'queued', as a request's send does. Sent
 * from MAIL_FROM or the company's e-mail, and journaled. Answers how many were taken.
 */
export async function sendQueuedOrderEmails(
  db: Db,
  log: FastifyBaseLogger,
  mail: { mailer: Mailer; mailFrom: string | undefined },
  batch = 20,
): Promise<number> {
  const taken = await queryRows<Taken>(
    db,
    sql`
    WITH due AS (
      SELECT e.id, e.queued_html AS html FROM invoice_emails e
        JOIN organizations o ON o.id = e.organization_id AND o.verified_at IS NOT NULL
       WHERE e.queued_html IS NOT NULL
       ORDER BY e.id LIMIT ${batch}
         FOR UPDATE OF e SKIP LOCKED)
    UPDATE invoice_emails e SET queued_html = NULL
      FROM due, invoices i, companies c
     WHERE e.id = due.id AND i.organization_id = e.organization_id AND i.id = e.invoice_id
       AND c.organization_id = i.organization_id AND c.id = i.company_id
    RETURNING e.id, e.invoice_id, e.subject, e.recipients, due.html, c.name AS company, c.email AS company_email`,
  );
  for (const m of taken) {
    const from = mail.mailFrom ?? m.company_email ?? undefined;
    let outcome: { status: 'sent' | 'written' | 'failed'; messageId?: string; file?: string; error?: string };
    if (!from) outcome = { status: 'failed', error: 'Sem remetente: configure MAIL_FROM ou o e-mail da empresa' };
    else {
      try {
        const result = await mail.mailer.send({
          from: { name: m.company, address: from },
          replyTo: m.company_email ?? undefined,
          to: m.recipients,
          subject: m.subject,
          html: m.html,
          text: htmlToText(m.html),
          attachments: [],
        });
        outcome =
          result.status === 'sent'
            ? { status: 'sent', messageId: result.messageId }
            : { status: 'written', file: result.file };
      } catch (err) {
        outcome = { status: 'failed', error: err instanceof Error ? err.message.slice(0, 500) : String(err) };
      }
    }
    if (outcome.status === 'failed') log.warn({ invoiceId: m.invoice_id }, 'queued order e-mail not sent');
    await db
      .update(schema.invoiceEmails)
      .set({
        status: outcome.status,
        messageId: outcome.messageId ?? null,
        outboxFile: outcome.file ?? null,
        error: outcome.error ?? null,
        finishedAt: new Date(),
      })
      .where(eq(schema.invoiceEmails.id, m.id));
  }
  return taken.length;
}
