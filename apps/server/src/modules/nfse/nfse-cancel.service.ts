import { and, eq } from 'drizzle-orm';
import { nfseMessages, type NfseCancelBody } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import { recordChange, systemComment, visibleInvoice, type Actor } from '../../core/orders/invoice-access.ts';
import { settleOrder } from '../../core/orders/settle.ts';
import { buildCancelEvent, signXml, validateXml } from '@ordem-certa/nfse-xml';
import { nfseStatus, postEvent, type SefinNfseStatus } from './sefin-client.ts';
import {
  companyCertificate,
  currentDocument,
  getNfse,
  sefinCall,
  sefinUrl,
  timeZoneOf,
  type NfseContext,
  type NfseRow,
} from './nfse.service.ts';

// The end of an NFS-e: the cancellation the shop asks for, and what the national system says happened
// elsewhere (cancelled on the national portal, replaced, cancelled by the municipality).

const d = schema.nfseDocuments;

/** Who changed it: the user, or the server (userId null) when the national system told it. */
type ChangeActor = { organizationId: number; userId: number | null };

/** The order's 'NF' is emptied when it still names the NFS-e that ended. */
async function clearOrderNf(tx: Tx, actor: ChangeActor, invoiceId: number, doc: NfseRow, change: string) {
  const i = schema.invoices;
  const [invoice] = await tx
    .select({ id: i.id, invoiceInfo2: i.invoiceInfo2 })
    .from(i)
    .where(and(eq(i.id, invoiceId), eq(i.organizationId, doc.organizationId)))
    .for('update');
  if (!invoice) return;
  const clearsNf = invoice.invoiceInfo2 === doc.nfseNumber;
  if (clearsNf) await tx.update(schema.invoices).set({ invoiceInfo2: null }).where(eq(schema.invoices.id, invoice.id));
  await recordChange(tx, actor, invoice.id, 'update', [
    { field: 'nfse', before: `NFS-e ${doc.nfseNumber}`, after: change },
    ...(clearsNf ? [{ field: 'invoiceInfo2', before: doc.nfseNumber, after: null }] : []),
    // Its declared taxes no longer hold: the order expects what its withholdings come to, or its total.
    ...(await settleOrder(tx, doc.organizationId, invoice.id)),
  ]);
}

/**
 * POST invoices/{id}/nfse/cancel: the signed cancellation event (e101101, layout 1.01) sent to the
 * national system at once; accepted, the document is 'canceled' with the request and the event kept,
 * and the order's 'NF' emptied when it still names this NFS-e. A refusal is a 422 with the system's messages.
 */
export async function cancelNfse(ctx: NfseContext, actor: Actor, invoiceId: number, body: NfseCancelBody) {
  await visibleInvoice(ctx.db, actor, invoiceId);
  const doc = (await currentDocument(ctx.db, actor.organizationId, invoiceId))?.row;
  if (!doc) throw notFound(nfseMessages.none);
  if (doc.status !== 'issued' || !doc.accessKey) throw conflict(nfseMessages.notIssued);
  const [company] = await ctx.db
    .select({ identifier: schema.companies.identifier })
    .from(schema.companies)
    .where(and(eq(schema.companies.id, doc.companyId), eq(schema.companies.organizationId, actor.organizationId)));
  const { pfx, password, cert } = await companyCertificate(ctx, actor.organizationId, doc.companyId);
  const at = new Date();
  const event = buildCancelEvent({
    environment: doc.environment,
    accessKey: doc.accessKey,
    providerCnpj: company!.identifier,
    reason: body.reason,
    at,
    timeZone: await timeZoneOf(ctx.db, actor.organizationId),
  });
  const signed = signXml(event.xml, cert, 'infPedReg');
  const problems = await validateXml(signed, 'pedRegEvento');
  if (problems.length) throw invalid({ reason: [nfseMessages.invalidDps, ...problems] });

  let answer;
  try {
    answer = await postEvent({
      baseUrl: sefinUrl(ctx, doc.environment),
      pfx,
      password,
      accessKey: doc.accessKey,
      signedXml: signed,
    });
  } catch (err) {
    ctx.log.warn({ err: { message: (err as Error).message }, invoiceId }, 'NFS-e cancellation not sent');
    throw new AppError(503, [nfseMessages.unavailable]);
  }
  if (!answer.ok) throw invalid({ reason: answer.errors.map((e) => `${e.code}: ${e.message}`) });

  const eventXml = answer.eventXml;
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(d)
      .set({
        status: 'canceled',
        cancelReason: body.reason,
        cancelRequestXml: signed,
        cancelEventXml: eventXml,
        canceledAt: at,
        updatedAt: at,
      })
      .where(and(eq(d.id, doc.id), eq(d.status, 'issued')))
      .returning({ id: d.id });
    if (!updated) return;
    await clearOrderNf(tx, actor, invoiceId, doc, `NFS-e ${doc.nfseNumber} cancelada`);
    await systemComment(tx, actor, invoiceId, `NFS-e nº ${doc.nfseNumber} cancelada: ${body.reason}`);
  });
  return getNfse(ctx.db, actor, invoiceId);
}

