import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  EstimateCommentType,
  EstimateStatus,
  formatDate,
  formatMoney,
  fromCents,
  PersonType,
  estimateDocumentStatusLabels,
  estimateMessages,
  PDF_LINK_TTL_SECONDS,
  type EstimateStatusValue,
  can,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { notFound } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { estimateEmailTable, fillTemplate, sendRecordPdf, type EmailSender } from '../../core/records/email.ts';
import { latestPrinted, printedHead, printPhotos, verifyDocumentLink } from '../../core/documents/printed-record.ts';
import type { DocumentLink, DocumentServer, PdfLog } from '../../core/documents/printed-record.ts';
import { findEstimate, recordChange, type Actor } from './estimate-access.ts';
import { depositDueCents } from './estimate-deposit.service.ts';
import { shareEstimate, sharingFields } from './estimate-sharing.service.ts';
import { PdfCache, pdfCache } from '../../core/documents/pdf-cache.ts';
import { renderPdf } from '../../core/documents/pdf-pool.ts';
import { MAX_PRINTED_COMMENTS } from '../../core/documents/pdf/printed-data.ts';
import type { EstimatePdfData } from '../../core/documents/renderers/estimate-document.ts';
import { assertFound } from '../../core/access/access.ts';

const PURPOSE = 'estimate-pdf';
const es = schema.estimates;

// ---- PDF -----------------------------------------------------------------------------------------

/**
 * POST estimates/{id}/pdf: a link that opens the document without a login for a few minutes. Every
 * status has its document: a draft's is marked as a draft, so it can be checked before it is sent.
 */
export async function requestEstimatePdf(db: Db, links: LinkSigner, actor: Actor, id: number) {
  await findEstimate(db, actor, id);
  const token = await links.sign(
    PURPOSE,
    { est: id, org: actor.organizationId, usr: actor.userId },
    PDF_LINK_TTL_SECONDS,
  );
  return { url: `/api/pdfs/estimates/${id}?token=${token}` };
}

/** GET /api/pdfs/estimates/{id}?token=...: the token is the only authorization; altered → 404, expired → 410. */
export async function estimatePdfFromLink(
  { db, storage, links }: DocumentServer,
  { id, token }: DocumentLink,
  log: PdfLog,
) {
  // The link stops working when the one who asked for it may no longer see estimates.
  const asker = await verifyDocumentLink(
    db,
    links,
    { purpose: PURPOSE, token, idClaim: 'est', id },
    { expired: estimateMessages.pdfLinkExpired, invalid: estimateMessages.pdfLinkInvalid },
  );
  if (!can(asker, 'estimate.see')) throw notFound(estimateMessages.pdfLinkInvalid);
  const org = asker.organizationId;
  const e = schema.estimates;
  const [version] = await db
    .select({ number: e.number, updatedAt: e.updatedAt })
    .from(e)
    .where(and(eq(e.id, id), eq(e.organizationId, org)));
  const values = can(asker, 'price.see');
  if (!version) await loadEstimatePdfData(db, storage, org, id, log, values); // says why there is no document
  const { number, updatedAt } = assertFound(version);
  // Every change to the estimate (lines, notes, photos, status) bumps its updated_at.
  const pdf = await pdfCache.get(PdfCache.key(token!, 'estimate', updatedAt, values), async () =>
    renderPdf({ kind: 'estimate', data: await loadEstimatePdfData(db, storage, org, id, log, values) }),
  );
  return { pdf, fileName: `Orcamento-${number}.pdf` };
}

/** Everything the estimate document prints; internal notes never are. */
export async function loadEstimatePdfData(
  db: Db,
  storage: FileStorage,
  organizationId: number,
  id: number,
  log: PdfLog,
  /** False for a reader who may not see prices; the customer's copy (e-mail) always has them. */
  showValues = true,
): Promise<EstimatePdfData> {
  const badImage = (what: string) => (err: unknown) =>
    log.warn({ err, estimateId: id, image: what }, 'stored image left out of the PDF');
  const [estimate] = await db
    .select()
    .from(es)
    .where(and(eq(es.id, id), eq(es.organizationId, organizationId)));
  const est = assertFound(estimate);
  const status = est.status as EstimateStatusValue;
  const s = schema.estimateServices;
  const p = schema.estimateProducts;
  const e = schema.estimateEquipments;
  const c = schema.estimateComments;
  const ph = schema.estimatePictures;
  const printed = and(eq(c.estimateId, id), eq(c.type, EstimateCommentType.General));
  const [head, services, products, equipments, notes, pictures] = await Promise.all([
    // The deposit it asks, payable by PIX, on a quote sent or approved (not on a draft or a cancelled
    // one); no deposit, no PIX.
    printedHead(
      db,
      storage,
      est,
      {
        showValues: showValues && (status === EstimateStatus.Wip || status === EstimateStatus.Completed),
        amountCents: depositDueCents(est),
        reference: `ORC${est.number}`,
      },
      badImage,
    ),
    db.select().from(s).where(eq(s.estimateId, id)).orderBy(asc(s.itemNumber), asc(s.id)),
    db.select().from(p).where(eq(p.estimateId, id)).orderBy(asc(p.itemNumber), asc(p.id)),
    db.select().from(e).where(eq(e.estimateId, id)).orderBy(asc(e.id)),
    latestPrinted(
      db
        .select({ comment: c.comment, createdAt: c.createdAt })
        .from(c)
        .where(printed)
        .orderBy(desc(c.createdAt), desc(c.id))
        .limit(MAX_PRINTED_COMMENTS),
      db.select({ n: count() }).from(c).where(printed),
    ),
    db.select().from(ph).where(eq(ph.estimateId, id)).orderBy(asc(ph.id)),
  ]);
  const { natureName, ...parties } = head;
  return {
    ...parties,
    generatedAt: new Date(),
    showValues,
    estimate: {
      number: est.number,
      // The customer's words for the status, never the shop's workflow ones.
      statusLabel: estimateDocumentStatusLabels[status],
      isDraft: status === EstimateStatus.Draft,
      natureName,
      createdAt: est.createdAt,
      subtotalCents: est.subtotalCents,
      discountCents: est.discountCents,
    },
    services,
    products,
    equipments,
    notes: notes.rows,
    notesLeftOut: notes.leftOut,
    photos: await printPhotos(storage, pictures),
  };
}

