import type { FastifyRequest } from 'fastify';
import {
  EXPENSE_ATTACHMENT_MAX_BYTES,
  expenseMessages,
  sniffImageType,
  type ExpenseAttachmentType,
} from '@ordem-certa/contracts';
import { checkImage } from '../../lib/images.ts';
import { displayName, readFileUpload } from '../../lib/uploads.ts';
import { invalid } from '../../lib/errors.ts';
import { isPdf } from '../../lib/pdf-file.ts';

export interface ExpenseFile {
  data: Buffer;
  contentType: ExpenseAttachmentType;
  extension: 'pdf' | 'png' | 'jpg';
  /** The name the browser sent, for showing and downloading only. */
  name: string;
}

/**
 * Reads the one file of POST expenses/{id}/attachment (field `file`, at most 10 MB: 413 past it) and
 * accepts it only as a PDF or a PNG/JPEG image, told by its content — an image must also decode whole.
 * The name and the declared type are never trusted. Anything else: 422 on `file`.
 */
export async function readExpenseAttachment(request: FastifyRequest): Promise<ExpenseFile> {
  const { data, fileName } = await readFileUpload(
    request,
    'file',
    EXPENSE_ATTACHMENT_MAX_BYTES,
    expenseMessages.attachmentTooLarge,
  );
  const image = sniffImageType(data);
  if (image) {
    await checkImage(data, image, 'file').catch(() => {
      throw invalid({ file: expenseMessages.attachmentType });
    });
    const extension = image === 'image/png' ? 'png' : 'jpg';
    return { data, contentType: image, extension, name: displayName(fileName, `anexo.${extension}`) };
  }
  if (isPdf(data))
    return { data, contentType: 'application/pdf', extension: 'pdf', name: displayName(fileName, 'anexo.pdf') };
  throw invalid({ file: expenseMessages.attachmentType });
}
