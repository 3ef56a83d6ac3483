import type { FastifyRequest } from 'fastify';
import { fileMessages, IMAGE_MAX_BYTES, sniffImageType, type ImageContentType } from '@oficina/contracts';
import { AppError, invalid } from '../plugins/errors.ts';

export interface ImageUpload {
  data: Buffer;
  contentType: ImageContentType;
  extension: 'png' | 'jpg';
}

/**
 * Reads the one file of a multipart request from `field` and accepts it only when its bytes are a
 * PNG or a JPEG: neither the file name nor the declared type is trusted. Too large: 413.
 */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<ImageUpload> {
  if (!request.isMultipart()) throw invalid({ [field]: fileMessages.missingFile });
  const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw invalid({ [field]: fileMessages.missingFile });
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, [fileMessages.tooLarge]);
    throw err;
  }
  if (data.length === 0) throw invalid({ [field]: fileMessages.missingFile });
  const contentType = sniffImageType(data);
  if (!contentType) throw invalid({ [field]: fileMessages.notAnImage });
  return { data, contentType, extension: contentType === 'image/png' ? 'png' : 'jpg' };
}