/**
 * Records what the national system said of an issued NFS-e. Canceled or replaced elsewhere (the portal,
 * the municipality, a substitute not sent from here), the document ends as the system says, with its
 * event kept, and the order's 'NF' is emptied; still standing, only the time of the check is kept.
 * Returns whether the document changed.
 */
export async function recordStatus(
  ctx: NfseContext,
  doc: NfseRow,
  status: SefinNfseStatus,
  actor: ChangeActor = { organizationId: doc.organizationId, userId: null },
): Promise<boolean> {
  const now = new Date();
  if (status.status === 'issued') {
    await ctx.db.update(d).set({ statusCheckedAt: now }).where(eq(d.id, doc.id));
    return false;
  }
  return ctx.db.transaction(async (tx) => {
    // A substitute issued from here has already ended the old one (the job does it); this is the rest.
    const [updated] = await tx
      .update(d)
      .set({
        status: status.status,
        cancelEventXml: status.eventXml,
        canceledAt: now,
        cancelReason: status.status === 'canceled' ? nfseMessages.canceledElsewhere : nfseMessages.substituted,
        statusCheckedAt: now,
        updatedAt: now,
      })
      .where(and(eq(d.id, doc.id), eq(d.status, 'issued')))
      .returning({ id: d.id });
    if (!updated) return false;
    const what =
      status.status === 'canceled'
        ? `NFS-e nº ${doc.nfseNumber} cancelada no sistema nacional`
        : `NFS-e nº ${doc.nfseNumber} substituída no sistema nacional${status.substituteKey ? ` (chave ${status.substituteKey})` : ''}`;
    await clearOrderNf(tx, actor, doc.invoiceId, doc, what);
    await systemComment(tx, actor, doc.invoiceId, what);
    return true;
  });
}

/** POST invoices/{id}/nfse/refresh: asks the national system whether the order's NFS-e still stands. */
export async function refreshNfseStatus(ctx: NfseContext, actor: Actor, invoiceId: number) {
  await visibleInvoice(ctx.db, actor, invoiceId);
  const doc = (await currentDocument(ctx.db, actor.organizationId, invoiceId))?.row;
  if (!doc) throw notFound(nfseMessages.none);
  if (doc.status === 'issued' && doc.accessKey) {
    let status;
    try {
      status = await nfseStatus({ ...(await sefinCall(ctx, doc)), accessKey: doc.accessKey });
    } catch (err) {
      if (err instanceof AppError) throw err;
      ctx.log.warn({ err: { message: (err as Error).message }, invoiceId }, 'NFS-e status not read');
      throw new AppError(503, [nfseMessages.unavailable]);
    }
    await recordStatus(ctx, doc, status, actor);
  }
  return getNfse(ctx.db, actor, invoiceId);
}
