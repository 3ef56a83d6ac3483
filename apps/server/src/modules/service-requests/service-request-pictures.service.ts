import { and, asc, eq } from 'drizzle-orm';
import { MAX_REQUEST_PHOTOS, serviceRequestMessages as msg } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { assertFound } from '../../core/access/access.ts';
import type { PortalContext } from '../../core/portal/portal-session.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { newFileKey, type FileStorage } from '../../lib/storage.ts';
import type { NamedImageUpload } from '../../lib/uploads.ts';
import { photoColumns, withStoredPhotos } from '../../lib/stored-photos.ts';
import { lockRequest, shown } from './service-request-rows.ts';

// The photos of a service request: sent by the customer with it, seen by the office, and copied to the
// order or estimate the request becomes.

const r = schema.serviceRequests;
const rp = schema.serviceRequestPictures;

/** Copies of the request's photo files under the new record's folder, and their rows' values. */
export async function copiedPhotos(
  db: Db,
  storage: FileStorage,
  organizationId: number,
  id: number,
  kind: 'order' | 'estimate',
) {
  const rows = await db
    .select()
    .from(rp)
    .where(and(eq(rp.organizationId, organizationId), eq(rp.requestId, id)))
    .orderBy(asc(rp.id));
  const folder = kind === 'order' ? 'invoices' : 'estimates';
  const out = [];
  for (const row of rows) {
    const [file, print] = [await storage.get(row.fileKey), await storage.get(row.printKey)];
    if (!file || !print) continue;
    const extension = row.fileKey.split('.').pop() ?? 'jpg';
    const fileKey = newFileKey(organizationId, `${folder}/from-request-${id}`, 'photo', extension);
    const printKey = newFileKey(organizationId, `${folder}/from-request-${id}`, 'print', 'jpg');
    await storage.put(fileKey, file, row.contentType);
    await storage.put(printKey, print, 'image/jpeg');
    const { id: _id, requestId: _r, createdAt: _c, ...picture } = row;
    out.push({ ...picture, fileKey, printKey });
  }
  return out;
}

/** The customer's own request, still open: checked before the photos are even read. */
export async function assertOwnOpenRequest(db: Db, portal: PortalContext, id: number) {
  const [found] = await db
    .select({ status: r.status })
    .from(r)
    .where(and(eq(r.organizationId, portal.organizationId), eq(r.customerId, portal.customerId), eq(r.id, id)));
  if (assertFound(found).status !== 'open') throw conflict(msg.notOpen);
}

/**
 * POST /api/portal/service-requests/{id}/pictures: photos of the customer's open request (decoded,
 * thumbnailed and given a print copy, as an order's), at most MAX_REQUEST_PHOTOS.
 */
export async function addRequestPictures(
  db: Db,
  storage: FileStorage,
  portal: PortalContext,
  id: number,
  uploads: NamedImageUpload[],
) {
  const organizationId = portal.organizationId;
  await assertOwnOpenRequest(db, portal, id);
  return withStoredPhotos(
    storage,
    { organizationId, folder: `service-requests/${id}`, field: 'attachment' },
    uploads,
    (files) =>
      db.transaction(async (tx) => {
        const row = await lockRequest(tx, organizationId, id);
        if (row.status !== 'open') throw conflict(msg.notOpen);
        const n = await tx.$count(rp, eq(rp.requestId, id));
        if (n + files.length > MAX_REQUEST_PHOTOS) throw invalid({ attachment: msg.tooManyPhotos });
        await tx.insert(rp).values(files.map((f) => ({ organizationId, requestId: id, ...photoColumns(f) })));
        return (await shown(tx, [row]))[0]!;
      }),
  );
}

/** GET service-requests/{id}/pictures/{pictureId}: a photo as sent, for the office. */
export async function requestPicture(
  db: Db,
  storage: FileStorage,
  organizationId: number,
  id: number,
  pictureId: number,
) {
  const [row] = await db
    .select({ fileKey: rp.fileKey, contentType: rp.contentType })
    .from(rp)
    .where(and(eq(rp.organizationId, organizationId), eq(rp.requestId, id), eq(rp.id, pictureId)));
  const picture = assertFound(row);
  const data = await storage.get(picture.fileKey);
  if (!data) throw notFound();
  return { data, contentType: picture.contentType };
}
