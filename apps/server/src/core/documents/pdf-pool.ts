import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { messages } from '@ordem-certa/contracts';
import type { PdfJob } from './renderers.ts';
import { AppError } from '../../lib/errors.ts';

declare global {
  interface ImportMeta {
    /**
     * Only in the built server (apps/server/build.mjs): the PDF worker, bundled beside the server. Run from
     * source (tests, `npm run dev`) it is undefined and the worker starts from `pdf-worker.mjs`, which
     * loads the TypeScript through tsx.
     */
    builtPdfWorker?: URL;
  }
}

interface Pending {
  id: number;
  job: PdfJob;
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
}
interface Slot {
  worker: Worker;
  current: Pending | null;
  timer?: NodeJS.Timeout;
}

/**
 * Laying out a PDF is seconds of CPU for a long order; on the main thread it would hold up every
 * request of every organization meanwhile. Documents are rendered in a few worker threads instead,
 * one at a time each, the rest waiting in a bounded queue: past it a request gets a 503 at once
 * rather than piling up. A worker that fails or runs past the time limit is replaced.
 */
export class PdfPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  /** How many documents each worker thread rendered (by threadId): what tests check. */
  readonly rendered = new Map<number, number>();

  constructor(private readonly opts: { size: number; maxQueue: number; timeoutMs: number; memoryMb: number }) {}

  render(job: PdfJob): Promise<Buffer> {
    if (this.queue.length >= this.opts.maxQueue) {
      return Promise.reject(new AppError(503, [messages.pdfBusy]));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops the workers (tests, shutdown); queued documents fail. */
  async close() {
    for (const p of this.queue.splice(0)) p.reject(new Error('PDF pool closed'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private dispatch() {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.current);
      if (!slot && this.slots.length < this.opts.size) slot = this.spawn();
      if (!slot) return;
      const pending = this.queue.shift()!;
      slot.current = pending;
      slot.worker.ref();
      slot.timer = setTimeout(() => this.fail(slot!, new Error('PDF rendering timed out')), this.opts.timeoutMs);
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
      slot.worker.postMessage({ id: pending.id, job: pending.job });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(import.meta.builtPdfWorker ?? new URL('./pdf-worker.mjs', import.meta.url), {
      // The source entry registers tsx itself; the parent's flags (--import tsx, a test runner's) stay out.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb },
    });
    const slot: Slot = { worker, current: null };
    worker.on('message', (msg: { id: number; pdf?: Uint8Array; error?: string; threadId?: number }) => {
      const pending = slot.current;
      if (!pending || pending.id !== msg.id) return;
      this.finish(slot);
      if (msg.pdf) {
        this.rendered.set(msg.threadId!, (this.rendered.get(msg.threadId!) ?? 0) + 1);
        pending.resolve(Buffer.from(msg.pdf.buffer, msg.pdf.byteOffset, msg.pdf.byteLength));
      } else pending.reject(new Error(`PDF rendering failed in a worker: ${msg.error}`));
      this.dispatch();
    });
    worker.on('error', (err) => this.fail(slot, err));
    worker.on('exit', (code) => this.fail(slot, new Error(`PDF worker exited with code ${code}`)));
    worker.unref(); // an idle worker does not keep the process alive
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot) {
    clearTimeout(slot.timer);
    slot.current = null;
    slot.worker.unref();
  }

  /** The worker is dropped (a new one starts for the next document); its document fails. */
  private fail(slot: Slot, err: Error) {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const pending = slot.current;
    this.finish(slot);
    void slot.worker.terminate();
    pending?.reject(err);
    this.dispatch();
  }
}

/** The process's pool: two workers at most, one core left to the event loop. */
export const pdfPool = new PdfPool({
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxQueue: 32,
  timeoutMs: 60_000,
  memoryMb: 512,
});

export const renderPdf = (job: PdfJob) => pdfPool.render(job);
