import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  CommentType,
  InvoiceState,
  paperworkMessages,
  PDF_LINK_TTL_SECONDS,
  pdfHiddenStates,
  can,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { conflict } from '../../lib/errors.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { visibleInvoice, type Actor } from '../../core/orders/invoice-access.ts';
import { contentHash, latestSignature, loadSignedContent } from './invoice-signature.ts';
import { PdfCache, pdfCache } from '../../core/documents/pdf-cache.ts';
import { renderPdf } from '../../core/documents/pdf-pool.ts';
import type { InvoicePdfData } from '../../core/documents/renderers/invoice-document.ts';
import { MAX_PRINTED_COMMENTS, printedChecklist, printedInstalmentPix } from '../../core/documents/pdf/printed-data.ts';
import {
  fromDataUrl,
  latestPrinted,
  openInstalmentCharges,
  openPixCharge,
  printPhotos,
  printedHead,
  verifyDocumentLink,
} from '../../core/documents/printed-record.ts';
import type { DocumentLink, DocumentServer, PdfLog } from '../../core/documents/printed-record.ts';
import { assertFound } from '../../core/access/access.ts';
import { dueCents } from '../../core/orders/settle.ts';

export type { PdfLog };

const PURPOSE = 'invoice-pdf';
const i = schema.invoices;

/**
 * POST invoices/{id}/pdf: a link to the document that works without a login for a few minutes.
 * Values are printed only when an admin asks; a collaborator's request never carries them.
 */
export async function requestPdf(db: Db, links: LinkSigner, actor: Actor, id: number, showValues: boolean) {
  const invoice = await visibleInvoice(db, actor, id);
  if (pdfHiddenStates.includes(invoice.state)) throw conflict(paperworkMessages.pdfUnavailable);
  const token = await links.sign(
    PURPOSE,
    { inv: id, org: actor.organizationId, usr: actor.userId, values: can(actor, 'price.see') && showValues },
    PDF_LINK_TTL_SECONDS,
  );
  return { url: `/api/pdfs/invoices/${id}?token=${token}` };
}

/**
 * GET /api/pdfs/invoices/{id}?token=...: altered → 404, expired → 410. The link names who asked for it,
 * and what they may see is decided again now: a user deactivated, or a technician taken off the order
 * since, gets a 404; someone whose role no longer sees prices gets none, nor, without editing orders, the purchase-order and
 * fiscal-note numbers.
 */
export async function pdfFromLink({ db, storage, links }: DocumentServer, { id, token }: DocumentLink, log: PdfLog) {
  const asker = await verifyDocumentLink(
    db,
    links,
    { purpose: PURPOSE, token, idClaim: 'inv', id },
    { expired: paperworkMessages.pdfLinkExpired, invalid: paperworkMessages.pdfLinkInvalid },
  );
  const { organizationId } = asker;
  // The purchase-order and fiscal-note numbers are the office's: printed for who may edit the order.
  const paperwork = can(asker, 'invoice.edit');
  await visibleInvoice(db, asker, id);
  const [version] = await db
    .select({ number: i.number, updatedAt: i.updatedAt })
    .from(i)
    .where(and(eq(i.id, id), eq(i.organizationId, organizationId)));
  const { number, updatedAt: orderChanged } = assertFound(version);
  // The order's PSP charge changes the PIX code it prints: its change makes a new document too.
  const charge = await openPixCharge(db, organizationId, id);
  const updatedAt = charge && charge.updatedAt > orderChanged ? charge.updatedAt : orderChanged;
  // So do its instalments' charges (made, revised, paid, withdrawn).
  const pc = schema.pixCharges;
  const [instalments] = await db
    .select({ n: count(), last: max(pc.updatedAt) })
    .from(pc)
    .where(and(eq(pc.invoiceId, id), eq(pc.organizationId, organizationId), eq(pc.kind, 'cobv')));
  const values = can(asker, 'price.see') && asker.claims.values === true;
  // Every change to the order (lines, comments, photos, signature, state) bumps its updated_at; the
  // payments it prints (added by the office, a Pix webhook, removed) make a new document through their
  // count, sum and latest.
  const pay = schema.invoicePayments;
  const [paid] = await db
    .select({ n: count(), cents: sql<string>`coalesce(sum(${pay.amountCents}), 0)`, last: max(pay.createdAt) })
    .from(pay)
    .where(and(eq(pay.invoiceId, id), eq(pay.organizationId, organizationId)));
  const key = PdfCache.key(
    token!,
    'invoice',
    updatedAt,
    values,
    paperwork,
    paid!.n,
    paid!.cents,
    paid!.last,
    instalments!.n,
    instalments!.last,
  );
  const pdf = await pdfCache.get(key, async () =>
    renderPdf({
      kind: 'invoice',
      data: await loadPdfData(db, storage, organizationId, id, { values, paperwork }, log),
    }),
  );
  return { pdf, number };
}

