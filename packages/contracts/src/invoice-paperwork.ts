import { z } from 'zod';
import { idParam, listResponse } from './common.ts';
import { pngDataUrl } from './common.ts';
import { invoiceParams } from './invoices.ts';

/** Photos a service order may hold: enough for any job, bounded so its screen and its PDF stay fast. */
export const MAX_PHOTOS_PER_INVOICE = 60;
/** Photos one upload request may carry (multipart field `attachment`, repeated). */
export const MAX_PHOTOS_PER_UPLOAD = 10;
/** Thumbnails are made this many pixels high on the server: 2x the 80 px they are shown at. */
export const THUMBNAIL_HEIGHT = 160;
/** How long a PDF link works: short-lived, since it opens at once in a new tab. */
export const PDF_LINK_TTL_SECONDS = 600;

/** pt-BR texts of photos, tags, PDF and signing: fixed wording; change only with the screens and tests. */
export const paperworkMessages = {
  photoSaved: 'Foto salva com sucesso',
  photosSaved: (n: number) => (n === 1 ? paperworkMessages.photoSaved : `${n} fotos salvas com sucesso`),
  photoRemoved: 'Foto removida com sucesso',
  waitUpload: 'Aguarde o upload da foto',
  photoRemoveFailed: 'Houve um problema ao tentar remover a foto da Ordem de Serviço. Tente novamente.',
  tooManyPhotos: `Uma ordem de serviço pode ter no máximo ${MAX_PHOTOS_PER_INVOICE} fotos`,
  tooManyInUpload: `Envie no máximo ${MAX_PHOTOS_PER_UPLOAD} fotos de cada vez`,
  photoNotYours: 'Você só pode remover as fotos que enviou',
  tagAdded: 'A etiqueta foi adicionada com sucesso',
  tagRemoved: 'A etiqueta foi removida da Ordem de Serviço',
  tagRequired: 'Selecione a etiqueta',
  tagAlreadyOnInvoice: 'Esta etiqueta já está na ordem de serviço',
  tagNotFound: 'Etiqueta não encontrada',
  pdfUnavailable: 'O PDF não está disponível para ordens de serviço em rascunho, não iniciadas ou canceladas',
  pdfLinkInvalid: 'Link do PDF inválido. Volte à ordem de serviço e gere o PDF novamente.',
  pdfLinkExpired: 'Este link do PDF expirou. Volte à ordem de serviço e gere o PDF novamente.',
  popupBlocked: 'Pop-up bloqueado! Por favor, habilite essa funcionalidade',
  linkCopied: 'Link copiado',
  linkRenewed: 'Novo link de assinatura gerado. O link anterior não funciona mais.',
  renewLinkConfirm: 'O link de assinatura atual deixará de funcionar.',
  signed: 'A Ordem de Serviço foi assinada',
  alreadySigned: 'Esta ordem de serviço já foi assinada',
  emptySignature: 'A Ordem de Serviço deve ser assinada antes de continuar',
  signerNameRequired: 'Informe o nome de quem assina',
  canceledCannotBeSigned: 'Ordens de serviço canceladas não podem ser assinadas',
  signLinkInvalid: 'Link de assinatura inválido ou revogado. Peça um novo link à empresa.',
  signatureOutdated: 'A ordem de serviço mudou depois de assinada: a assinatura está desatualizada.',
  emailSent: 'A Ordem de Serviço foi enviada',
  emailsTooFast: 'Muitos e-mails de ordem de serviço enviados em pouco tempo. Aguarde um minuto e tente novamente.',
} as const;

/** E-mails of service orders an organization may send per minute. */
export const INVOICE_EMAILS_PER_MINUTE = 30;

// ---- photos --------------------------------------------------------------------------------------

export const invoicePictureParams = invoiceParams.extend({ pictureId: idParam.shape.id });

/**
 * A photo of an order: the thumbnail comes inline as a data URL (one
 * request shows them all); `url` is the API path of the full-size file, served with the bearer token.
 */
