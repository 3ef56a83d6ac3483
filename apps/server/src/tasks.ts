import type { ReportResult } from '@ordem-certa/contracts';
import { TaskPool, type Session } from './lib/task-pool.ts';
import type { Deflated } from './lib/zip-deflate.ts';
import type { ImportCheck, ImportCheckInput } from './modules/imports/import-check.ts';

declare global {
  interface ImportMeta {
    /**
     * Only in the built server (apps/server/build.mjs): the task worker, bundled beside the server. Run
     * from source it is undefined and the worker starts from `task-worker.mjs`, which loads tsx.
     */
    builtTaskWorker?: URL;
  }
}

/**
 * The process's task threads (lib/task-pool.ts): an organization's imports, the compression of its
 * archives' files and its CSV reports, off the event loop. One import per organization and two in the
 * process at a time (an import holds its thread while it writes its batches); one archive file and one
 * CSV per organization at a time. Three threads, at the lowest CPU priority, each with a 768 MB heap
 * (a spreadsheet of 100,000 rows and its workbook fit); idle for 30 s, a thread stops.
 */
export const taskPool = new TaskPool({
  entry: import.meta.builtTaskWorker ?? new URL('./task-worker.mjs', import.meta.url),
  lanes: {
    import: { perKey: 1, total: 2 },
    zip: { perKey: 1, total: 2 },
    csv: { perKey: 1, total: 2 },
  },
  threads: 3,
  memoryMb: 768,
  idleMs: 30_000,
});

/** What the app's modules run on the task threads. */
export const tasks = {
  /** An import's file read and checked; the session then hands its rows over by batch (modules/imports). */
  openImportCheck: (organizationId: number, input: ImportCheckInput) =>
    taskPool.session<ImportCheck>('import', organizationId, 'import-check', input),
  /** Whether the organization's imports run or wait now. */
  importState: (organizationId: number) => taskPool.state('import', organizationId),
  /** One archive file deflated (lib/zip.ts). */
  deflate: (organizationId: number, data: Uint8Array) => taskPool.run<Deflated>('zip', organizationId, 'deflate', data),
  /** A report's CSV (core/reports/report-csv.ts). */
  reportCsv: (organizationId: number, input: { result: Pick<ReportResult, 'header' | 'body'>; timeZone: string }) =>
    taskPool.run<Uint8Array>('csv', organizationId, 'report-csv', input),
};
export type Tasks = typeof tasks;

declare module 'fastify' {
  interface FastifyInstance {
    /** Bulk work on the task threads: imports, archives' compression, CSV reports. */
    tasks: Tasks;
  }
}
export type ImportSession = Session<ImportCheck>;
