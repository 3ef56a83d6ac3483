import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney, nfseMessages, type NfseAccountant, type NfseAccountantBody } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import type { Mailer } from '../../lib/mailer.ts';
import { queryRows } from '../../lib/sql.ts';
import { zipStream } from '../../lib/zip.ts';
import { nfseMonthEntries } from './nfse-export.service.ts';
import { listNfse } from './nfse-list.service.ts';
import type { NfseContext } from './nfse.service.ts';

// The accountant of an organization gets the month's NFS-e XML by e-mail on a chosen day of the next
// month: the job queues one row a month (nfse_accountant_emails, once: its unique key) when the day has
// come in the organization's time zone, then sends what is queued, with the ZIP attached.

const a = schema.nfseAccountant;
const m = schema.nfseAccountantEmails;

/** Tries before a month's e-mail is given up ('failed'); the wait doubles from a minute. */
export const ACCOUNTANT_MAX_ATTEMPTS = 6;
const LEASE_SECONDS = 300;

/** GET nfse/accountant. */
export async function getAccountant(db: Db, organizationId: number): Promise<NfseAccountant> {
  const [row] = await db.select().from(a).where(eq(a.organizationId, organizationId));
  const [last] = await db.select().from(m).where(eq(m.organizationId, organizationId)).orderBy(desc(m.month)).limit(1);
  return {
    email: row?.email ?? null,
    day: row?.day ?? 5,
    last: last
      ? {
          month: last.month,
          status: last.status,
          at: (last.finishedAt ?? last.createdAt).toISOString(),
          error: last.error,
        }
      : null,
  };
}

/** PUT nfse/accountant. */
export async function putAccountant(db: Db, organizationId: number, body: NfseAccountantBody) {
  const values = { email: body.email, day: body.day, updatedAt: new Date() };
  await db
    .insert(a)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: a.organizationId, set: values });
  return getAccountant(db, organizationId);
}

/**
 * Queues last month's e-mail of every organization (with the feature and an accountant) whose day of
 * sending has come in its time zone; a month already queued is left as it is. Returns how many were queued.
 */
export async function queueAccountantEmails(db: Db, now = new Date()): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    INSERT INTO nfse_accountant_emails (organization_id, month, recipient)
    SELECT a.organization_id,
           to_char(date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE o.time_zone) - interval '1 month', 'YYYY-MM'),
           a.email
      FROM nfse_accountant a JOIN organizations o ON o.id = a.organization_id
     WHERE a.email IS NOT NULL
       AND coalesce((o.features ->> 'nfse')::boolean, false)
       AND extract(day FROM ${now.toISOString()}::timestamptz AT TIME ZONE o.time_zone) >= a.day
    ON CONFLICT (organization_id, month) DO NOTHING
    RETURNING id`,
  );
  return rows.length;
}

/** 'YYYY-MM' as people write it: '11/2026'. */
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

async function zipBuffer(db: Db, organizationId: number, month: string) {
  let files = 0;
  const counted = (async function* () {
    for await (const entry of nfseMonthEntries(db, organizationId, month)) {
      files++;
      yield entry;
    }
  })();
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(counted)) chunks.push(chunk as Buffer);
  return { zip: Buffer.concat(chunks), files };
}

/**
 * Sends the queued e-mails that are due, each claimed with a lease so that one instance sends it: the
 * month's ZIP (NFS-e XML and cancellations) and the month's totals. A send that fails is tried again
 * with back-off, up to ACCOUNTANT_MAX_ATTEMPTS. Returns how many were handled.
 */
export async function sendAccountantEmails(
  ctx: NfseContext & { mailer: Mailer; mailFrom?: string },
  now = new Date(),
): Promise<number> {
  const claimed = await queryRows<{
    id: number;
    organization_id: number;
    month: string;
    recipient: string;
    attempts: number;
  }>(
    ctx.db,
    sql`
    UPDATE nfse_accountant_emails SET lease_until = now() + ${LEASE_SECONDS} * interval '1 second', attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM nfse_accountant_emails
        WHERE status = 'queued' AND next_attempt_at <= ${now.toISOString()}::timestamptz
          AND (lease_until IS NULL OR lease_until < now())
        ORDER BY next_attempt_at, id LIMIT 5
          FOR UPDATE SKIP LOCKED)
    RETURNING id, organization_id, month, recipient, attempts`,
  );
  for (const job of claimed) {
    try {
      const [org] = await ctx.db
        .select({ name: schema.organizations.name })
        .from(schema.organizations)
        .where(eq(schema.organizations.id, job.organization_id));
      const [company] = await ctx.db
        .select({ email: schema.companies.email })
        .from(schema.companies)
        .where(
          and(eq(schema.companies.organizationId, job.organization_id), sql`${schema.companies.email} IS NOT NULL`),
        )
        .limit(1);
      const from = ctx.mailFrom ?? company?.email;
      if (!from) throw new Error('no sender: set MAIL_FROM or a company e-mail');
      const { zip, files } = await zipBuffer(ctx.db, job.organization_id, job.month);
      const list = await listNfse(ctx.db, job.organization_id, { month: job.month, status: 'issued', take: 1 });
      const t = list.meta.totals;
      const label = monthLabel(job.month);
      const html =
        files > 0
          ? `<p>Seguem em anexo os XML das NFS-e de ${label} (${files} arquivos, cancelamentos incluídos).</p>` +
            `<p>NFS-e válidas: ${t.issued}. Serviços: ${formatMoney(t.service)}. ISS: ${formatMoney(t.iss)}. ` +
            `Retenções: ${formatMoney(t.withheld)}. Líquido: ${formatMoney(t.net)}.</p>`
          : `<p>Nenhuma NFS-e emitida em ${label}.</p>`;
      const result = await ctx.mailer.send({
        from: { name: org?.name ?? 'Ordem Certa', address: from },
        to: [job.recipient],
        subject: nfseMessages.accountantSubject(label, org?.name ?? ''),
        html,
        text: html.replace(/<[^>]+>/g, '').replace(/\. /g, '.\n'),
        attachments:
          files > 0 ? [{ filename: `NFSe-${job.month}.zip`, content: zip, contentType: 'application/zip' }] : [],
      });
      await ctx.db
        .update(m)
        .set({
          status: result.status,
          files,
          messageId: result.status === 'sent' ? result.messageId : null,
          outboxFile: result.status === 'written' ? result.file : null,
          error: null,
          leaseUntil: null,
          finishedAt: new Date(),
        })
        .where(eq(m.id, job.id));
    } catch (err) {
      const error = String((err as Error)?.message ?? err).slice(0, 500);
      ctx.log.warn({ accountantEmailId: job.id, error }, 'NFS-e: accountant e-mail not sent');
      const last = job.attempts >= ACCOUNTANT_MAX_ATTEMPTS;
      await ctx.db
        .update(m)
        .set({
          status: last ? 'failed' : 'queued',
          error,
          leaseUntil: null,
          nextAttemptAt: sql`now() + ${60 * 2 ** (job.attempts - 1)} * interval '1 second'`,
          ...(last ? { finishedAt: new Date() } : {}),
        })
        .where(inArray(m.id, [job.id]));
    }
  }
  return claimed.length;
}
