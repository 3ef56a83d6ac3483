import type { FastifyRequest } from 'fastify';
import { nfseMessages } from '@ordem-certa/contracts';
import { invalid, isMalformedMultipart, malformed } from './errors.ts';
import { fieldPart, keepPart, skipPart } from './uploads.ts';

/** A .pfx of an A1 certificate is a few KB; anything past this is not one. */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;

/** What the upload of a PKCS#12 file says on its fields when something is missing or too big. */
export interface CertificateUploadMessages {
  certificateMissingFile: string;
  certificateTooLarge: string;
  certificatePassword: string;
}

/**
 * The file and the password of a multipart upload (fields `file` and `password`), in whichever order
 * the parts come: the NFS-e's A1, the Pix PSP's client certificate too.
 */
export async function readCertificateUpload(
  request: FastifyRequest,
  text: CertificateUploadMessages = nfseMessages,
): Promise<{ pfx: Buffer; password: string }> {
  if (!request.isMultipart()) throw invalid({ file: text.certificateMissingFile });
  let pfx: Buffer | undefined;
  let password: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') pfx = await keepPart(request, part);
        else await skipPart(request, part);
      } else {
        fieldPart(request, part);
        if (part.fieldname === 'password' && typeof part.value === 'string') password = part.value;
      }
    }
    request.idempotencyParts?.finish();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ file: text.certificateTooLarge });
    if (isMalformedMultipart(err)) throw malformed('file');
    throw err;
  }
  const problems: Record<string, string> = {};
  if (!pfx?.length) problems.file = text.certificateMissingFile;
  if (!password) problems.password = text.certificatePassword;
  if (Object.keys(problems).length) throw invalid(problems);
  return { pfx: pfx!, password: password! };
}
