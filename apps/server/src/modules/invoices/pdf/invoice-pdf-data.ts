// What an order's PDF prints, loaded by invoice-pdf.service.ts and laid out by invoice-document.ts.
import type { PrintedChecklist } from './checklists-block.ts';
import type { PrintedPix } from './pix-block.ts';

export interface PdfParty {
  name: string;
  alias: string | null;
  identifier: string;
  type: number;
  email: string | null;
  phone: string | null;
  address: string | null;
}

/** Everything the service-order document prints, loaded and checked by the service. */
export interface InvoicePdfData {
  timeZone: string;
  showValues: boolean;
  generatedAt: Date;
  company: PdfParty & { logo: Buffer | null; signature: Buffer | null };
  customer: PdfParty;
  invoice: {
    number: number;
    statusLabel: string;
    natureName: string;
    createdAt: Date;
    startedAt: Date | null;
    finishedAt: Date | null;
    scheduledAt: Date | null;
    reportedProblem: string | null;
    invoiceInfo1: string | null;
    invoiceInfo2: string | null;
    subtotalCents: number;
    discountCents: number;
    isPaid: boolean;
    paymentDate: string | null;
  };
  services: Array<{ name: string; description: string | null; quantity: number; priceCents: number }>;
  products: Array<{ name: string; unit: string; quantity: number; priceCents: number }>;
  equipments: Array<{ name: string; brand: string; model: string; serialNumber: string; description: string | null }>;
  workers: string[];
  /** The latest comments, oldest first: at most MAX_PRINTED_COMMENTS. */
  comments: Array<{ type: number; comment: string; userName: string; createdAt: Date }>;
  /** How many older comments the document leaves out. */
  commentsLeftOut: number;
  photos: Array<{ name: string; data: Buffer; width: number; height: number }>;
  /** The PIX payment of what is still due (null: no key, values hidden or nothing due). */
  pix?: PrintedPix | null;
  /** The attached checklists with their answers in words (none: no section). */
  checklists?: PrintedChecklist[];
  signature: {
    image: Buffer;
    signerName: string;
    signedAt: Date;
    ip: string;
    contentHash: string;
    isOutdated: boolean;
  } | null;
}
