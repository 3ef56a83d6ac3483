import { and, eq } from 'drizzle-orm';
import {
  fromCents,
  formatDateTime,
  idempotencyMessages,
  INT4_MAX,
  lineTotalCents,
  InvoiceState,
  nfseMessages,
  paperworkMessages,
  signPath,
  type PublicInvoice,
  type PublicSignBody,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { checkDrawing, forPdf, SIGNATURE_PRINT_BOX } from '../../lib/images.ts';
import { lockInvoice, recordChange, systemComment, type Actor } from '../../core/orders/invoice-access.ts';
import { contentHash, latestSignature, linkKind, loadSignedContent } from './invoice-signature.ts';
import { notifyHolders } from '../../core/notify/notify.ts';
import { pixFor } from '../../core/documents/pdf/printed-data.ts';
import { companyCity, openInstalmentCharges, openPixCharge } from '../../core/documents/printed-record.ts';
import { dueCents } from '../../core/orders/settle.ts';
import { standingDanfse, standingNfse } from '../../core/documents/danfse.ts';

const i = schema.invoices;

/** POST invoices/{id}/sign-link (admin): a new token; the old link stops working at once. */
export async function renewSignLink(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    await lockInvoice(tx, actor, id);
    const token = schema.newSignToken();
    await tx.update(i).set({ signToken: token }).where(eq(i.id, id));
    await recordChange(tx, actor, id, 'update', [{ field: 'signLink', before: 'revogado', after: 'novo link' }]);
    return { signUrl: signPath(id, token) };
  });
}

/**
 * The order behind a public link and whether the link shows values; a missing, wrong or revoked token
 * is the same 404 as an unknown id.
 */
async function orderByToken(db: Db | Tx, id: number, token: string | undefined, lock = false) {
  const query = db.select().from(i).where(eq(i.id, id));
  const [row] = lock ? await query.for('update') : await query;
  const kind = row ? linkKind(row.signToken, token) : undefined;
  if (!row || !kind) throw notFound(paperworkMessages.signLinkInvalid);
  return { row, withValues: kind === 'full' };
}

/** The total shown less what the customer withholds and what was received, never below 0. */
async function stillDue(db: Db, row: typeof i.$inferSelect, totalCents: number) {
  const { withheld, paid } = await dueCents(db, row);
  return Math.max(totalCents - withheld - paid, 0);
}

/** Each instalment's dynamic code with its QR code (a PNG data URL). */
async function instalmentCodes(rows: Awaited<ReturnType<typeof openInstalmentCharges>>) {
  const QRCode = (await import('qrcode')).default;
  return Promise.all(
    rows.map(async (x) => ({
      number: x.installmentNumber,
      count: x.installmentCount,
      dueDate: x.dueDate,
      amount: fromCents(x.amountCents),
      code: x.code,
      qr: `data:image/png;base64,${(await QRCode.toBuffer(x.code, { errorCorrectionLevel: 'M', margin: 1, width: 360 })).toString('base64')}`,
    })),
  );
}

/**
 * The signing link's check on its own, for the route's onRequest hook: a wrong token or id is refused
 * before the request's body (a drawing of up to 1.5 MB) is even read. Raw path and query text here.
 */
export async function assertSignLink(db: Db, rawId: string | undefined, token: string | undefined) {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1 || id > INT4_MAX || typeof token !== 'string') {
    throw notFound(paperworkMessages.signLinkInvalid);
  }
  await orderByToken(db, id, token);
}

/**
 * GET /api/public/invoices/{id}?token=...: what the signing page shows, which is what the signature
 * covers (parties, lines with prices, discount, equipment) and nothing internal.
 */
