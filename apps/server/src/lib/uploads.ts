import { createHash, type Hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import { fileMessages, IMAGE_MAX_BYTES, sniffImageType, type ImageContentType } from '@ordem-certa/contracts';
import { AppError, invalid, isMalformedMultipart, malformed } from './errors.ts';

/**
 * What an Idempotency-Key compares for a multipart body (see `plugins/idempotency.ts`): every part in
 * the order sent, its kind, its field name and the SHA-256 of its bytes (a text field's value). The
 * boundary, the part headers and the file name are left out, so the same form sent again — with a new
 * boundary, as every browser makes one per request — gives the same digest. The handler's reads below
 * feed it while they take each part (the file bytes they hold anyway), and `finish` marks that the
 * whole body was read; a repeat of the request is read part by part into a new digest, each file
 * hashed as it streams, never held.
 */
export class PartsDigest {
  private readonly hash = createHash('sha256');
  private done = false;

  private add(kind: 'file' | 'field', name: string, bytesHash: string) {
    this.hash.update(`${kind} ${JSON.stringify(name)} ${bytesHash}\n`);
  }

  file(name: string, data: Buffer) {
    this.add('file', name, createHash('sha256').update(data).digest('hex'));
  }

  field(name: string, value: unknown) {
    this.add('field', name, createHash('sha256').update(String(value)).digest('hex'));
  }

  /** A file part hashed as it streams (a part nobody keeps, or a repeat being compared). */
  async streamedFile(part: MultipartFile) {
    const bytes: Hash = createHash('sha256');
    for await (const chunk of part.file) bytes.update(chunk as Buffer);
    this.add('file', part.fieldname, bytes.digest('hex'));
  }

  /** Every part was read: the digest stands for the whole body. */
  finish() {
    this.done = true;
  }

  /** The digest of the whole body, or null when the body was not read to its end. */
  result(): string | null {
    return this.done ? this.hash.copy().digest('hex') : null;
  }
}

/** A file part's bytes, told to the request's digest when an Idempotency-Key claimed it. */
export async function keepPart(request: FastifyRequest, part: MultipartFile): Promise<Buffer> {
  const data = await part.toBuffer();
  request.idempotencyParts?.file(part.fieldname, data);
  return data;
}

/** A part the handler does not use: drained (hashed into the digest when there is one). */
export async function skipPart(request: FastifyRequest, part: Multipart) {
  if (part.type === 'field') request.idempotencyParts?.field(part.fieldname, part.value);
  else if (request.idempotencyParts) await request.idempotencyParts.streamedFile(part);
  else part.file.resume();
}

/** A text field the handler uses, told to the digest. */
export function fieldPart(request: FastifyRequest, part: MultipartValue) {
  request.idempotencyParts?.field(part.fieldname, part.value);
}

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
 * PNG or a JPEG: neither the file name nor the declared type is trusted. Too large: 413; a second
 * file: 422. The whole body is read (other parts drained), so an Idempotency-Key compares all of it.
 */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<ImageUpload> {
  if (!request.isMultipart()) throw invalid({ [field]: fileMessages.missingFile });
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file' && part.fieldname === field) data = await keepPart(request, part);
      else await skipPart(request, part);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw invalid({ [field]: fileMessages.oneFile });
    throw uploadError(err, field);
  }
  request.idempotencyParts?.finish();
  if (!data) throw invalid({ [field]: fileMessages.missingFile });
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
 * too large answers 413, more than `max` files a 422 with `tooMany`. Given `fields`, the text fields
 * sent beside the files are put there by name (otherwise they are drained).
 */
export async function readImageUploads(
  request: FastifyRequest,
  field: string,
  max: number,
  tooMany: string,
  fields?: Record<string, string>,
): Promise<NamedImageUpload[]> {
  if (!request.isMultipart()) throw invalid({ [field]: fileMessages.missingFile });
  const uploads: NamedImageUpload[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: max } })) {
      if (part.type === 'field' && fields) {
        fieldPart(request, part);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.type !== 'file' || part.fieldname !== field) {
        await skipPart(request, part);
        continue;
      }
      const data = await keepPart(request, part);
      if (data.length === 0) continue; // an empty file input sends an empty part
      const image = asImage(data, field);
      uploads.push({ ...image, name: displayName(part.filename, `foto.${image.extension}`) });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw invalid({ [field]: tooMany });
    throw uploadError(err, field);
  }
  request.idempotencyParts?.finish();
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
        fieldPart(request, part);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === field) {
        fileName = part.filename;
        data = await keepPart(request, part);
      } else await skipPart(request, part);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, [tooLarge]);
    if (code === 'FST_FILES_LIMIT') throw invalid({ [field]: fileMessages.oneFile });
    throw uploadError(err, field);
  }
  request.idempotencyParts?.finish();
  if (!data?.length) throw invalid({ [field]: fileMessages.missingFile });
  return { data, fields, fileName };
}
