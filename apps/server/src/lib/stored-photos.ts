import { processPhoto } from './images.ts';
import { newFileKey, type FileStorage } from './storage.ts';
import type { NamedImageUpload } from './uploads.ts';

/** An uploaded photo decoded (upright, thumbnailed, a print copy) with the keys its two files were written at. */
export type StoredPhoto = Awaited<ReturnType<typeof processPhoto>> & {
  upload: NamedImageUpload;
  fileKey: string;
  printKey: string;
};

/**
 * Decodes the uploads (the slow part, before anything is locked), writes each one's file and print copy
 * under `folder`, then runs `save` with them — the rows inserted in the caller's transaction. If decoding
 * refuses one, nothing is written; if writing or `save` fails, the files written go again, so nothing is
 * half saved.
 */
export async function withStoredPhotos<T>(
  storage: FileStorage,
  where: { organizationId: number; folder: string; field: string },
  uploads: NamedImageUpload[],
  save: (files: StoredPhoto[]) => Promise<T>,
): Promise<T> {
  const files: StoredPhoto[] = [];
  for (const upload of uploads) {
    const processed = await processPhoto(upload.data, upload.contentType, where.field);
    files.push({
      upload,
      ...processed,
      fileKey: newFileKey(where.organizationId, where.folder, 'photo', upload.extension),
      printKey: newFileKey(where.organizationId, where.folder, 'print', 'jpg'),
    });
  }
  const written: string[] = [];
  try {
    for (const f of files) {
      await storage.put(f.fileKey, f.upload.data, f.upload.contentType);
      written.push(f.fileKey);
      await storage.put(f.printKey, f.print, 'image/jpeg');
      written.push(f.printKey);
    }
    return await save(files);
  } catch (err) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw err;
  }
}

/** The columns every photo row keeps of its stored photo. */
export const photoColumns = (f: StoredPhoto) => ({
  name: f.upload.name,
  contentType: f.upload.contentType,
  size: f.upload.data.length,
  width: f.width,
  height: f.height,
  fileKey: f.fileKey,
  printKey: f.printKey,
  thumbnail: f.thumbnail,
});
