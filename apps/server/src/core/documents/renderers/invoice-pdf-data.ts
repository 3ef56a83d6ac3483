// What an order's PDF prints, loaded by invoice-pdf.service.ts and laid out by invoice-document.ts.
import type { PrintedChecklist, PrintedPix } from '../pdf/printed-data.ts';
import type { PrintedRecord } from '../pdf/record-blocks.ts';

/** Everything the service-order document prints, loaded and checked by the service. */
export interface InvoicePdfData extends PrintedRecord {
  showValues: boolean;
  invoice: {
    number: number;
    statusLabel: string;
    /** Not started yet ('Não Iniciado'): printed as a job sheet, marked as such on every page. */
    notStarted: boolean;
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
  /** What the customer paid, oldest first, what they withhold at the source, and what is still due. */
  received: {
    payments: Array<{ paidAt: string; method: string | null; amountCents: number }>;
    withheldCents: number;
    dueCents: number;
  };
  /** Each open instalment's own PIX code (a charge with a due date at the company's PSP), by due date. */
  instalmentPix?: Array<PrintedPix & { label: string }>;
  workers: string[];
  /** The latest comments, oldest first: at most MAX_PRINTED_COMMENTS. */
  comments: Array<{ type: number; comment: string; userName: string; createdAt: Date }>;
  /** How many older comments the document leaves out. */
  commentsLeftOut: number;
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
