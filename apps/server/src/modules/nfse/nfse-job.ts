import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatDate, nfseMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { startIntervalJob, type Job } from '../../lib/interval-job.ts';
import { audit } from '../../core/audit/audit.ts';
import { notifyHolders } from '../../core/notify/notify.ts';
import { systemComment } from '../../core/orders/invoice-access.ts';
import { settleOrder } from '../../core/orders/settle.ts';
import { readNfse } from '@ordem-certa/nfse-xml';
import { findNfseByDpsId, nfseStatus, postDps, type SefinAnswer } from './sefin-client.ts';
import { sefinCall, type NfseContext } from './nfse.service.ts';
import { recordStatus } from './nfse-cancel.service.ts';
import { queueAccountantEmails, sendAccountantEmails } from './accountant.service.ts';

const d = schema.nfseDocuments;

/** Documents sent per tick; a full batch runs the next at once. */
const BATCH = 5;
/** How long an instance holds a claimed document while it sends it (the web service's timeout is less). */
const LEASE_SECONDS = 120;
/** The web service's answer is awaited this long. */
export const SEFIN_TIMEOUT_MS = 30_000;
/** The wait before the n-th retry doubles from 30 s up to an hour; the document is tried until it is answered. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
/** Who sees the NFS-e hears of a certificate this many days before it expires. */
export const CERTIFICATE_WARNING_DAYS = 30;
/** An issued NFS-e is asked about again (canceled or replaced elsewhere?) when its last check is this old. */
export const STATUS_CHECK_HOURS = 24;
/** …for this many days after it was issued. */
export const STATUS_CHECK_DAYS = 180;

interface Claimed {
  id: number;
  organization_id: number;
  invoice_id: number;
  company_id: number;
  environment: 'homologation' | 'production';
  dps_id: string;
  dps_xml: string;
  attempts: number;
  replaces_id: number | null;
}

/**
 * Claims the documents waiting to be sent: each is leased (lease_until) in a short statement whose
 * FOR UPDATE SKIP LOCKED lets another instance pass over them, so the web-service call itself holds no
 * transaction and no other instance sends the same DPS while the lease lasts. A lease that runs out
 * (an instance that died while sending) makes the document due again.
 */
async function claim(ctx: NfseContext, only?: number): Promise<Claimed[]> {
  return queryRows<Claimed>(
    ctx.db,
    sql`
    UPDATE nfse_documents SET lease_until = now() + ${LEASE_SECONDS} * interval '1 second', attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM nfse_documents
        WHERE status = 'processing' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
          ${only ? sql`AND id = ${only}` : sql``}
        ORDER BY next_attempt_at, id
        LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED)
    RETURNING id, organization_id, invoice_id, company_id, environment, dps_id, dps_xml, attempts, replaces_id`,
  );
}

