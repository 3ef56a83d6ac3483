// The estimate shared with its customer: a public, expiring, revocable link where the customer sees
// the quote and approves it (name, maybe a drawn signature) or declines it (maybe a reason).
import { timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  ESTIMATE_SHARE_DAYS,
  EstimateDecision,
  EstimateStatus,
  estimateSharePath,
  estimateShareMessages,
  estimateStatusLabels,
  fromCents,
  type CustomerDecision,
  type PublicApproveBody,
  type PublicDeclineBody,
  type PublicEstimate,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import { checkDrawing } from '../../lib/images.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { printedHead } from '../../core/documents/printed-record.ts';
import { contentHash } from '../../core/records/content-hash.ts';
import { notifyHolders } from '../../core/notify/notify.ts';
import { lockEstimate, recordChange, type Actor, type EstimateRow } from './estimate-access.ts';
import { depositDueCents } from './estimate-deposit.service.ts';
import { reads } from '../../lib/reads.ts';
import { tellCustomer } from '../../core/notify/customer-events.ts';

const es = schema.estimates;
const d = schema.estimateDecisions;
const DAY_MS = 86_400_000;
/** A quote still waiting for an answer: Rascunho or Em Andamento. */
const isOpen = (status: number): status is typeof EstimateStatus.Draft | typeof EstimateStatus.Wip =>
  status === EstimateStatus.Draft || status === EstimateStatus.Wip;

// ---- what the link shows -------------------------------------------------------------------------

/** The lines, equipment and money of the estimate, as the page shows them and an answer covers. */
async function shownContent(db: Db | Tx, estimate: EstimateRow) {
  const s = schema.estimateServices;
  const p = schema.estimateProducts;
  const e = schema.estimateEquipments;
  const [services, products, equipments] = await reads(
    db,
    () => db.select().from(s).where(eq(s.estimateId, estimate.id)).orderBy(asc(s.itemNumber), asc(s.id)),
    () => db.select().from(p).where(eq(p.estimateId, estimate.id)).orderBy(asc(p.itemNumber), asc(p.id)),
    () => db.select().from(e).where(eq(e.estimateId, estimate.id)).orderBy(asc(e.id)),
  );
  return { services, products, equipments };
}
type ShownContent = Awaited<ReturnType<typeof shownContent>>;

/** The hash of what the customer is shown, the same one a service order's signature covers. */
const shownHash = (estimate: EstimateRow, c: ShownContent) =>
  contentHash({
    companyId: estimate.companyId,
    customerId: estimate.customerId,
    discountCents: estimate.discountCents,
    ...c,
  });

// ---- the office: share and revoke -----------------------------------------------------------------

/**
 * POST estimates/{id}/share: a new link (the previous one stops working) valid for
 * ESTIMATE_SHARE_DAYS. A draft shared is a quote sent: it moves to Em Andamento.
 */
export async function shareEstimate(db: Db, actor: Actor, id: number, { tell = true } = {}) {
  return db.transaction(async (tx) => {
    const row = await lockEstimate(tx, actor, id);
    if (!isOpen(row.status)) throw conflict(estimateShareMessages.cannotShare);
    const token = schema.newSignToken();
    const expiresAt = new Date(Date.now() + ESTIMATE_SHARE_DAYS * DAY_MS);
    const hash = shownHash(row, await shownContent(tx, row));
    const status = EstimateStatus.Wip;
    await tx
      .update(es)
      .set({ shareToken: token, shareExpiresAt: expiresAt, shareContentHash: hash, status })
      .where(eq(es.id, id));
    await recordChange(tx, actor, id, 'update', [
      { field: 'shareLink', before: row.shareToken ? 'revogado' : null, after: 'novo link' },
      ...(row.status !== status
        ? [{ field: 'status', before: estimateStatusLabels[EstimateStatus.Draft], after: estimateStatusLabels[status] }]
        : []),
    ]);
    // Shared for an e-mail, the e-mail is what tells the customer.
    if (tell) await tellCustomer(tx, actor.organizationId, { event: 'estimateSent', estimateId: id });
    return { url: estimateSharePath(id, token), expiresAt: expiresAt.toISOString() };
  });
}

/** DELETE estimates/{id}/share: the link stops working at once. */
export async function revokeEstimateShare(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockEstimate(tx, actor, id);
    if (!row.shareToken) return;
    await tx.update(es).set({ shareToken: null, shareExpiresAt: null, shareContentHash: null }).where(eq(es.id, id));
    await recordChange(tx, actor, id, 'update', [{ field: 'shareLink', before: 'ativo', after: 'revogado' }]);
  });
}

