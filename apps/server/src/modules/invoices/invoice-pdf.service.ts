import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CommentType,
  isAdminRoles,
  paperworkMessages,
  PDF_LINK_TTL_SECONDS,
  pdfHiddenStates,
  formatAddress,
  can,
} from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { AppError, conflict, notFound } from '../../plugins/errors.ts';
import { cachedForPdf, SIGNATURE_PRINT_BOX } from '../../lib/images.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { visibleInvoice, type Actor } from './invoice-access.ts';
import { contentHash, latestSignature, loadSignedContent } from './invoice-signature.ts';
import { PdfCache, pdfCache } from '../../lib/pdf-cache.ts';
import { renderPdf } from '../../lib/pdf-pool.ts';
import { MAX_PRINTED_COMMENTS, type InvoicePdfData } from './pdf/invoice-document.ts';
import { printedChecklist } from './pdf/checklists-block.ts';
import { pixFor } from './pdf/pix-block.ts';

const PURPOSE = 'invoice-pdf';
/** Where a stored image that cannot be printed is reported (the request's logger). */
export type PdfLog = { warn(obj: object, msg: string): void };
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
    { inv: id, org: actor.organizationId, usr: actor.userId, values: can.seePrices(actor) && showValues },
    PDF_LINK_TTL_SECONDS,
  );
  return { url: `/api/pdfs/invoices/${id}?token=${token}` };
}

/**
 * GET /api/pdfs/invoices/{id}?token=...: altered → 404, expired → 410. The link names who asked for it,
 * and what they may see is decided again now: a user deactivated, or a technician taken off the order
 * since, gets a 404; someone who is no longer an admin gets neither prices nor the purchase-order and
 * fiscal-note numbers.
 */
export async function pdfFromLink(
  db: Db,
  storage: FileStorage,
  links: LinkSigner,
  id: number,
  token: string | undefined,
  log: PdfLog,
) {
  const claims = await links.verify(PURPOSE, token);
  if (claims === 'expired') throw new AppError(410, [paperworkMessages.pdfLinkExpired]);
  if (claims === 'invalid' || claims.inv !== id || typeof claims.org !== 'number' || typeof claims.usr !== 'number') {
    throw notFound(paperworkMessages.pdfLinkInvalid);
  }
  const u = schema.users;
  const [user] = await db
    .select({ role: u.role, name: u.name })
    .from(u)
    .where(and(eq(u.id, claims.usr), eq(u.organizationId, claims.org), eq(u.isActive, true)));
  if (!user) throw notFound(paperworkMessages.pdfLinkInvalid);
  const isAdmin = isAdminRoles([user.role]);
  await visibleInvoice(db, { userId: claims.usr, organizationId: claims.org, isAdmin, name: user.name }, id);
  const [version] = await db
    .select({ number: i.number, updatedAt: i.updatedAt })
    .from(i)
    .where(and(eq(i.id, id), eq(i.organizationId, claims.org)));
  const { number, updatedAt } = assertFound(version);
  const values = isAdmin && claims.values === true;
  // Every change to the order (lines, comments, photos, signature, state) bumps its updated_at.
  const key = PdfCache.key(token!, 'invoice', updatedAt, values, isAdmin);
  const pdf = await pdfCache.get(key, async () =>
    renderPdf({
      kind: 'invoice',
      data: await loadPdfData(db, storage, claims.org as number, id, { values, paperwork: isAdmin }, log),
    }),
  );
  return { pdf, number };
}

/** The owner's first address, or for the customer the one chosen for the job when there is one. */
export async function firstAddress(
  db: Db,
  owner: 'companyId' | 'customerId',
  ownerId: number,
  chosenId?: number | null,
) {
  const a = schema.addresses;
  const [row] = await db
    .select()
    .from(a)
    .where(eq(a[owner], ownerId))
    .orderBy(sql`${a.id} = ${chosenId ?? 0} DESC`, asc(a.id))
    .limit(1);
  return row ? formatAddress(row) : null;
}

/** The city of the company's first address (the PIX code names it), or null. */
export async function companyCity(db: Db, companyId: number) {
  const a = schema.addresses;
  const [row] = await db.select({ city: a.city }).from(a).where(eq(a.companyId, companyId)).orderBy(asc(a.id)).limit(1);
  return row?.city ?? null;
}

const fromDataUrl = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

type CompanyRow = typeof schema.companies.$inferSelect;
type CustomerRow = typeof schema.customers.$inferSelect;

