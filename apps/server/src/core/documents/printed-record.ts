// What the documents of every kind of record load alike: the signed link checked, the parties with
// their addresses, logo and signature, the PIX payment, the photos, the latest comments.
import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { formatAddress, permissionsOfRole } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { AppError, notFound } from '../../lib/errors.ts';
import { cachedForPdf, SIGNATURE_PRINT_BOX } from '../../lib/images.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { pixFor } from './pdf/printed-data.ts';
import { assertFound } from '../access/access.ts';
import { roleOfUser } from '../access/role-of.ts';

/** Where a stored image that cannot be printed is reported (the request's logger). */
export type PdfLog = { warn(obj: object, msg: string): void };
/** What serving a document from its link uses (the app has them all). */
export type DocumentServer = { db: Db; storage: FileStorage; links: LinkSigner };
/** A document's id in the path and the signed token of its link. */
export type DocumentLink = { id: number; token: string | undefined };

/**
 * The claims of a document link and the user who asked for it. An altered link, or one for another
 * document, is a 404; an expired one a 410. The link stops working when that user is deactivated.
 */
export async function verifyDocumentLink(
  db: Db,
  links: LinkSigner,
  link: { purpose: string; token: string | undefined; idClaim: string; id: number },
  messages: { expired: string; invalid: string },
) {
  const claims = await links.verify(link.purpose, link.token);
  if (claims === 'expired') throw new AppError(410, [messages.expired]);
  if (
    claims === 'invalid' ||
    claims[link.idClaim] !== link.id ||
    typeof claims.org !== 'number' ||
    typeof claims.usr !== 'number'
  ) {
    throw notFound(messages.invalid);
  }
  const { org, usr } = claims;
  const u = schema.users;
  const [user] = await db
    .select({ role: roleOfUser.columns, name: u.name })
    .from(u)
    .innerJoin(roleOfUser.table, roleOfUser.on)
    .where(and(eq(u.id, usr), eq(u.organizationId, org), eq(u.isActive, true)));
  if (!user) throw notFound(messages.invalid);
  return { claims, organizationId: org, userId: usr, name: user.name, permissions: permissionsOfRole(user.role) };
}

/** The record a document prints: its organization, parties and nature. */
export interface PrintedRecordRef {
  organizationId: number;
  companyId: number;
  customerId: number;
  transactionNatureId: number;
  /** The customer's address chosen for the job, printed instead of their first one. */
  addressId?: number | null;
}

/** An order's active immediate charge at its PSP (its dynamic code and amount), or null: what its documents show. */
export async function openPixCharge(db: Db | Tx, organizationId: number, invoiceId: number) {
  const c = schema.pixCharges;
  const [row] = await db
    .select({ code: c.pixCopiaECola, amountCents: c.amountCents, updatedAt: c.updatedAt })
    .from(c)
    .where(
      and(eq(c.organizationId, organizationId), eq(c.invoiceId, invoiceId), eq(c.kind, 'cob'), eq(c.status, 'ATIVA')),
    );
  return row?.code ? { code: row.code, amountCents: row.amountCents, updatedAt: row.updatedAt } : null;
}

/**
 * An order's open instalments with an active charge at its PSP (each with its due date and dynamic
 * code), by due date: what the customer's page and the order's payments offer to pay one by one.
 */
export async function openInstalmentCharges(db: Db | Tx, organizationId: number, invoiceId: number) {
  const c = schema.pixCharges;
  const r = schema.receivables;
  const rows = await db
    .select({
      code: c.pixCopiaECola,
      amountCents: c.amountCents,
      instalmentCents: r.amountCents,
      dueDate: r.dueDate,
      installmentNumber: r.installmentNumber,
      installmentCount: r.installmentCount,
    })
    .from(c)
    .innerJoin(r, and(eq(r.id, c.receivableId), eq(r.organizationId, c.organizationId), isNull(r.paymentId)))
    .where(
      and(eq(c.organizationId, organizationId), eq(c.invoiceId, invoiceId), eq(c.kind, 'cobv'), eq(c.status, 'ATIVA')),
    )
    .orderBy(r.dueDate, r.id);
  // A charge not yet revised to its instalment's amount is not offered.
  return rows.flatMap(({ code, instalmentCents, ...x }) =>
    code && x.amountCents === instalmentCents ? [{ ...x, code }] : [],
  );
}

/**
 * The head of a record's document: the organization's time zone, the nature's name, the company (logo
 * and signature shrunk for print) and the customer with their addresses, and the PIX payment of
 * `pix.amountCents` when the company has a key and the document shows values.
 */
export async function printedHead(
  db: Db,
  storage: FileStorage,
  record: PrintedRecordRef,
  pix: {
    showValues: boolean;
    amountCents: number;
    reference: string;
    charge?: { code: string; amountCents: number } | null;
  },
  badImage: (what: string) => (err: unknown) => void,
) {
  const o = schema.organizations;
  const co = schema.companies;
  const cu = schema.customers;
  const tn = schema.transactionNatures;
  const [[head], companyAddress, customerAddress] = await Promise.all([
    db
      .select({ timeZone: o.timeZone, natureName: tn.name, company: co, customer: cu })
      .from(o)
      .innerJoin(co, and(eq(co.id, record.companyId), eq(co.organizationId, o.id)))
      .innerJoin(cu, and(eq(cu.id, record.customerId), eq(cu.organizationId, o.id)))
      .innerJoin(tn, and(eq(tn.id, record.transactionNatureId), eq(tn.organizationId, o.id)))
      .where(eq(o.id, record.organizationId)),
    firstAddress(db, 'companyId', record.companyId),
    firstAddress(db, 'customerId', record.customerId, record.addressId),
  ]);
  const h = assertFound(head);
  const [parties, printedPix] = await Promise.all([
    pdfParties(storage, h.company, companyAddress, h.customer, customerAddress, badImage),
    pixFor({
      ...pix,
      pixKey: h.company.pixKey,
      merchantName: h.company.name,
      merchantCity: h.company.pixKey ? await companyCity(db, h.company.id) : null,
    }),
  ]);
  return { timeZone: h.timeZone, natureName: h.natureName, ...parties, pix: printedPix };
}

/**
 * The latest rows of a list that a document prints in part (comments, notes): `newestFirst` gives at
 * most the printed number, newest first; they are put back oldest first, with how many are left out.
 */
export async function latestPrinted<T>(newestFirst: Promise<T[]>, total: Promise<Array<{ n: number }>>) {
  const [rows, [all]] = await Promise.all([newestFirst, total]);
  return { rows: rows.toReversed(), leftOut: Number(all?.n ?? 0) - rows.length };
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

export const fromDataUrl = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

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
