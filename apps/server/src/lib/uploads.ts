import type { FastifyRequest } from 'fastify';
import { fileMessages, IMAGE_MAX_BYTES, sniffImageType, type ImageContentType } from '@oficina/contracts';
import { AppError, invalid, isMalformedMultipart, malformed } from '../plugins/errors.ts';

export interface ImageUpload {
  data: Buffer;
  contentType: ImageContentType;
  extension: 'png' | 'jpg';
}

/** A file's bytes as an image upload, told by its content (PNG or JPEG); a 422 on `field` otherwise. */
function asImage(data: Buffer, field: string): ImageUpload {
  if (data.length === 0) throw invalid({ [field]: fileMessages.missingFile });
  const contentType = sniffImageType(data);
  if (!contentType) throw invalid({ [field]: fileMessages.notAnImage });
  return { data, contentType, extension: contentType === 'image/png' ? 'png' : 'jpg' };
}

/** multipart's "file too large" as the 413 with its message, a body cut short or malformed as a 400 on the field. */
const uploadError = (err: unknown, field: string) => {
  if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, [fileMessages.tooLarge]);
  if (isMalformedMultipart(err)) return malformed(field);
  return err;
};

/**
 * Reads the one file of a multipart request from `field` and accepts it only when its bytes are a
 * PNG or a JPEG: neither the file name nor the declared type is trusted. Too large: 413.
 */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<ImageUpload> {
  if (!request.isMultipart()) throw invalid({ [field]: fileMessages.missingFile });
  const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } }).catch((err) => {
    throw uploadError(err, field);
  });
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw invalid({ [field]: fileMessages.missingFile });
  }
  const data = await part.toBuffer().catch((err) => {
    throw uploadError(err, field);
  });
  return asImage(data, field);
}

export interface NamedImageUpload extends ImageUpload {
  /** The file name the browser sent, for showing only (never a storage key). */
  name: string;
}

/** A file name fit for display: no path, no control characters, bounded. */
export const displayName = (raw: string | undefined, fallback: string) =>
  (raw ?? '')
    .split(/[\\/]/)
    .pop()!
    // oxlint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 120) || fallback;

/**
 * Reads every file of a multipart request sent under `field` (photos: several at once). All or
 * nothing: one file that is not a PNG/JPEG by its bytes refuses the request (422 on the field), one
 * too large answers 413, more than `max` files a 422 with `tooMany`.
 */
export async function readImageUploads(
  request: FastifyRequest,
  field: string,
  max: number,
  tooMany: string,
): Promise<NamedImageUpload[]> {
  if (!request.isMultipart()) throw invalid({ [field]: fileMessages.missingFile });
  const uploads: NamedImageUpload[] = [];
  try {
    for await (const part of request.files({ limits: { fileSize: IMAGE_MAX_BYTES, files: max } })) {
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (data.length === 0) continue; // an empty file input sends an empty part
      const image = asImage(data, field);
      uploads.push({ ...image, name: displayName(part.filename, `foto.${image.extension}`) });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw invalid({ [field]: tooMany });
    throw uploadError(err, field);
  }
  if (!uploads.length) throw invalid({ [field]: fileMessages.missingFile });
  return uploads;
}

export interface FileUpload {
  data: Buffer;
  /** The text fields sent beside the file, by name. */
  fields: Record<string, string>;
  /** The file name the browser sent, as it sent it (for display, through displayName). */
  fileName: string | undefined;
}

/**
 * Reads the file sent under `field` (at most `maxBytes`: 413 with `tooLarge` past it) and the text
 * fields sent beside it, in any order. What the bytes are is for the caller to check.
 */
export async function readFileUpload(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  tooLarge: string,
): Promise<FileUpload> {
  if (!request.isMultipart()) throw invalid({ [field]: fileMessages.missingFile });
  let data: Buffer | undefined;
  let fileName: string | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === field) {
        fileName = part.filename;
        data = await part.toBuffer();
      } else part.file.resume();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, [tooLarge]);
    if (code === 'FST_FILES_LIMIT') throw invalid({ [field]: fileMessages.oneFile });
    throw uploadError(err, field);
  }
  if (!data?.length) throw invalid({ [field]: fileMessages.missingFile });
  return { data, fields, fileName };
}
