import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Puts the calling thread at the lowest CPU priority (nice 19), for the worker threads that do an
 * organization's bulk work (documents, imports, archives): when the cores are busy the event loop —
 * every other organization's requests — and the threads logins hash on come first, and the bulk work
 * takes what is left. Linux gives each thread its own nice value, found through /proc/thread-self;
 * elsewhere this does nothing.
 */
export function lowerThreadPriority() {
  // BULK_THREAD_NICE: another nice value (0: the process's own). The API tests set 0: on a machine
  // shared with other jobs a nice-19 thread gets almost no CPU, and a test waits on it past its time.
  const nice = Number(process.env.BULK_THREAD_NICE ?? 19);
  if (!Number.isInteger(nice) || nice <= 0) return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (tid > 0) setPriority(tid, Math.min(nice, 19));
  } catch {
    // Not Linux, or no /proc: the thread keeps the process's priority.
  }
}
