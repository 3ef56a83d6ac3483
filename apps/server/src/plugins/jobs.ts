import fp from 'fastify-plugin';
import type { Job } from '../lib/interval-job.ts';

/** A background job: started every `everyMs` once the app is ready (0: not at all). */
export interface ScheduledJob {
  everyMs: number;
  start(everyMs: number): Job;
}

/** Runs the background jobs while the app is up: started when it is ready, stopped when it closes. */
export const jobsPlugin = fp<{ jobs: ScheduledJob[] }>(
  async (app, { jobs }) => {
    const running: Job[] = [];
    app.addHook('onReady', async () => {
      for (const job of jobs) if (job.everyMs > 0) running.push(job.start(job.everyMs));
    });
    app.addHook('onClose', async () => {
      await Promise.all(running.map((job) => job.stop()));
    });
  },
  { name: 'jobs' },
);