export async function getPublicInvoice(db: Db, id: number, token: string | undefined): Promise<PublicInvoice> {
  const { row, withValues } = await orderByToken(db, id, token);
  // Left out, not hidden: the link a collaborator is given carries no price at all.
  const priced = (cents: number) => (withValues ? { price: fromCents(cents) } : {});
  const { companies: co, customers: cu, invoiceStatuses: st } = schema;
  const [[company], [customer], [status], content, signature] = await Promise.all([
    db
      .select({
        companyId: co.id,
        companyName: co.name,
        companyIdentifier: co.identifier,
        companyType: co.type,
        pixKey: co.pixKey,
        timeZone: schema.organizations.timeZone,
      })
      .from(co)
      .innerJoin(schema.organizations, eq(schema.organizations.id, co.organizationId))
      .where(eq(co.id, row.companyId)),
    db
      .select({ customerName: cu.name, customerIdentifier: cu.identifier, customerType: cu.type })
      .from(cu)
      .where(eq(cu.id, row.customerId)),
    db.select({ statusLabel: st.label }).from(st).where(eq(st.id, row.statusId)),
    loadSignedContent(db, row),
    latestSignature(db, id),
  ]);
  const isOutdated = !!signature && signature.contentHash !== contentHash(content);
  const isSigned = !!signature && !isOutdated;
  // The subtotal from the very lines shown (the stored one is the same sum, kept by the server).
  const subtotal = [...content.services, ...content.products].reduce(
    (sum, l) => sum + lineTotalCents(l.quantity, l.priceCents),
    0,
  );
  const { companyId, pixKey, timeZone, ...companyNames } = company!;
  const names = { ...companyNames, ...customer!, ...status! };
  // The instalments with a charge of their own are paid by it; the order's code asks only the rest.
  const byInstalment = withValues && !row.isPaid ? await openInstalmentCharges(db, row.organizationId, id) : [];
  const pix = await pixFor({
    pixKey,
    showValues: withValues,
    // What is still due: the total less what the customer withholds and what was received (a deposit);
    // nothing once paid.
    amountCents: row.isPaid
      ? 0
      : Math.max(
          (await stillDue(db, row, subtotal - content.discountCents)) -
            byInstalment.reduce((sum, x) => sum + x.amountCents, 0),
          0,
        ),
    merchantName: names.companyName,
    merchantCity: pixKey ? await companyCity(db, companyId) : null,
    reference: `OS${row.number}`,
    charge: await openPixCharge(db, row.organizationId, id),
  });
  return {
    id: row.id,
    number: row.number,
    ...names,
    timeZone,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    withValues,
    services: content.services.map(({ name, description, quantity, priceCents }) => ({
      name,
      description,
      quantity,
      ...priced(priceCents),
    })),
    products: content.products.map(({ name, unit, quantity, priceCents }) => ({
      name,
      unit,
      quantity,
      ...priced(priceCents),
    })),
    equipments: content.equipments.map(({ name, brand, model, serialNumber }) => ({
      name,
      brand,
      model,
      serialNumber,
    })),
    ...(withValues
      ? {
          subTotal: fromCents(subtotal),
          discount: fromCents(content.discountCents),
          total: fromCents(subtotal - content.discountCents),
        }
      : {}),
    isSigned,
    isOutdated,
    canSign: !isSigned && row.state !== InvoiceState.Canceled,
    // The signature is shown back only while it is the valid one ('OS assinada').
    signature: isSigned ? signature.printImage : null,
    signedAt: isSigned ? signature.signedAt.toISOString() : null,
    signerName: isSigned ? signature.signerName : null,
    pix: pix && {
      code: pix.code,
      qr: `data:image/png;base64,${pix.qr.toString('base64')}`,
      amount: fromCents(pix.amountCents),
    },
    ...(byInstalment.length ? { pixInstallments: await instalmentCodes(byInstalment) } : {}),
    ...(withValues ? { nfse: await standingNfse(db, row.organizationId, row.id) } : {}),
  };
}

/**
 * GET /public/invoices/{id}/danfse.pdf?token=...: the DANFSe of the order's standing NFS-e, through the
 * customer's link only (a collaborator's link carries no values); 404 without one.
 */
export async function publicDanfse(db: Db, id: number, token: string | undefined) {
  const { row, withValues } = await orderByToken(db, id, token);
  const danfse = withValues ? await standingDanfse(db, row.organizationId, row.id) : null;
  if (!danfse) throw notFound(nfseMessages.noDanfse);
  return danfse;
}