/** Everything the document prints, for one order of one organization (the link says which). */
export async function loadPdfData(
  db: Db,
  storage: FileStorage,
  organizationId: number,
  id: number,
  show: { values: boolean; paperwork: boolean },
  log: PdfLog,
): Promise<InvoicePdfData> {
  const showValues = show.values;
  const badImage = (what: string) => (err: unknown) =>
    log.warn({ err, invoiceId: id, image: what }, 'stored image left out of the PDF');
  const [head] = await db
    .select({ invoice: i, statusLabel: schema.invoiceStatuses.label })
    .from(i)
    .innerJoin(schema.invoiceStatuses, eq(schema.invoiceStatuses.id, i.statusId))
    .where(and(eq(i.id, id), eq(i.organizationId, organizationId)));
  const { invoice: inv, statusLabel } = assertFound(head);
  if (pdfHiddenStates.includes(inv.state)) throw conflict(paperworkMessages.pdfUnavailable);

  const w = schema.invoiceWorkers;
  const c = schema.invoiceComments;
  const ph = schema.invoicePictures;
  const u = schema.users;
  const printed = and(eq(c.invoiceId, id), inArray(c.type, [CommentType.General, CommentType.Technical]));
  // What is still due, payable by PIX: the total less what the customer withholds and what was received
  // (a deposit), nothing once paid.
  const money = await dueCents(db, inv);
  const due = inv.isPaid ? 0 : money.due;
  // The instalments with a charge of their own are paid by it; the order's code asks only the rest.
  const byInstalment = showValues && !inv.isPaid ? await openInstalmentCharges(db, organizationId, id) : [];
  const rest = Math.max(due - byInstalment.reduce((sum, x) => sum + x.amountCents, 0), 0);
  const pay = schema.invoicePayments;
  const payments = await db
    .select({ paidAt: pay.paidAt, method: pay.method, amountCents: pay.amountCents })
    .from(pay)
    .where(and(eq(pay.invoiceId, id), eq(pay.organizationId, organizationId)))
    .orderBy(asc(pay.paidAt), asc(pay.id));
  const [printedHeadData, content, workers, comments, pictures, signature, checklists] = await Promise.all([
    printedHead(
      db,
      storage,
      inv,
      {
        showValues,
        amountCents: rest,
        reference: `OS${inv.number}`,
        charge: await openPixCharge(db, organizationId, id),
      },
      badImage,
    ),
    loadSignedContent(db, inv),
    db
      .select({ name: u.name })
      .from(w)
      .innerJoin(u, eq(u.id, w.workerId))
      .where(eq(w.invoiceId, id))
      .orderBy(asc(w.id)),
    latestPrinted(
      db
        .select({ type: c.type, comment: c.comment, createdAt: c.createdAt, userName: u.name })
        .from(c)
        .leftJoin(u, eq(u.id, c.userId))
        .where(printed)
        .orderBy(desc(c.createdAt), desc(c.id))
        .limit(MAX_PRINTED_COMMENTS),
      db.select({ n: count() }).from(c).where(printed),
    ),
    db.select().from(ph).where(eq(ph.invoiceId, id)).orderBy(asc(ph.id)),
    latestSignature(db, id),
    db
      .select()
      .from(schema.invoiceChecklists)
      .where(eq(schema.invoiceChecklists.invoiceId, id))
      .orderBy(asc(schema.invoiceChecklists.id)),
  ]);
  const { natureName, ...parties } = printedHeadData;
  const photos = await printPhotos(storage, pictures);
  return {
    ...parties,
    showValues,
    generatedAt: new Date(),
    invoice: {
      number: inv.number,
      statusLabel,
      notStarted: inv.state === InvoiceState.Todo,
      natureName,
      createdAt: inv.createdAt,
      startedAt: inv.startedAt,
      finishedAt: inv.finishedAt,
      scheduledAt: inv.scheduledAt,
      reportedProblem: inv.reportedProblem,
      invoiceInfo1: show.paperwork ? inv.invoiceInfo1 : null,
      invoiceInfo2: show.paperwork ? inv.invoiceInfo2 : null,
      subtotalCents: inv.subtotalCents,
      discountCents: inv.discountCents,
      isPaid: inv.isPaid,
      paymentDate: inv.paymentDate,
    },
    services: content.services,
    products: content.products,
    equipments: content.equipments,
    received: { payments, withheldCents: money.withheld, dueCents: due },
    instalmentPix: await printedInstalmentPix(byInstalment),
    workers: workers.map((r) => r.name),
    comments: comments.rows.map((r) => ({ ...r, userName: r.userName ?? '' })),
    commentsLeftOut: comments.leftOut,
    photos,
    checklists: checklists.map((list) =>
      printedChecklist(
        list,
        photos.map((p) => p.id),
      ),
    ),
    signature: signature
      ? {
          image: fromDataUrl(signature.printImage),
          signerName: signature.signerName,
          signedAt: signature.signedAt,
          ip: signature.ip,
          contentHash: signature.contentHash,
          isOutdated: signature.contentHash !== contentHash(content),
        }
      : null,
  };
}