/** Sends one claimed document and records the answer: issued, rejected, or due again later. */
async function send(ctx: NfseContext, doc: Claimed) {
  const actor = { organizationId: doc.organization_id, userId: null };
  let answer: SefinAnswer | undefined;
  try {
    const call = await sefinCall(
      ctx,
      { organizationId: doc.organization_id, companyId: doc.company_id, environment: doc.environment },
      SEFIN_TIMEOUT_MS,
    );
    const made = () => findNfseByDpsId({ ...call, dpsId: doc.dps_id });
    // A DPS sent before without an answer may have become an NFS-e: asked first, never sent twice.
    let found: SefinAnswer | undefined = doc.attempts > 1 ? await made() : undefined;
    if (!found?.ok) {
      answer = await postDps({ ...call, signedXml: doc.dps_xml });
      // 'DPS já utilizada': the earlier attempt did make it.
      if (!answer.ok && answer.errors.some((e) => e.code === 'E0014')) found = await made();
    }
    if (found?.ok) answer = found;
  } catch (err) {
    // Not answered (network, timeout, 5xx): tried again later. Only the message is kept and logged,
    // never the request (it carries the certificate).
    const message = String((err as Error)?.message ?? err).slice(0, 500);
    ctx.log.warn({ nfseDocumentId: doc.id, attempts: doc.attempts, error: message }, 'NFS-e not sent; will retry');
    await ctx.db
      .update(d)
      .set({
        lastError: message,
        leaseUntil: null,
        nextAttemptAt: sql`now() + ${retryDelaySeconds(doc.attempts)} * interval '1 second'`,
        updatedAt: new Date(),
      })
      .where(and(eq(d.id, doc.id), eq(d.status, 'processing')));
    return;
  }

  const result = answer;
  if (!result) return;
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    if (result.ok) {
      const [updated] = await tx
        .update(d)
        .set({
          status: 'issued',
          accessKey: result.accessKey,
          nfseNumber: result.number,
          nfseXml: result.nfseXml,
          issuedAt: result.issuedAt,
          ...declaredValues(result.nfseXml),
          errors: [],
          lastError: null,
          leaseUntil: null,
          statusCheckedAt: now,
          updatedAt: now,
        })
        .where(and(eq(d.id, doc.id), eq(d.status, 'processing')))
        .returning({ id: d.id });
      if (!updated) return;
      // A substitute issued: the NFS-e it replaces ends (the national system registered e105102 on it).
      let replacedNumber: string | null = null;
      if (doc.replaces_id) {
        const [old] = await tx
          .update(d)
          .set({ status: 'substituted', canceledAt: now, cancelReason: nfseMessages.substituted, updatedAt: now })
          .where(and(eq(d.id, doc.replaces_id), eq(d.status, 'issued')))
          .returning({ number: d.nfseNumber });
        replacedNumber = old?.number ?? null;
      }
      // The order's 'NF' becomes the NFS-e's number.
      const i = schema.invoices;
      const [before] = await tx
        .select({ invoiceInfo2: i.invoiceInfo2 })
        .from(i)
        .where(eq(i.id, doc.invoice_id))
        .for('update');
      await tx.update(i).set({ invoiceInfo2: result.number, updatedAt: now }).where(eq(i.id, doc.invoice_id));
      await audit(tx, actor, 'update', 'invoice', doc.invoice_id, [
        { field: 'invoiceInfo2', before: before?.invoiceInfo2 ?? null, after: result.number },
        // The taxes the note declared are what the customer withholds now: settled against them.
        ...(await settleOrder(tx, doc.organization_id, doc.invoice_id)),
      ]);
      await systemComment(
        tx,
        actor,
        doc.invoice_id,
        replacedNumber
          ? `NFS-e nº ${result.number} emitida em substituição à nº ${replacedNumber}`
          : `NFS-e nº ${result.number} emitida`,
      );
    } else {
      await tx
        .update(d)
        .set({ status: 'rejected', errors: result.errors, lastError: null, leaseUntil: null, updatedAt: now })
        .where(and(eq(d.id, doc.id), eq(d.status, 'processing')));
      await systemComment(
        tx,
        actor,
        doc.invoice_id,
        `NFS-e rejeitada: ${result.errors.map((e) => `${e.code} ${e.message}`).join('; ')}`.slice(0, 2000),
      );
    }
  });
}

/**
 * The values the NFS-e declares, as the national system computed them (base, ISS, withheld, net): they
 * replace the application's own reckoning of them. A document it cannot read keeps that reckoning.
 */
