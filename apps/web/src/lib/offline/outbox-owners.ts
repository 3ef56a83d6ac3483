import { createStore, values } from 'idb-keyval';
import type { OutboxItem } from './outbox.ts';

/**
 * The outbox's IndexedDB store (database 'oficina-outbox', one record per item), and who its items
 * belong to. Apart from the outbox's runtime so the login page can say what waits on this phone without
 * loading the code that sends it.
 */
let opened: ReturnType<typeof createStore> | undefined;
export const outboxDb = () => (opened ??= createStore('oficina-outbox', 'items'));

/** The items kept on this phone by whom they belong to: their name and how many. */
export async function pendingByOwner(): Promise<Map<string, { name: string; count: number }>> {
  const byOwner = new Map<string, { name: string; count: number }>();
  if (typeof indexedDB === 'undefined') return byOwner;
  for (const item of await values<OutboxItem>(outboxDb())) {
    const entry = byOwner.get(item.owner) ?? { name: item.ownerName, count: 0 };
    entry.count += 1;
    byOwner.set(item.owner, entry);
  }
  return byOwner;
}