/** The company (with its logo and signature shrunk for print, once per file) and the customer, as printed. */
export async function pdfParties(
  storage: FileStorage,
  co: CompanyRow,
  companyAddress: string | null,
  customer: CustomerRow,
  customerAddress: string | null,
  badImage: (what: string) => (err: unknown) => void,
) {
  const file = async (key: string) => (await storage.get(key)) ?? null;
  const [logo, signature] = await Promise.all([
    co.logoKey
      ? cachedForPdf(co.logoKey, () => file(co.logoKey!), { maxWidth: 360, maxHeight: 192 }, badImage('logo'))
      : null,
    co.signatureImageKey
      ? cachedForPdf(
          co.signatureImageKey,
          () => file(co.signatureImageKey!),
          SIGNATURE_PRINT_BOX,
          badImage('signature image'),
        )
      : co.signature
        ? cachedForPdf(
            createHash('sha256').update(co.signature).digest('hex'),
            async () => fromDataUrl(co.signature!),
            SIGNATURE_PRINT_BOX,
            badImage('signature'),
          )
        : null,
  ]);
  const party = (p: CompanyRow | CustomerRow, address: string | null) => ({
    name: p.name,
    alias: p.alias,
    identifier: p.identifier,
    type: p.type,
    email: p.email,
    phone: p.phone,
    address,
  });
  return { company: { ...party(co, companyAddress), logo, signature }, customer: party(customer, customerAddress) };
}

/** The print copies of some photos (at most 1000 px on the long side), in order; missing files skipped. */
export async function printPhotos(
  storage: FileStorage,
  pictures: Array<{ id: number; name: string; printKey: string; width: number; height: number }>,
) {
  const loaded = await Promise.all(
    pictures.map(async (p) => {
      const data = await storage.get(p.printKey);
      if (!data) return null;
      const scale = Math.min(1, 1000 / Math.max(p.width, p.height));
      return { id: p.id, name: p.name, data, width: Math.round(p.width * scale), height: Math.round(p.height * scale) };
    }),
  );
  return loaded.filter((p) => p !== null);
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
    .select({
      invoice: i,
      statusLabel: schema.invoiceStatuses.label,
      natureName: schema.transactionNatures.name,
      company: schema.companies,
      customer: schema.customers,
      timeZone: schema.organizations.timeZone,
    })
    .from(i)
    .innerJoin(schema.invoiceStatuses, eq(schema.invoiceStatuses.id, i.statusId))
    .innerJoin(schema.transactionNatures, eq(schema.transactionNatures.id, i.transactionNatureId))
    .innerJoin(schema.companies, eq(schema.companies.id, i.companyId))
    .innerJoin(schema.customers, eq(schema.customers.id, i.customerId))
    .innerJoin(schema.organizations, eq(schema.organizations.id, i.organizationId))
    .where(and(eq(i.id, id), eq(i.organizationId, organizationId)));
  const h = assertFound(head);
  if (pdfHiddenStates.includes(h.invoice.state)) throw conflict(paperworkMessages.pdfUnavailable);

  const w = schema.invoiceWorkers;
  const c = schema.invoiceComments;
  const ph = schema.invoicePictures;
  const u = schema.users;
  const co = h.company;
  const printedTypes: number[] = [CommentType.General, CommentType.Technical];
  const [content, workers, comments, commentCount, pictures, signature, companyAddress, customerAddress, checklists] =
    await Promise.all([
      loadSignedContent(db, h.invoice),
      db
        .select({ name: u.name })
        .from(w)
        .innerJoin(u, eq(u.id, w.workerId))
        .where(eq(w.invoiceId, id))
        .orderBy(asc(w.id)),
      // The latest comments only (then put back oldest first), and how many there are in all.
      db
        .select({ type: c.type, comment: c.comment, createdAt: c.createdAt, userName: u.name })
        .from(c)
        .leftJoin(u, eq(u.id, c.userId))
        .where(and(eq(c.invoiceId, id), inArray(c.type, printedTypes)))
        .orderBy(desc(c.createdAt), desc(c.id))
        .limit(MAX_PRINTED_COMMENTS)
        .then((rows) => rows.toReversed()),
      db
        .select({ n: count() })
        .from(c)
        .where(and(eq(c.invoiceId, id), inArray(c.type, printedTypes)))
        .then(([row]) => Number(row!.n)),
      db.select().from(ph).where(eq(ph.invoiceId, id)).orderBy(asc(ph.id)),
      latestSignature(db, id),
      firstAddress(db, 'companyId', co.id),
      firstAddress(db, 'customerId', h.customer.id, h.invoice.addressId),
      db
        .select()
        .from(schema.invoiceChecklists)
        .where(eq(schema.invoiceChecklists.invoiceId, id))
        .orderBy(asc(schema.invoiceChecklists.id)),
    ]);

  const inv = h.invoice;
  const [parties, photos, pix] = await Promise.all([
    pdfParties(storage, co, companyAddress, h.customer, customerAddress, badImage),
    printPhotos(storage, pictures),
    // What is still due, payable by PIX: nothing once paid.
    pixFor({
      pixKey: co.pixKey,
      showValues,
      amountCents: inv.isPaid ? 0 : inv.subtotalCents - inv.discountCents,
      merchantName: co.name,
      merchantCity: await companyCity(db, co.id),
      reference: `OS${inv.number}`,
    }),
  ]);
  return {
    timeZone: h.timeZone,
    showValues,
    generatedAt: new Date(),
    ...parties,
    invoice: {
      number: inv.number,
      statusLabel: h.statusLabel,
      natureName: h.natureName,
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
    workers: workers.map((r) => r.name),
    comments: comments.map((r) => ({ ...r, userName: r.userName ?? '' })),
    commentsLeftOut: commentCount - comments.length,
    photos,
    pix,
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