// ---- e-mail --------------------------------------------------------------------------------------

/** The customer as a greeting names them: an individual's first name, a business by its nome fantasia. */
const greetingName = (c: EstimatePdfData['customer']) =>
  c.type === PersonType.Natural ? (c.name.trim().split(/\s+/)[0] ?? c.name) : c.alias?.trim() || c.name;

/** Without the company's own words: a greeting, what is sent, its total and validity, and the link. */
const DEFAULT_SUBJECT = 'Orçamento nº {{numero}} — {{empresa}}';
const defaultBody = (withLink: boolean) =>
  [
    '<p>Olá, {{primeiro_nome}}!</p>',
    `<p>Segue em anexo o orçamento nº {{numero}} da {{empresa}}, no valor de {{total}}${withLink ? ', válido até {{validade}}' : ''}.</p>`,
    withLink ? '<p>Para conferir e aprovar pelo celular, sem senha: {{link}}</p>' : '',
  ].join('');

/**
 * POST estimates/{id}/email: the company's e-mail template (subject, message, signature) with its
 * placeholders filled, the estimate PDF attached, journaled in the estimate's e-mail history. An
 * estimate awaiting approval goes with its approval link (a new one when none works; without {{link}} in the company's
 * words it is added after them); the sender and the words name the company by its nome fantasia.
 */
export async function sendEstimateEmail(
  deps: EmailSender & { db: Db; storage: FileStorage; log: PdfLog; appUrl: string },
  actor: Actor,
  id: number,
  to: string[],
) {
  const { db } = deps;
  const estimate = await findEstimate(db, actor, id);
  let { share } = await sharingFields(db, id);
  // Awaiting approval, it goes with a working link (a draft e-mailed stays a draft, with none).
  if (estimate.status !== EstimateStatus.Wip) share = null;
  else share ??= await shareEstimate(db, actor, id, { tell: false });
  const data = await loadEstimatePdfData(db, deps.storage, actor.organizationId, id, deps.log);
  const [company] = await db.select().from(schema.companies).where(eq(schema.companies.id, estimate.companyId));
  const companyName = company!.alias?.trim() || company!.name;
  const link = share ? `${deps.appUrl}${share.url}` : null;
  const values = {
    number: data.estimate.number,
    customer: data.customer.name,
    company: companyName,
    firstName: greetingName(data.customer),
    total: formatMoney(fromCents(data.estimate.subtotalCents - data.estimate.discountCents)),
    validity: share ? formatDate(share.expiresAt, data.timeZone) : '',
    link,
  };
  const subject = fillTemplate(company!.emailSubject?.trim() || DEFAULT_SUBJECT, values, false);
  const own = [company!.emailBody, company!.emailSignature].filter((part): part is string => !!part?.trim());
  const body = company!.emailBody?.trim() ? company!.emailBody : own.length ? '' : defaultBody(!!link);
  const linked = own.some((part) => part.includes('{{link}}')) || body.includes('{{link}}');
  const words = [
    body,
    link && !linked ? '<p>Para conferir e aprovar o orçamento pelo celular: {{link}}</p>' : '',
    company!.emailSignature?.trim() ? company!.emailSignature : '',
  ].filter((part) => !!part);
  // The stored HTML was sanitized on save; it is sanitized again after filling, in case of older rows.
  const html = await sanitizeRichText(fillTemplate(words.join('<br>'), values, true));
  const pdf = await renderPdf({ kind: 'estimate', data });
  const sent = await sendRecordPdf(
    deps,
    estimateEmailTable,
    actor,
    id,
    { name: companyName, email: company!.email },
    {
      to,
      subject,
      html,
      filename: `Orcamento-${values.number}.pdf`,
      pdf,
    },
  );
  await db.transaction((tx) =>
    recordChange(tx, actor, id, 'update', [{ field: 'emails', before: null, after: { subject, to } }]),
  );
  return sent;
}
