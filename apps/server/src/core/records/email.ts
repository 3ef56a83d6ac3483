import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordEmailMessages, type SentEmail } from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';
import { queryRows } from '../../lib/sql.ts';
import { AppError } from '../../lib/errors.ts';
import { assertMaySendToCustomers } from '../access/email-verification.ts';

/**
 * Sending a record (an estimate or a service order) by e-mail: the company's words with the record's
 * placeholders filled, its PDF attached, and every send journaled. Each kind keeps its own history
 * table; this is the part they share.
 */

/**
 * The company's template with its placeholders filled: {{numero}}, {{cliente}} and {{empresa}}, and
 * where the record has them {{primeiro_nome}}, {{total}}, {{validade}} and {{link}} (in HTML a link
 * that can be clicked; empty when there is none).
 */
export function fillTemplate(
  template: string,
  values: {
    number: number;
    customer: string;
    company: string;
    firstName?: string;
    total?: string;
    validity?: string;
    link?: string | null;
  },
  html: boolean,
) {
  const v = (s: string) => (html ? escapeHtml(s) : s);
  const link = values.link
    ? html
      ? `<a href="${escapeHtml(values.link)}">${escapeHtml(values.link)}</a>`
      : values.link
    : '';
  // One pass, so a value that happens to hold a placeholder (a customer named '{{link}}') stays as it is.
  const filled: Record<string, string> = {
    '{{numero}}': String(values.number),
    '{{cliente}}': v(values.customer),
    '{{empresa}}': v(values.company),
    '{{primeiro_nome}}': v(values.firstName ?? values.customer),
    '{{total}}': v(values.total ?? ''),
    '{{validade}}': v(values.validity ?? ''),
    '{{link}}': link,
  };
  return template.replace(/\{\{(numero|cliente|empresa|primeiro_nome|total|validade|link)\}\}/g, (t) => filled[t] ?? t);
}

/** The plain-text part of an HTML message. */
export const htmlToText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/gi, (_, href: string, label: string) =>
      label === href ? href : `${label} (${href})`,
    )
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * A kind's history table (estimate_emails, invoice_emails): the same columns, the record's id in its
 * own column. Names come from this code, never from a request.
 */
export interface EmailTable {
  table: 'estimate_emails' | 'invoice_emails';
  recordColumn: 'estimate_id' | 'invoice_id';
}