export interface SigningEvidence {
  ip: string;
  userAgent: string | null;
}

/**
 * POST /api/public/invoices/{id}/sign?token=...: stores the drawing with its evidence (signer, time,
 * IP, user agent, hash of the content signed), in one transaction with the order row locked, so two
 * phones signing at once make one signature and one 409. A valid signature is never replaced; an
 * outdated one (the lines or prices changed since) may be.
 */
export async function signPublicInvoice(
  db: Db,
  id: number,
  token: string | undefined,
  body: PublicSignBody,
  evidence: SigningEvidence,
  idempotencyKey?: string,
) {
  // The link first: an anonymous request with a wrong token costs one indexed read, no image work.
  await orderByToken(db, id, token);
  const { bytes: image, blank } = await checkDrawing(body.signature, 'signature', paperworkMessages.emptySignature);
  if (blank) throw invalid({ signature: paperworkMessages.emptySignature });
  // Made once here, so no PDF pays for shrinking a phone-sized drawing.
  const printImage = `data:image/png;base64,${(await forPdf(image, SIGNATURE_PRINT_BOX)).toString('base64')}`;

  await db.transaction(async (tx) => {
    const { row } = await orderByToken(tx, id, token, true);
    // A repeat of a signature already taken with this key (a queue sending again after a lost answer)
    // gets the order as it is, signed once; the same key with another drawing or name is refused.
    if (idempotencyKey) {
      const [earlier] = await tx
        .select({ image: schema.invoiceSignatures.image, signerName: schema.invoiceSignatures.signerName })
        .from(schema.invoiceSignatures)
        .where(
          and(eq(schema.invoiceSignatures.invoiceId, id), eq(schema.invoiceSignatures.idempotencyKey, idempotencyKey)),
        );
      if (earlier) {
        if (earlier.image !== body.signature || earlier.signerName !== body.signerName)
          throw invalid({ idempotencyKey: idempotencyMessages.reusedKey });
        return;
      }
    }
    if (row.state === InvoiceState.Canceled) throw conflict(paperworkMessages.canceledCannotBeSigned);
    const hash = contentHash(await loadSignedContent(tx, row));
    const previous = await latestSignature(tx, id);
    if (previous && previous.contentHash === hash) throw conflict(paperworkMessages.alreadySigned);
    const [signed] = await tx
      .insert(schema.invoiceSignatures)
      .values({
        organizationId: row.organizationId,
        invoiceId: id,
        image: body.signature,
        printImage,
        signerName: body.signerName,
        ip: evidence.ip,
        userAgent: evidence.userAgent?.slice(0, 500) ?? null,
        contentHash: hash,
        idempotencyKey: idempotencyKey ?? null,
      })
      .returning({ id: schema.invoiceSignatures.id, signedAt: schema.invoiceSignatures.signedAt });
    const publicActor = { organizationId: row.organizationId, userId: null };
    const [org] = await tx
      .select({ timeZone: schema.organizations.timeZone })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, row.organizationId));
    await systemComment(
      tx,
      publicActor,
      id,
      `${previous ? 'Assinada novamente' : 'Assinada'} pelo cliente: ${body.signerName}, em ${formatDateTime(signed!.signedAt, org?.timeZone)}, pelo link de assinatura (IP ${evidence.ip}).`,
    );
    await recordChange(tx, publicActor, id, 'update', [
      { field: 'signature', before: previous ? previous.signerName : null, after: body.signerName },
    ]);
    // In the signing transaction: who sees every order hears of each signature once, at once, or not at all if it fails.
    await notifyHolders(tx, 'invoice.seeAll', {
      organizationId: row.organizationId,
      sourceKey: `signature:${signed!.id}`,
      title: `OS ${row.number} assinada`,
      description: `${body.signerName} assinou a Ordem de Serviço ${row.number}.`,
      url: `/invoices/${id}/edit`,
      at: signed!.signedAt,
    });
  });
  return getPublicInvoice(db, id, token);
}
