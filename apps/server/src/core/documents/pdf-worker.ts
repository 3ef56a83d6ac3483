import { parentPort, threadId } from 'node:worker_threads';
import { renderers, type PdfJob } from './renderers.ts';
import { lowerThreadPriority } from '../../lib/thread-priority.ts';

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

/** The job drawn by its kind's renderer. */
const render = (job: PdfJob): Promise<Buffer> => renderers[job.kind](revive(job.data) as never);

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