export const invoicePicture = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  createdAt: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string(),
});
export type InvoicePicture = z.infer<typeof invoicePicture>;
export const invoicePicturesResponse = z.object({ data: z.array(invoicePicture) });

// ---- tags ----------------------------------------------------------------------------------------

export const invoiceTagParams = invoiceParams.extend({ tagId: idParam.shape.id });
/** GET invoices/{id}/tags/available: the organization's tags not on the order yet. */
export const availableTag = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export const availableTagsResponse = listResponse(availableTag);

// ---- PDF -----------------------------------------------------------------------------------------

/** POST invoices/{id}/pdf. Only admins may ask for values; for anyone else the server prints none. */
export const pdfBody = z.object({ showValues: z.boolean().default(false) });
/** A URL (absolute path on this origin) that works without a login for PDF_LINK_TTL_SECONDS. */
export const pdfResponse = z.object({ url: z.string() });
export const pdfQuery = z.object({ token: z.string().max(2000).optional() });

// ---- signature -----------------------------------------------------------------------------------

/** POST invoices/{id}/sign-link (admin): the old link stops working, a new one is issued. */
export const signLinkResponse = z.object({ signUrl: z.string() });

/** The public page's path for an order and its token; the web app and the server build it the same way. */
export const signPath = (invoiceId: number, token: string) =>
  `/invoices/${invoiceId}/sign?token=${encodeURIComponent(token)}`;

// ---- public signing (no login) -------------------------------------------------------------------

export const publicInvoiceParams = idParam;
/** The token is checked by the service: missing or wrong is a 404, never a 422 that confirms the id. */
export const publicInvoiceQuery = z.object({ token: z.string().max(2000).optional() });

/** What the signing page needs and nothing more: no prices, no internal data. */
export const publicInvoice = z.object({
  id: z.number().int(),
  number: z.number().int(),
  companyName: z.string(),
  companyIdentifier: z.string(),
  companyType: z.number().int(),
  customerName: z.string(),
  customerIdentifier: z.string(),
  customerType: z.number().int(),
  statusLabel: z.string(),
  /** The organization's IANA time zone: the page shows its dates there, whatever the phone's zone. */
  timeZone: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  // Exactly what the signature's content hash covers: the lines with their prices, the discount and the
  // equipment (the customer signs the values too, so the page lets them see them). Through the link a
  // collaborator is given (`withValues` false) the prices, subtotal, discount and total are left out.
  withValues: z.boolean(),
  services: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      quantity: z.number(),
      price: z.number().optional(),
    }),
  ),
  products: z.array(
    z.object({ name: z.string(), unit: z.string(), quantity: z.number(), price: z.number().optional() }),
  ),
  equipments: z.array(z.object({ name: z.string(), brand: z.string(), model: z.string(), serialNumber: z.string() })),
  subTotal: z.number().optional(),
  discount: z.number().optional(),
  total: z.number().optional(),
  /** A valid signature of the current content. */
  isSigned: z.boolean(),
  /** Signed before, but the order changed since: it may be signed again. */
  isOutdated: z.boolean(),
  canSign: z.boolean(),
  signature: z.string().nullable(),
  signedAt: z.string().nullable(),
  signerName: z.string().nullable(),
  /** What is still due, payable by PIX (code and QR as a PNG data URL); absent without a key or values. */
  pix: z.object({ code: z.string(), qr: z.string(), amount: z.number() }).nullable().optional(),
});
export type PublicInvoice = z.infer<typeof publicInvoice>;

/** POST /public/invoices/{id}/sign?token=...: the drawing (required) and who signs. */
export const publicSignBody = z.object({
  signature: z.string({ error: paperworkMessages.emptySignature }).pipe(pngDataUrl),
  signerName: z
    .string({ error: paperworkMessages.signerNameRequired })
    .trim()
    .min(2, paperworkMessages.signerNameRequired)
    .max(120, 'Deve ter no máximo 120 caracteres'),
});
export type PublicSignBody = z.infer<typeof publicSignBody>;