/** The detail's share and customer answer: the link while it works, the latest answer through any link. */
export async function sharingFields(db: Db, id: number) {
  const [[row], [latest]] = await Promise.all([
    db
      .select({ id: es.id, shareToken: es.shareToken, shareExpiresAt: es.shareExpiresAt })
      .from(es)
      .where(eq(es.id, id)),
    db.select().from(d).where(eq(d.estimateId, id)).orderBy(desc(d.decidedAt), desc(d.id)).limit(1),
  ]);
  const live = row?.shareToken && row.shareExpiresAt && row.shareExpiresAt > new Date();
  const customerDecision: CustomerDecision | null = latest
    ? {
        decision: latest.decision === EstimateDecision.Approved ? 'approved' : 'declined',
        name: latest.name,
        reason: latest.reason,
        decidedAt: latest.decidedAt.toISOString(),
        ip: latest.ip,
        userAgent: latest.userAgent,
        contentHash: latest.contentHash,
        signature: latest.signature,
      }
    : null;
  return {
    share: live
      ? { url: estimateSharePath(row.id, row.shareToken!), expiresAt: row.shareExpiresAt!.toISOString() }
      : null,
    customerDecision,
  };
}

// ---- the customer: the public page ----------------------------------------------------------------

const sameToken = (expected: string, given: string) => {
  const x = Buffer.from(expected);
  const y = Buffer.from(given);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The estimate behind a public link: a missing, wrong or revoked token, or an organization without
 * estimates, is the same 404 as an unknown id; an expired link is a 410.
 */
async function estimateByToken(db: Db | Tx, id: number, token: string | undefined, lock = false) {
  const query = db
    .select({ estimate: es, features: schema.organizations.features })
    .from(es)
    .innerJoin(schema.organizations, eq(schema.organizations.id, es.organizationId))
    .where(eq(es.id, id));
  const [found] = lock ? await query.for('update', { of: es }) : await query;
  const row = found?.estimate;
  if (!found || !row?.shareToken || !token || !sameToken(row.shareToken, token) || !found.features.estimates)
    throw notFound(estimateShareMessages.linkInvalid);
  if (!row.shareExpiresAt || row.shareExpiresAt <= new Date())
    throw new AppError(410, [estimateShareMessages.linkExpired]);
  return row;
}

/** The raw check of a link, for the answer routes' onRequest hook (before a drawing is even read). */
export async function assertShareLink(db: Db, rawId: string | undefined, token: string | undefined) {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647 || typeof token !== 'string')
    throw notFound(estimateShareMessages.linkInvalid);
  await estimateByToken(db, id, token);
}

const dataUrl = (image: Buffer) =>
  `data:${image[0] === 0x89 ? 'image/png' : 'image/jpeg'};base64,${image.toString('base64')}`;

/** GET /api/public/estimates/{id}?token=: the quote as the customer sees it, and their answer. */
export async function getPublicEstimate(
  db: Db,
  storage: FileStorage,
  id: number,
  token: string | undefined,
): Promise<PublicEstimate> {
  const row = await estimateByToken(db, id, token);
  const total = row.subtotalCents - row.discountCents;
  const [content, head, [decided]] = await Promise.all([
    shownContent(db, row),
    // A logo that cannot be read is left out of the page, as it is of the PDF.
    printedHead(
      db,
      storage,
      row,
      // Its Pix offers the deposit the estimate asks, or nothing: never the whole total before the work.
      { showValues: true, amountCents: depositDueCents(row), reference: `ORC${row.number}` },
      () => () => {},
    ),
    db
      .select()
      .from(d)
      .where(and(eq(d.estimateId, id), eq(d.shareToken, row.shareToken!))),
  ]);
  const hash = shownHash(row, content);
  const money = (quantity: number, cents: number) => ({ quantity, price: fromCents(cents) });
  return {
    id: row.id,
    number: row.number,
    companyName: head.company.name,
    companyIdentifier: head.company.identifier,
    companyType: head.company.type,
    logo: head.company.logo ? dataUrl(head.company.logo) : null,
    customerName: head.customer.name,
    natureName: head.natureName,
    timeZone: head.timeZone,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.shareExpiresAt!.toISOString(),
    services: content.services.map((l) => ({
      name: l.name,
      description: l.description,
      ...money(l.quantity, l.priceCents),
    })),
    products: content.products.map((l) => ({ name: l.name, unit: l.unit, ...money(l.quantity, l.priceCents) })),
    equipments: content.equipments.map(({ name, brand, model, serialNumber }) => ({
      name,
      brand,
      model,
      serialNumber,
    })),
    subTotal: fromCents(row.subtotalCents),
    discount: fromCents(row.discountCents),
    total: fromCents(total),
    pix: head.pix ? { code: head.pix.code, qr: dataUrl(head.pix.qr), amount: fromCents(head.pix.amountCents) } : null,
    contentHash: hash,
    changedSinceShared: row.shareContentHash !== null && row.shareContentHash !== hash,
    canDecide: !decided && isOpen(row.status),
    decision: decided
      ? {
          decision: decided.decision === EstimateDecision.Approved ? 'approved' : 'declined',
          name: decided.name,
          reason: decided.reason,
          decidedAt: decided.decidedAt.toISOString(),
        }
      : null,
  };
}

