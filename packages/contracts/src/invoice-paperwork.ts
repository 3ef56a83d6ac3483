import { z } from 'zod';
import { idParam, listResponse } from './common.ts';
import { pngDataUrl, withoutBidiControls } from './common.ts';
import { invoiceParams } from './invoices.ts';
import { paperworkMessages } from './paperwork-labels.ts';

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
  /** An order's photo: shown in the customer's portal ('visível ao cliente'). */
  customerVisible: z.boolean().optional(),
});
export type InvoicePicture = z.infer<typeof invoicePicture>;
/** PUT invoices/{id}/attachments/pictures/{pictureId}/customer-visible. */
export const pictureVisibilityBody = z.object({
  customerVisible: z.boolean({ error: 'Informe se a foto é visível ao cliente' }),
});
export type PictureVisibilityBody = z.infer<typeof pictureVisibilityBody>;
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
  /**
   * The open instalments with a charge at the company's PSP, each payable by its own code (with its due
   * date; the PSP adds the fine and interest after it); `pix` then asks only what none of them holds.
   */
  pixInstallments: z
    .array(
      z.object({
        number: z.number().int(),
        count: z.number().int(),
        dueDate: z.string(),
        amount: z.number(),
        code: z.string(),
        qr: z.string(),
      }),
    )
    .optional(),
  /**
   * The order's standing NFS-e (its number), whose DANFSe GET /public/invoices/{id}/danfse.pdf?token=...
   * opens; null without one, absent through a collaborator's link (it carries the values).
   */
  nfse: z.object({ number: z.string().nullable() }).nullable().optional(),
});
export type PublicInvoice = z.infer<typeof publicInvoice>;

/** POST /public/invoices/{id}/sign?token=...: the drawing (required) and who signs. */
export const publicSignBody = z.object({
  signature: z.string({ error: paperworkMessages.emptySignature }).pipe(pngDataUrl),
  signerName: z
    .string({ error: paperworkMessages.signerNameRequired })
    .overwrite(withoutBidiControls)
    .trim()
    .min(2, paperworkMessages.signerNameRequired)
    .max(120, 'Deve ter no máximo 120 caracteres'),
});
export type PublicSignBody = z.infer<typeof publicSignBody>;