async function selectEmails(db: Db, kind: EmailTable, where: SQL): Promise<SentEmail[]> {
  const rows = await queryRows<Omit<SentEmail, 'createdAt'> & { createdAt: Date | string }>(
    db,
    sql`SELECT m.id, m.created_at AS "createdAt", m.subject, m.recipients AS "to", m.status, m.error,
          coalesce(u.name, '') AS "userName"
        FROM ${sql.identifier(kind.table)} m LEFT JOIN users u ON u.id = m.user_id
        WHERE ${where}
        ORDER BY m.created_at DESC, m.id DESC`,
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}

export const estimateEmailTable: EmailTable = { table: 'estimate_emails', recordColumn: 'estimate_id' };
export const invoiceEmailTable: EmailTable = { table: 'invoice_emails', recordColumn: 'invoice_id' };

/** The history of one record, newest first, for its 'E-mails enviados' list. */
export async function listRecordEmails(db: Db, kind: EmailTable, recordId: number) {
  return { data: await selectEmails(db, kind, sql`m.${sql.identifier(kind.recordColumn)} = ${recordId}`) };
}

type Outcome =
  | { status: 'sent'; messageId: string }
  | { status: 'written'; outboxFile: string }
  | { status: 'failed'; error: string };

/** The send is written as 'queued' and committed before the message leaves: a crash mid-send shows. */
async function journalStart(
  db: Db,
  kind: EmailTable,
  head: { organizationId: number; recordId: number; userId: number },
  entry: { subject: string; recipients: string[] },
) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO ${sql.identifier(kind.table)} (organization_id, ${sql.identifier(kind.recordColumn)}, user_id, subject, recipients)
        VALUES (${head.organizationId}, ${head.recordId}, ${head.userId}, ${entry.subject}, ARRAY[${sql.join(
          entry.recipients.map((r) => sql`${r}`),
          sql`, `,
        )}]::text[])
        RETURNING id`,
  );
  return row!.id;
}

async function journalFinish(db: Db, kind: EmailTable, id: number, outcome: Outcome) {
  await db.execute(
    sql`UPDATE ${sql.identifier(kind.table)}
        SET status = ${outcome.status},
            message_id = ${outcome.status === 'sent' ? outcome.messageId : null},
            outbox_file = ${outcome.status === 'written' ? outcome.outboxFile : null},
            error = ${outcome.status === 'failed' ? outcome.error : null},
            finished_at = now()
        WHERE id = ${id}`,
  );
}

export interface EmailSender {
  mailer: Mailer;
  /** MAIL_FROM; without it the company's own e-mail is the sender. */
  mailFrom: string | undefined;
}

/**
 * Sends the message, marked 'sent' (SMTP accepted it), 'written' (no SMTP configured: an .eml in the
 * outbox) or 'failed' (with the reason, and the request answers 502 in pt-BR). The sender is MAIL_FROM,
 * else the company's e-mail; with neither it is a 422 and nothing is journaled.
 */
export async function sendJournaled(
  { db, mailer, mailFrom }: EmailSender & { db: Db },
  kind: EmailTable,
  head: { organizationId: number; recordId: number; userId: number; userName: string },
  company: { name: string; email: string | null },
  message: Omit<MailMessage, 'from' | 'replyTo' | 'text'>,
): Promise<SentEmail> {
  // Nothing goes to customers before the organization's e-mail is confirmed (sign-up).
  await assertMaySendToCustomers(db, head.organizationId);
  const from = mailFrom ?? company.email ?? undefined;
  // Without a sender nothing can go out, now or later: said as such, and nothing is journaled.
  if (!from) throw new AppError(422, [recordEmailMessages.noSender]);
  const id = await journalStart(db, kind, head, { subject: message.subject, recipients: message.to });
  try {
    const result = await mailer.send({
      ...message,
      from: { name: company.name, address: from },
      replyTo: company.email ?? undefined,
      text: htmlToText(message.html),
    });
    await journalFinish(
      db,
      kind,
      id,
      result.status === 'sent'
        ? { status: 'sent', messageId: result.messageId }
        : { status: 'written', outboxFile: result.file },
    );
  } catch (err) {
    await journalFinish(db, kind, id, {
      status: 'failed',
      error: err instanceof Error ? err.message.slice(0, 500) : String(err),
    });
    throw new AppError(502, [recordEmailMessages.sendFailed]);
  }
  const [sent] = await selectEmails(db, kind, sql`m.id = ${id}`);
  return sent!;
}

/**
 * A record's PDF sent by e-mail as `filename` (with any other PDFs that go with it, as an order's
 * DANFSe), by the actor, journaled in the record's history.
 */
export function sendRecordPdf(
  deps: EmailSender & { db: Db },
  kind: EmailTable,
  actor: { organizationId: number; userId: number; name: string },
  recordId: number,
  company: { name: string; email: string | null },
  message: {
    to: string[];
    subject: string;
    html: string;
    filename: string;
    pdf: Buffer;
    more?: Array<{ filename: string; pdf: Buffer }>;
  },
): Promise<SentEmail> {
  const { to, subject, html, filename, pdf, more = [] } = message;
  const head = { organizationId: actor.organizationId, recordId, userId: actor.userId, userName: actor.name };
  return sendJournaled(deps, kind, head, company, {
    to,
    subject,
    html,
    attachments: [{ filename, pdf }, ...more].map((a) => ({
      filename: a.filename,
      content: a.pdf,
      contentType: 'application/pdf',
    })),
  });
}

/**
 * What a record's e-mail route hands its service: the database, files, mailer and sender, the request's
 * log, and the address links in the message point at — the one the app is configured at, else the one
 * the user is using it at.
 */
export const recordEmailDeps = (app: FastifyInstance, request: FastifyRequest) => ({
  db: app.db,
  storage: app.storage,
  mailer: app.mailer,
  mailFrom: app.mailFrom,
  log: request.log,
  appUrl: app.config.appUrl ?? `${request.protocol}://${request.host}`,
});
