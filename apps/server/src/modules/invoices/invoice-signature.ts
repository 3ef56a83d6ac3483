import { createHash, timingSafeEqual } from 'node:crypto';
import { asc, desc, eq, getTableColumns } from 'drizzle-orm';
import { signPath, type InvoiceDetail, type Viewer, can } from '@oficina/contracts';
import { schema, type Db, type Tx } from '@oficina/db';
import { contentHash, type SignedContent } from '../../lib/record-core/content-hash.ts';

export { contentHash, type SignedContent };

/** The content of an order as stored now (in the caller's transaction when signing). */
export async function loadSignedContent(
  db: Db | Tx,
  invoice: { id: number; companyId: number; customerId: number; discountCents: number },
) {
  const s = schema.invoiceServices;
  const p = schema.invoiceProducts;
  const e = schema.invoiceEquipments;
  const [services, products, equipments] = await Promise.all([
    db.select().from(s).where(eq(s.invoiceId, invoice.id)).orderBy(asc(s.id)),
    db.select().from(p).where(eq(p.invoiceId, invoice.id)).orderBy(asc(p.id)),
    db.select().from(e).where(eq(e.invoiceId, invoice.id)).orderBy(asc(e.id)),
  ]);
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

/** The signature fields of the order detail: the evidence, outdated or not, and the link while unsigned. */
export function signatureFields(
  invoice: { id: number; signToken: string },
  signature:
    Pick<SignatureRow, 'printImage' | 'signerName' | 'signedAt' | 'ip' | 'userAgent' | 'contentHash'> | undefined,
  currentHash: string,
  reader: Viewer,
): Pick<InvoiceDetail, 'isSigned' | 'signature' | 'signUrl'> {
  const isOutdated = !!signature && signature.contentHash !== currentHash;
  const isSigned = !!signature && !isOutdated;
  return {
    isSigned,
    signature: signature
      ? {
          image: signature.printImage,
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
