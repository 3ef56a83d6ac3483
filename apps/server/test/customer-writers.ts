import { setTimeout as sleep } from 'node:timers/promises';
import { formatCpf, PersonType } from '@ordem-certa/contracts';
import { newCpf } from './factories.ts';

/** One customer a writer tried to add, and what the server answered (-1: no answer in time). */
export interface WriteAttempt {
  name: string;
  status: number;
  startedAt: number;
  ms: number;
  errors?: unknown;
}

/**
 * Writers adding customers to organization 1 of a running server, one request at a time each, until
 * stopped: the load of an outage test, every attempt kept with its answer. A writer that got no 201
 * waits 50 ms before the next try.
 */
export function startCustomerWriters(serverUrl: string, token: string, opts: { writers: number; timeoutMs: number }) {
  const attempts: WriteAttempt[] = [];
  const writing = { on: true };
  let n = 0;
  const writer = async (w: number) => {
    while (writing.on) {
      const name = `Cliente ${w}-${++n}`;
      const startedAt = Date.now();
      let status = 0;
      let errors: unknown;
      try {
        const res = await fetch(`${serverUrl}/api/organizations/1/customers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ type: PersonType.Natural, identifier: formatCpf(newCpf()), name }),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        status = res.status;
        errors = ((await res.json()) as { errors?: unknown }).errors;
      } catch (err) {
        status = -1;
        errors = String(err);
      }
      attempts.push({ name, status, ms: Date.now() - startedAt, startedAt, errors });
      if (status !== 201) await sleep(50);
    }
  };
  const running = Array.from({ length: opts.writers }, (_, i) => writer(i + 1));
  return {
    attempts,
    /** Lets each writer finish its request in flight, then resolves. */
    stop: async () => {
      writing.on = false;
      await Promise.all(running);
    },
  };
}
