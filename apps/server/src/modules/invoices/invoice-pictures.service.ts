import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { MAX_PHOTOS_PER_INVOICE, paperworkMessages, type InvoicePicture } from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { forbidden, invalid, notFound } from '../../plugins/errors.ts';
import { processPhoto } from '../../lib/images.ts';
import { newFileKey, type FileStorage } from '../../lib/storage.ts';
import type { NamedImageUpload } from '../../lib/uploads.ts';
import { assertOpen, lockInvoice, recordChange, visibleInvoice, type Actor } from './invoice-access.ts';

const ph = schema.invoicePictures;
const u = schema.users;

const FIELD = 'attachment';

const pictureUrl = (organizationId: number, invoiceId: number, pictureId: number) =>
  `/organizations/${organizationId}/invoices/${invoiceId}/attachments/pictures/${pictureId}`;

const columns = {
  id: ph.id,
  organizationId: ph.organizationId,
  invoiceId: ph.invoiceId,
  name: ph.name,
  thumbnail: ph.thumbnail,
  width: ph.width,
  height: ph.height,
  size: ph.size,
  createdAt: ph.createdAt,
  userId: ph.userId,
  userName: u.name,
};
type Row = { createdAt: Date; userName: string | null; organizationId: number; invoiceId: number } & Omit<
  InvoicePicture,
  'createdAt' | 'userName' | 'url'
>;
const toPicture = ({ organizationId, invoiceId, ...r }: Row): InvoicePicture => ({
  ...r,
  url: pictureUrl(organizationId, invoiceId, r.id),
  createdAt: r.createdAt.toISOString(),
  userName: r.userName ?? '',
});

/** Pictures as the API shows them, oldest first, with who sent them. */
async function pictures(db: Db, where: SQL) {
  const rows = await db.select(columns).from(ph).leftJoin(u, eq(u.id, ph.userId)).where(where).orderBy(asc(ph.id));
  return { data: rows.map(toPicture) };
}

/** GET invoices/{id}/attachments/pictures: oldest first, thumbnails inline. */
export async function listPictures(db: Db, actor: Actor, id: number) {
  await visibleInvoice(db, actor, id);
  return pictures(db, eq(ph.invoiceId, id));
}

/**
 * POST invoices/{id}/attachments/pictures: open to everyone working on the order, refused on Canceled
 * and Completed orders like every other change. The images are decoded and resized before the order
 * is locked (that is the slow part), their files written, then the rows inserted in one transaction;
 * if that fails the files go again, so nothing is half saved.
 */
export async function addPictures(db: Db, storage: FileStorage, actor: Actor, id: number, uploads: NamedImageUpload[]) {
  await visibleInvoice(db, actor, id);
  const processed = [];
  for (const upload of uploads)
    processed.push({ upload, ...(await processPhoto(upload.data, upload.contentType, FIELD)) });

  const folder = `invoices/${id}`;
  const files = processed.map((p) => ({
    ...p,
    fileKey: newFileKey(actor.organizationId, folder, 'photo', p.upload.extension),
    printKey: newFileKey(actor.organizationId, folder, 'print', 'jpg'),
  }));
  const written: string[] = [];
  let ids: number[];
  try {
    for (const f of files) {
      await storage.put(f.fileKey, f.upload.data, f.upload.contentType);
      written.push(f.fileKey);
      await storage.put(f.printKey, f.print, 'image/jpeg');
      written.push(f.printKey);
    }
    ids = await db.transaction(async (tx) => {
      const row = await lockInvoice(tx, actor, id);
      assertOpen(row);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(ph).where(eq(ph.invoiceId, id));
      if (n + files.length > MAX_PHOTOS_PER_INVOICE) throw invalid({ [FIELD]: paperworkMessages.tooManyPhotos });
      const inserted = await tx
        .insert(ph)
        .values(
          files.map((f) => ({
            organizationId: actor.organizationId,
            invoiceId: id,
            userId: actor.userId,
            name: f.upload.name,
            contentType: f.upload.contentType,
            size: f.upload.data.length,
            width: f.width,
            height: f.height,
            fileKey: f.fileKey,
            printKey: f.printKey,
            thumbnail: f.thumbnail,
          })),
        )
        .returning({ id: ph.id });
      await recordChange(
        tx,
        actor,
        id,
        'update',
        files.map((f) => ({ field: 'pictures', before: null, after: f.upload.name })),
      );
      return inserted.map((r) => r.id);
    });
  } catch (err) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw err;
  }
  return pictures(db, inArray(ph.id, ids));
}

async function pictureRow(db: Db, actor: Actor, id: number, pictureId: number) {
  await visibleInvoice(db, actor, id);
  const [row] = await db
    .select()
    .from(ph)
    .where(and(eq(ph.id, pictureId), eq(ph.invoiceId, id), eq(ph.organizationId, actor.organizationId)));
  return assertFound(row);
}

/** GET invoices/{id}/attachments/pictures/{pictureId}: the file as sent, for the organization's users only. */
export async function getPictureFile(db: Db, storage: FileStorage, actor: Actor, id: number, pictureId: number) {
  const row = await pictureRow(db, actor, id, pictureId);
  const data = await storage.get(row.fileKey);
  if (!data) throw notFound();
  return { data, contentType: row.contentType, name: row.name };
}

/**
 * DELETE invoices/{id}/attachments/pictures/{pictureId}: admins remove any photo, a collaborator the
 * ones they sent; not on Canceled or Completed orders. The files go after the row is gone.
 */
export async function removePicture(db: Db, storage: FileStorage, actor: Actor, id: number, pictureId: number) {
  const removed = await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertOpen(row);
    const [picture] = await tx
      .select()
      .from(ph)
      .where(and(eq(ph.id, pictureId), eq(ph.invoiceId, id)));
    if (!picture) throw notFound();
    if (!actor.isAdmin && picture.userId !== actor.userId) throw forbidden(paperworkMessages.photoNotYours);
    await tx.delete(ph).where(eq(ph.id, pictureId));
    await recordChange(tx, actor, id, 'delete', [{ field: 'pictures', before: picture.name, after: null }]);
    return picture;
  });
  await Promise.all([storage.delete(removed.fileKey), storage.delete(removed.printKey)]);
}
