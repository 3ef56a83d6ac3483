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
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (tid > 0) setPriority(tid, 19);
  } catch {
    // Not Linux, or no /proc: the thread keeps the process's priority.
  }
}
