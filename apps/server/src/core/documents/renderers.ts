import { renderDanfse } from './renderers/danfse-document.ts';
import { renderEstimatePdf } from './renderers/estimate-document.ts';
import { renderInvoicePdf } from './renderers/invoice-document.ts';
import { renderPaySlip } from './renderers/pay-slip-document.ts';
import { renderPmocReport } from './renderers/pmoc-report-document.ts';
import { renderPmocDocument } from './renderers/pmoc-document.ts';

/**
 * Every document the server draws, by the kind a PDF job names: the worker thread (pdf-worker.ts) draws
 * a job with its kind's renderer. A new document adds its renderer here, under renderers/, where the
 * worker can load it without loading any feature.
 */
export const renderers = {
  invoice: renderInvoicePdf,
  estimate: renderEstimatePdf,
  'pay-slip': renderPaySlip,
  'pmoc-report': renderPmocReport,
  'pmoc-document': renderPmocDocument,
  danfse: renderDanfse,
};

export type PdfKind = keyof typeof renderers;

/** A document to render, with everything it prints already loaded and checked. */
export type PdfJob = { [K in PdfKind]: { kind: K; data: Parameters<(typeof renderers)[K]>[0] } }[PdfKind];