export interface DecisionEvidence {
  ip: string;
  userAgent: string | null;
}

/**
 * POST /api/public/estimates/{id}/approve|decline?token=: one answer per link, while the estimate is
 * open, to the version the page showed (an older one is a 409 that sends the customer to the new one).
 * An approval moves the estimate to Aprovado. Evidence kept; who sees estimates hears of it on the bell.
 */
export async function decideEstimate(
  db: Db,
  storage: FileStorage,
  id: number,
  token: string | undefined,
  answer: ({ decision: 'approve' } & PublicApproveBody) | ({ decision: 'decline' } & PublicDeclineBody),
  evidence: DecisionEvidence,
) {
  await estimateByToken(db, id, token);
  if (answer.decision === 'approve' && answer.signature) {
    const { blank } = await checkDrawing(answer.signature, 'signature', estimateShareMessages.emptySignature);
    if (blank) throw invalid({ signature: estimateShareMessages.emptySignature });
  }
  await db.transaction(async (tx) => {
    const row = await estimateByToken(tx, id, token, true);
    const [previous] = await tx
      .select({ id: d.id })
      .from(d)
      .where(and(eq(d.estimateId, id), eq(d.shareToken, row.shareToken!)));
    if (previous) throw conflict(estimateShareMessages.alreadyDecided);
    const status = row.status;
    if (!isOpen(status)) throw conflict(estimateShareMessages.notOpen);
    const hash = shownHash(row, await shownContent(tx, row));
    if (answer.contentHash && answer.contentHash !== hash) throw conflict(estimateShareMessages.changed);
    const approved = answer.decision === 'approve';
    const name = answer.name ?? null;
    const [decided] = await tx
      .insert(d)
      .values({
        organizationId: row.organizationId,
        estimateId: id,
        shareToken: row.shareToken!,
        decision: approved ? EstimateDecision.Approved : EstimateDecision.Declined,
        name,
        reason: approved ? null : answer.reason || null,
        signature: approved ? (answer.signature ?? null) : null,
        ip: evidence.ip,
        userAgent: evidence.userAgent?.slice(0, 500) ?? null,
        contentHash: hash,
      })
      .returning({ id: d.id, decidedAt: d.decidedAt });
    const who = name ?? 'O cliente';
    const publicActor = { organizationId: row.organizationId, userId: null };
    if (approved) await tx.update(es).set({ status: EstimateStatus.Completed }).where(eq(es.id, id));
    await recordChange(tx, publicActor, id, 'update', [
      { field: 'customerDecision', before: null, after: `${approved ? 'aprovado' : 'recusado'} por ${who}` },
      ...(approved
        ? [
            {
              field: 'status',
              before: estimateStatusLabels[status],
              after: estimateStatusLabels[EstimateStatus.Completed],
            },
          ]
        : []),
    ]);
    // In the same transaction: who sees estimates hears of each answer once, or not at all if it fails.
    const reason = !approved && answer.reason ? ` Motivo: ${answer.reason}` : '';
    await notifyHolders(tx, 'estimate.see', {
      organizationId: row.organizationId,
      sourceKey: `estimate-decision:${decided!.id}`,
      title: `Orçamento ${row.number} ${approved ? 'aprovado' : 'recusado'} pelo cliente`,
      description: `${who} ${approved ? 'aprovou' : 'recusou'} o Orçamento ${row.number} pelo link.${reason}`,
      url: `/estimates/${id}/edit`,
      at: decided!.decidedAt,
    });
  });
  return getPublicEstimate(db, storage, id, token);
}
