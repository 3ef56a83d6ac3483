import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  stop(): Promise<void>;
}

/**
 * Runs `tick` every `intervalMs` inside the server until stopped: a background job. A tick returns
 * whether more work is waiting (a full batch), and runs again at once until it is not, so a backlog is
 * drained in consecutive batches. A failed tick is logged and retried at the next one; stop() waits for
 * a running tick to finish. The jobs that write share their rows with other instances through
 * FOR UPDATE SKIP LOCKED claims, so this timer needs no coordination between processes.
 */
export function startIntervalJob(
  log: FastifyBaseLogger,
  name: string,
  intervalMs: number,
  tick: () => Promise<boolean>,
): Job {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = async () => {
    try {
      for (;;) if (stopped || !(await tick())) break;
    } catch (err) {
      if (!stopped) log.error({ err }, `${name} failed`);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        schedule();
      });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