function declaredValues(nfseXml: string) {
  try {
    const v = readNfse(nfseXml).values;
    return {
      ...(v.issRate !== null ? { issRate: v.issRate } : {}),
      issCents: v.issCents,
      withheldCents: v.withheldCents,
      ...(v.netCents !== null ? { netCents: v.netCents } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * Asks the national system about issued NFS-e not checked for STATUS_CHECK_HOURS (issued in the last
 * STATUS_CHECK_DAYS): one canceled or replaced elsewhere ends here too. A few a round, oldest check
 * first; one the system cannot answer for is left for the next round.
 */
export async function refreshIssuedStatuses(ctx: NfseContext, now = new Date()): Promise<number> {
  const due = await ctx.db
    .select()
    .from(d)
    .where(
      and(
        eq(d.status, 'issued'),
        sql`${d.accessKey} IS NOT NULL`,
        sql`${d.issuedAt} > ${now.toISOString()}::timestamptz - ${STATUS_CHECK_DAYS} * interval '1 day'`,
        sql`(${d.statusCheckedAt} IS NULL OR ${d.statusCheckedAt} < ${now.toISOString()}::timestamptz - ${STATUS_CHECK_HOURS} * interval '1 hour')`,
      ),
    )
    .orderBy(sql`${d.statusCheckedAt} NULLS FIRST`, d.id)
    .limit(BATCH);
  let changed = 0;
  for (const doc of due) {
    try {
      const status = await nfseStatus({ ...(await sefinCall(ctx, doc, SEFIN_TIMEOUT_MS)), accessKey: doc.accessKey! });
      if (await recordStatus(ctx, doc, status)) changed++;
    } catch (err) {
      ctx.log.warn({ nfseDocumentId: doc.id, error: String((err as Error)?.message ?? err) }, 'NFS-e status not read');
    }
  }
  return changed;
}

/** One round of the job: the documents due (or just `only`), sent one after another. Returns how many were claimed. */
export async function sendDueNfse(ctx: NfseContext, only?: number): Promise<number> {
  const claimed = await claim(ctx, only);
  for (const doc of claimed) {
    try {
      await send(ctx, doc);
    } catch (err) {
      ctx.log.error({ err, nfseDocumentId: doc.id }, 'NFS-e job: could not record the answer');
    }
  }
  return claimed.length;
}

/**
 * Tells who sees the NFS-e, once per certificate, that a company's A1 expires within CERTIFICATE_WARNING_DAYS
 * (certificate_warned_at, emptied by a new upload; the notification's key names the certificate too).
 */
export async function warnExpiringCertificates(ctx: NfseContext, now = new Date()): Promise<number> {
  const f = schema.companyFiscalSettings;
  return ctx.db.transaction(async (tx) => {
    const due = await queryRows<{ organization_id: number; company_id: number; not_after: string; name: string }>(
      tx,
      sql`
      SELECT s.organization_id, s.company_id, s.certificate_not_after AS not_after, c.name
        FROM company_fiscal_settings s JOIN companies c ON c.id = s.company_id
       WHERE s.certificate_not_after IS NOT NULL AND s.certificate_warned_at IS NULL
         AND s.certificate_not_after < ${now.toISOString()}::timestamptz + ${CERTIFICATE_WARNING_DAYS} * interval '1 day'
       LIMIT 50
         FOR UPDATE OF s SKIP LOCKED`,
    );
    for (const row of due) {
      const notAfter = new Date(row.not_after);
      await notifyHolders(tx, 'nfse.see', {
        organizationId: row.organization_id,
        sourceKey: `nfse-certificate:${row.company_id}:${notAfter.getTime()}`,
        title: nfseMessages.certificateExpiringTitle,
        description: `O certificado A1 de ${row.name} vence em ${formatDate(notAfter)}. Envie o novo certificado para continuar emitindo NFS-e.`,
        url: `/companies/${row.company_id}/edit?tab=fiscal`,
        at: now,
      });
      await tx
        .update(f)
        .set({ certificateWarnedAt: now })
        .where(and(eq(f.organizationId, row.organization_id), eq(f.companyId, row.company_id)));
    }
    return due.length;
  });
}

/** The NFS-e job inside the server: every `intervalMs` the expiring certificates and the documents due. */
export function startNfseJob(app: FastifyInstance, intervalMs: number): Job {
  const ctx: NfseContext & { mailer: typeof app.mailer } = {
    db: app.db,
    config: app.config,
    log: app.log,
    mailer: app.mailer,
    mailFrom: app.mailFrom,
  };
  let lastWarning = 0;
  let lastStatusCheck = 0;
  return startIntervalJob(app.log, 'NFS-e job', intervalMs, async () => {
    // Certificates are looked at once an hour at most, and so are the statuses of issued NFS-e.
    if (Date.now() - lastWarning > 3600_000) {
      lastWarning = Date.now();
      await warnExpiringCertificates(ctx);
    }
    if (Date.now() - lastStatusCheck > 3600_000) {
      lastStatusCheck = Date.now();
      await refreshIssuedStatuses(ctx);
      await queueAccountantEmails(ctx.db);
    }
    await sendAccountantEmails(ctx);
    return (await sendDueNfse(ctx)) >= BATCH;
  });
}
