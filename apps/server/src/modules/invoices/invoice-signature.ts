import { createHash, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import { signPath, type InvoiceDetail, type Viewer, can } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { contentHash, type SignedContent } from '../../core/records/content-hash.ts';
import { visibleInvoice, type Actor } from '../../core/orders/invoice-access.ts';
import { reads } from '../../lib/reads.ts';
import { assertFound } from '../../core/access/access.ts';

export { contentHash, type SignedContent };

/** The content of an order as stored now (in the caller's transaction when signing). */
export async function loadSignedContent(
  db: Db | Tx,
  invoice: { id: number; companyId: number; customerId: number; discountCents: number },
) {
  const s = schema.invoiceServices;
  const p = schema.invoiceProducts;
  const e = schema.invoiceEquipments;
  const [services, products, equipments] = await reads(
    db,
    () => db.select().from(s).where(eq(s.invoiceId, invoice.id)).orderBy(asc(s.id)),
    () => db.select().from(p).where(eq(p.invoiceId, invoice.id)).orderBy(asc(p.id)),
    () => db.select().from(e).where(eq(e.invoiceId, invoice.id)).orderBy(asc(e.id)),
  );
  const { companyId, customerId, discountCents } = invoice;
  return { companyId, customerId, discountCents, services, products, equipments } satisfies SignedContent;
}

/**
 * A signature as screens, PDFs and checks use it: everything but the drawing as the phone sent it (up
 * to ~1.5 MB), which is kept only as evidence. Screens show the small print copy (a few KB).
 */
const { image: _evidence, ...signatureColumns } = getTableColumns(schema.invoiceSignatures);
export type SignatureRow = Omit<typeof schema.invoiceSignatures.$inferSelect, 'image'>;

/** The order's signature: the newest one collected, or undefined. */
export async function latestSignature(db: Db | Tx, invoiceId: number): Promise<SignatureRow | undefined> {
  const t = schema.invoiceSignatures;
  const [row] = await db
    .select(signatureColumns)
    .from(t)
    .where(eq(t.invoiceId, invoiceId))
    .orderBy(desc(t.id))
    .limit(1);
  return row;
}

/** What marks a signing link that shows no values (the one collaborators are given). */
const WITHOUT_VALUES = 'nv.';

/**
 * The token of the order's signing link that opens it without values: derived from the order's own
 * token by a one-way hash, so it cannot be turned back into the full link, and renewing the order's
 * token ends it too. A collaborator's order detail carries only this one.
 */
export function tokenWithoutValues(signToken: string): string {
  return WITHOUT_VALUES + createHash('sha256').update(`sign-link-without-values:${signToken}`).digest('base64url');
}

/** Which link a token is for the order, if any: the full one (prices shown) or the one without values. */
export function linkKind(signToken: string, token: string | undefined): 'full' | 'without-values' | undefined {
  if (!token) return undefined;
  const [expected, kind] = token.startsWith(WITHOUT_VALUES)
    ? [tokenWithoutValues(signToken), 'without-values' as const]
    : [signToken, 'full' as const];
  const x = Buffer.from(expected);
  const y = Buffer.from(token);
  return x.length === y.length && timingSafeEqual(x, y) ? kind : undefined;
}

/**
 * The pixel size a PNG data URL states in its header (the IHDR chunk, within its first 24 bytes, which the
 * first 32 base64 characters hold), or nulls for anything else.
 */
export function pngDataUrlSize(dataUrl: string): { width: number | null; height: number | null } {
  const prefix = 'data:image/png;base64,';
  const head = dataUrl.startsWith(prefix)
    ? Buffer.from(dataUrl.slice(prefix.length, prefix.length + 32), 'base64')
    : null;
  if (
    !head ||
    head.length < 24 ||
    head.toString('latin1', 1, 4) !== 'PNG' ||
    head.toString('latin1', 12, 16) !== 'IHDR'
  ) {
    return { width: null, height: null };
  }
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/**
 * The print copy of one of the order's signatures as PNG bytes (the order visible to the actor), or a 404.
 * A signature row is never rewritten but by the anonymization, which erases its drawing.
 */
export async function signatureImage(db: Db, actor: Actor, invoiceId: number, signatureId: number): Promise<Buffer> {
  await visibleInvoice(db, actor, invoiceId);
  const t = schema.invoiceSignatures;
  const [row] = await db
    .select({ printImage: t.printImage })
    .from(t)
    .where(and(eq(t.id, signatureId), eq(t.invoiceId, invoiceId), eq(t.organizationId, actor.organizationId)));
  const found = assertFound(row);
  return Buffer.from(found.printImage.slice(found.printImage.indexOf(',') + 1), 'base64');
}

/** The signature fields of the order detail: the evidence, outdated or not, and the link while unsigned. */
export function signatureFields(
  invoice: { id: number; signToken: string },
  signature:
    | (Pick<SignatureRow, 'id' | 'signerName' | 'signedAt' | 'ip' | 'userAgent' | 'contentHash'> & {
        /** The start of the print copy's data URL (its first 64 characters hold the PNG's size). */
        printHead: string;
      })
    | undefined,
  currentHash: string,
  reader: Viewer,
): Pick<InvoiceDetail, 'isSigned' | 'signature' | 'signUrl'> {
  const isOutdated = !!signature && signature.contentHash !== currentHash;
  const isSigned = !!signature && !isOutdated;
  return {
    isSigned,
    signature: signature
      ? {
          id: signature.id,
          ...pngDataUrlSize(signature.printHead),
          signerName: signature.signerName,
          signedAt: signature.signedAt.toISOString(),
          ip: signature.ip,
          userAgent: signature.userAgent,
          isOutdated,
        }
      : null,
    // Admins hand the customer the full link; a collaborator's opens the order without its values.
    signUrl: isSigned
      ? null
      : signPath(invoice.id, can.handlePayment(reader) ? invoice.signToken : tokenWithoutValues(invoice.signToken)),
  };
}
