import { parentPort, threadId } from 'node:worker_threads';
import { renderEstimatePdf } from '../modules/estimates/pdf/estimate-document.ts';
import { renderInvoicePdf } from '../modules/invoices/pdf/invoice-document.ts';
import { renderPaySlip } from '../modules/payrolls/pdf/pay-slip-document.ts';
import { renderPmocReport } from '../modules/maintenance-plans/pdf/pmoc-report-document.ts';
import type { PdfJob } from './pdf-pool.ts';
import { lowerThreadPriority } from './thread-priority.ts';

// Documents are bulk work: the event loop and the logins' hashing threads come first.
lowerThreadPriority();

/** Buffers come through postMessage as plain Uint8Arrays; pdfkit takes images only as Buffers. */
function revive(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  }
  return value;
}

function render(job: PdfJob): Promise<Buffer> {
  const data = revive(job.data);
  switch (job.kind) {
    case 'invoice':
      return renderInvoicePdf(data as never);
    case 'estimate':
      return renderEstimatePdf(data as never);
    case 'pay-slip':
      return renderPaySlip(data as never);
    case 'pmoc-report':
      return renderPmocReport(data as never);
  }
}

parentPort!.on('message', async (message: { id: number; job: PdfJob }) => {
  try {
    const pdf = await render(message.job);
    // The bytes move to the main thread without a copy.
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
    parentPort!.postMessage({ id: message.id, pdf: bytes, threadId }, [bytes.buffer]);
  } catch (err) {
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
    parentPort!.postMessage({ id: message.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
