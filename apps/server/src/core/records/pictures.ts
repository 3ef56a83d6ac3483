import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import {
  MAX_PHOTOS_PER_INVOICE,
  paperworkMessages,
  type InvoicePicture,
  canRemoveAuthored,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { type FileStorage } from '../../lib/storage.ts';
import { photoColumns, withStoredPhotos } from '../../lib/stored-photos.ts';
import type { NamedImageUpload } from '../../lib/uploads.ts';
import { ownerColumn, ownerValues, type Actor, type RecordKind, type RecordRow, type RecordTables } from './kind.ts';
import { assertFound } from '../access/access.ts';

const u = schema.users;
const FIELD = 'attachment';

/**
 * The photos of a kind of record: listed oldest first with their thumbnails inline, added several at a
 * time (each decoded and checked, turned upright, thumbnailed and given a print copy), served as sent,
 * removed by whoever took them or an admin. Changes only while the record takes changes.
 */
export function recordPictures<Row extends RecordRow, T extends RecordTables>(kind: RecordKind<Row, T>) {
  const ph = kind.tables.pictures;
  const owner = ownerColumn(ph);
  // An order's photos say whether the customer's portal shows them; an estimate's have no such mark.
  const visible = (ph as unknown as { customerVisible?: typeof schema.invoicePictures.customerVisible })
    .customerVisible;
  const columns = {
    ...(visible ? { customerVisible: visible } : {}),
    id: ph.id,
    organizationId: ph.organizationId,
    recordId: owner,
    name: ph.name,
    thumbnail: ph.thumbnail,
    width: ph.width,
    height: ph.height,
    size: ph.size,
    createdAt: ph.createdAt,
    userId: ph.userId,
    userName: u.name,
  };

  /** Pictures as the API shows them, oldest first, with who sent them. */
  async function pictures(db: Db, where: SQL): Promise<{ data: InvoicePicture[] }> {
    const rows = await db.select(columns).from(ph).leftJoin(u, eq(u.id, ph.userId)).where(where).orderBy(asc(ph.id));
    return {
      data: rows.map(({ organizationId, recordId, ...row }) => ({
        ...row,
        url: `/organizations/${organizationId}/${kind.path}/${recordId}/attachments/pictures/${row.id}`,
        createdAt: row.createdAt.toISOString(),
        userName: row.userName ?? '',
      })),
    };
  }

  return {
    /** GET …/attachments/pictures. */
    async listPictures(db: Db, actor: Actor, id: number) {
      await kind.find(db, actor, id);
      return pictures(db, eq(owner, id));
    },

    /**
     * POST …/attachments/pictures: the images are decoded and resized before the record is locked
     * (that is the slow part), their files written, then the rows inserted in one transaction under
     * the record's lock; if that fails the files go again, so nothing is half saved.
     */
    async addPictures(db: Db, storage: FileStorage, actor: Actor, id: number, uploads: NamedImageUpload[]) {
      await kind.find(db, actor, id);
      const ids = await withStoredPhotos(
        storage,
        { organizationId: actor.organizationId, folder: `${kind.path}/${id}`, field: FIELD },
        uploads,
        (files) =>
          db.transaction(async (tx) => {
            kind.assertEditable(await kind.lock(tx, actor, id));
            const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(ph).where(eq(owner, id));
            if (n + files.length > MAX_PHOTOS_PER_INVOICE) throw invalid({ [FIELD]: paperworkMessages.tooManyPhotos });
            const inserted = await tx
              .insert(ph)
              .values(
                files.map((f) => ({
                  organizationId: actor.organizationId,
                  ...ownerValues(kind, id),
                  userId: actor.userId,
                  ...photoColumns(f),
                })) as never,
              )
              .returning({ id: ph.id });
            await kind.recordChange(
              tx,
              actor,
              id,
              'update',
              files.map((f) => ({ field: 'pictures', before: null, after: f.upload.name })),
            );
            return inserted.map((row) => row.id);
          }),
      );
      return pictures(db, inArray(ph.id, ids));
    },

    /** GET …/attachments/pictures/{pictureId}: the file as sent, for the organization's users only. */
    async getPictureFile(db: Db, storage: FileStorage, actor: Actor, id: number, pictureId: number) {
      await kind.find(db, actor, id);
      const [row] = await db
        .select({ fileKey: ph.fileKey, contentType: ph.contentType, name: ph.name })
        .from(ph)
        .where(and(eq(ph.id, pictureId), eq(owner, id), eq(ph.organizationId, actor.organizationId)));
      const picture = assertFound(row);
      const data = await storage.get(picture.fileKey);
      if (!data) throw notFound();
      return { data, contentType: picture.contentType, name: picture.name };
    },

    /** DELETE …/attachments/pictures/{pictureId}: whoever took it or who may edit the record; the files go after the row. */
    async removePicture(db: Db, storage: FileStorage, actor: Actor, id: number, pictureId: number) {
      const removed = await db.transaction(async (tx) => {
        kind.assertEditable(await kind.lock(tx, actor, id));
        const [picture] = await tx
          .select({ userId: ph.userId, name: ph.name, fileKey: ph.fileKey, printKey: ph.printKey })
          .from(ph)
          .where(and(eq(ph.id, pictureId), eq(owner, id)));
        if (!picture) throw notFound();
        if (!canRemoveAuthored(actor, picture, kind.entity)) throw forbidden(paperworkMessages.photoNotYours);
        await tx.delete(ph).where(eq(ph.id, pictureId));
        await kind.recordChange(tx, actor, id, 'delete', [{ field: 'pictures', before: picture.name, after: null }]);
        return picture;
      });
      await Promise.all([storage.delete(removed.fileKey), storage.delete(removed.printKey)]);
    },
  };
}
