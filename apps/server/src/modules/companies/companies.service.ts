import { and, eq } from 'drizzle-orm';
import {
  companyMessages,
  DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE,
  DEFAULT_WHATSAPP_TEMPLATE,
  signatureMessages,
  type CompanyEmailBody,
  type CompanyWhatsAppBody,
} from '@ordem-certa/contracts';
import { checkDrawing, checkImage, COMPANY_IMAGE_MAX_PIXELS } from '../../lib/images.ts';
import { schema, type Db } from '@ordem-certa/db';
import { notFound } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { partyDetailColumns } from '../../core/registers/parties.ts';
import { newFileKey, type FileStorage } from '../../lib/storage.ts';
import type { ImageUpload } from '../../lib/uploads.ts';
import { assertFound } from '../../core/access/access.ts';

const t = schema.companies;

const companyColumns = {
  ...partyDetailColumns(t),
  emailSubject: t.emailSubject,
  emailBody: t.emailBody,
  emailSignature: t.emailSignature,
  whatsappTemplate: t.whatsappTemplate,
  whatsappEstimateTemplate: t.whatsappEstimateTemplate,
  brandColor: t.brandColor,
  signature: t.signature,
  logoKey: t.logoKey,
  signatureImageKey: t.signatureImageKey,
  pixKey: t.pixKey,
};

const own = (organizationId: number, id: number) => and(eq(t.id, id), eq(t.organizationId, organizationId));

export async function getCompany(db: Db, organizationId: number, id: number) {
  const [row] = await db.select(companyColumns).from(t).where(own(organizationId, id));
  const { logoKey, signatureImageKey, ...company } = assertFound(row);
  return { ...company, hasLogo: !!logoKey, hasSignatureImage: !!signatureImageKey };
}

/** PUT companies/{id}/pix: the key (already normalized by the contract) or null to remove it. */
export async function updateCompanyPix(db: Db, organizationId: number, id: number, pixKey: string | null) {
  const [row] = await db
    .update(t)
    .set({ pixKey, updatedAt: new Date() })
    .where(own(organizationId, id))
    .returning({ id: t.id });
  assertFound(row);
  return getCompany(db, organizationId, id);
}

/** PUT companies/{id}/brand-color: the customer portal's colour, or null for the product's. */
export async function updateCompanyBrandColor(db: Db, organizationId: number, id: number, brandColor: string | null) {
  const [row] = await db
    .update(t)
    .set({ brandColor, updatedAt: new Date() })
    .where(own(organizationId, id))
    .returning({ id: t.id });
  assertFound(row);
  return getCompany(db, organizationId, id);
}

/** PUT companies/{id}/whatsapp: both templates (already checked by the contract); null: the default. */
export async function updateCompanyWhatsApp(db: Db, organizationId: number, id: number, body: CompanyWhatsAppBody) {
  const [row] = await db
    .update(t)
    .set({
      whatsappTemplate: body.whatsappTemplate,
      whatsappEstimateTemplate: body.whatsappEstimateTemplate,
      updatedAt: new Date(),
    })
    .where(own(organizationId, id))
    .returning({ id: t.id });
  assertFound(row);
  return getCompany(db, organizationId, id);
}

/** GET companies/{id}/whatsapp: the messages the company's documents are sent with. */
export async function getCompanyWhatsApp(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .select({ template: t.whatsappTemplate, estimateTemplate: t.whatsappEstimateTemplate })
    .from(t)
    .where(own(organizationId, id));
  const found = assertFound(row);
  return {
    template: found.template ?? DEFAULT_WHATSAPP_TEMPLATE,
    estimateTemplate: found.estimateTemplate ?? DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE,
  };
}

export async function updateCompanyEmail(db: Db, organizationId: number, id: number, body: CompanyEmailBody) {
  const [row] = await db
    .update(t)
    .set({
      emailSubject: body.emailSubject,
      // The HTML is shown in the app and sent in e-mails: only the allow-listed formatting is kept.
      emailBody: await sanitizeRichText(body.emailBody),
      emailSignature: await sanitizeRichText(body.emailSignature),
      updatedAt: new Date(),
    })
    .where(own(organizationId, id))
    .returning({ id: t.id });
  assertFound(row);
  return getCompany(db, organizationId, id);
}

/** Stores the drawn signature after checking that the data URL holds a PNG that decodes. */
export async function signCompany(db: Db, organizationId: number, id: number, signature: string) {
  await checkDrawing(signature, 'signature', signatureMessages.invalid);
  const [row] = await db
    .update(t)
    .set({ signature, updatedAt: new Date() })
    .where(own(organizationId, id))
    .returning({ signature: t.signature });
  return { signature: assertFound(row).signature! };
}

/** The two uploaded images of a company and their columns. */
export const companyImages = {
  logo: {
    key: t.logoKey,
    contentType: t.logoContentType,
    set: (key: string | null, contentType: string | null) => ({ logoKey: key, logoContentType: contentType }),
    missing: companyMessages.logoMissing,
    name: 'logo',
  },
  signatureImage: {
    key: t.signatureImageKey,
    contentType: t.signatureImageContentType,
    set: (key: string | null, contentType: string | null) => ({
      signatureImageKey: key,
      signatureImageContentType: contentType,
    }),
    missing: companyMessages.signatureImageMissing,
    name: 'signature-image',
  },
} as const;
export type CompanyImage = keyof typeof companyImages;

async function imageRow(db: Db, organizationId: number, id: number, image: CompanyImage) {
  const cols = companyImages[image];
  const [row] = await db
    .select({ key: cols.key, contentType: cols.contentType })
    .from(t)
    .where(own(organizationId, id));
  return assertFound(row);
}

export async function getCompanyImage(
  db: Db,
  storage: FileStorage,
  organizationId: number,
  id: number,
  image: CompanyImage,
) {
  const row = await imageRow(db, organizationId, id, image);
  const data = row.key ? await storage.get(row.key) : undefined;
  if (!data) throw notFound(companyImages[image].missing);
  return { data, contentType: row.contentType ?? 'application/octet-stream' };
}

/** Stores the new file under a new key, points the company at it, then deletes the old file. */
export async function putCompanyImage(
  db: Db,
  storage: FileStorage,
  organizationId: number,
  id: number,
  image: CompanyImage,
  upload: ImageUpload,
) {
  const cols = companyImages[image];
  const previous = await imageRow(db, organizationId, id, image);
  await checkImage(upload.data, upload.contentType, cols.name, COMPANY_IMAGE_MAX_PIXELS);
  const key = newFileKey(organizationId, `companies/${id}`, cols.name, upload.extension);
  await storage.put(key, upload.data, upload.contentType);
  const [row] = await db
    .update(t)
    .set({ ...cols.set(key, upload.contentType), updatedAt: new Date() })
    .where(own(organizationId, id))
    .returning({ id: t.id });
  if (!row) {
    await storage.delete(key);
    throw notFound();
  }
  if (previous.key) await storage.delete(previous.key);
  return { contentType: upload.contentType, size: upload.data.length };
}

export async function deleteCompanyImage(
  db: Db,
  storage: FileStorage,
  organizationId: number,
  id: number,
  image: CompanyImage,
) {
  const previous = await imageRow(db, organizationId, id, image);
  if (!previous.key) throw notFound(companyImages[image].missing);
  await db
    .update(t)
    .set({ ...companyImages[image].set(null, null), updatedAt: new Date() })
    .where(own(organizationId, id));
  await storage.delete(previous.key);
}
