import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { createStore, get, promisifyRequest } from 'idb-keyval';
import { decodeToken, getToken } from '../token.ts';
import { setOrgTimeZone } from '../time-zone.ts';

/**
 * What the technician last saw, kept on the phone (IndexedDB) per user and organization, so the home
 * with the day's visits and their orders (lines, equipment, customer's address and phone, comments,
 * photo thumbnails, allowed state changes, the signing page) open without a network.
 *
 * Only the queries of those screens are kept (by the first part of their key), one record per query,
 * written as soon as its answer arrives: the order the technician just opened is on the phone even if
 * the app is closed or reloaded a moment later (the browser drops writes still pending when a page
 * goes away, so a write gathered for a second was lost then). The copy is read back before the first
 * screen renders, so an offline start shows the saved data at once; online, the screens ask again as
 * usual and the new answers replace it. Records older than 7 days and orders beyond the latest 60 are
 * dropped when the app starts; logging out deletes them all (`forgetSavedQueries`).
 */

let opened: ReturnType<typeof createStore> | undefined;
const store = () => (opened ??= createStore('oficina-saved', 'queries'));
const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Orders kept at most (the latest read): a technician's open orders, not an office's history. */
const MAX_ORDERS = 60;
const KEPT_ROOTS = new Set(['me', 'agenda', 'invoice', 'invoices', 'public-invoice', 'invoice-statuses']);

/** Shown when the phone has no room left for the saved copy. */
export const STORAGE_FULL =
  'Sem espaço no aparelho para guardar os dados para uso sem conexão. Libere espaço (fotos, aplicativos).';

type SavedQuery = DehydratedState['queries'][number];
/** One query's answer as saved, with when. */
interface Saved {
  savedAt: number;
  query: SavedQuery;
}
/** The whole cache in one record: how releases before 0.26 saved it (read once, then deleted). */
interface SavedBefore {
  savedAt: number;
  state: DehydratedState;
}

/**
 * The session whose copy was deleted by logging out. Answers of its screens can still arrive between
 * that delete and the token being cleared (going online again refetches every screen at once); they
 * are not written back, or a shared phone would keep them.
 */
let forgottenToken: string | null = null;

/** `${organizationId}:${userId}` of the stored session, or null. */
export function sessionOwner(): string | null {
  const user = decodeToken(getToken());
  return user ? `${user.organizationId}:${user.sub}` : null;
}

/** The record of a query and the range of all of an owner's; `queries:${owner}` was the single record before. */
const recordKey = (owner: string, queryHash: string) => `q:${owner}:${queryHash}`;
const ownerRange = (owner: string) => IDBKeyRange.bound(`q:${owner}:`, `q:${owner}:\uffff`);
const keyBefore = (owner: string) => `queries:${owner}`;

/** The order id of an ['invoice', orgPath, id, …] key. */
const orderOf = (key: readonly unknown[]) => (key[0] === 'invoice' ? Number(key[2]) : null);
const kept = (q: Query) => q.state.data !== undefined && KEPT_ROOTS.has(String(q.queryKey[0]));

/**
 * The saved records to put back: not older than 7 days, and of the orders only the latest 60 read.
 * Returns them and the keys of the others (to delete).
 */
function choose(records: Array<{ key: string; saved: Saved }>, now: number) {
  const fresh = records.filter((r) => now - r.saved.savedAt <= MAX_AGE_MS);
  const latest = new Map<number, number>();
  for (const { saved } of fresh) {
    const id = orderOf(saved.query.queryKey);
    if (id !== null) latest.set(id, Math.max(latest.get(id) ?? 0, saved.savedAt));
  }
  const keptOrders = new Set(
    [...latest.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_ORDERS)
      .map(([id]) => id),
  );
  const keep = fresh.filter((r) => {
    const id = orderOf(r.saved.query.queryKey);
    return id === null || keptOrders.has(id);
  });
  const keepKeys = new Set(keep.map((r) => r.key));
  return { keep, drop: records.filter((r) => !keepKeys.has(r.key)).map((r) => r.key) };
}

/** This owner's saved records, with their keys. */
async function readAll(owner: string): Promise<Array<{ key: string; saved: Saved }>> {
  return store()('readonly', async (s) => {
    const [keys, values] = await Promise.all([
      promisifyRequest(s.getAllKeys(ownerRange(owner))),
      promisifyRequest(s.getAll(ownerRange(owner))),
    ]);
    return values.map((saved: Saved, i) => ({ key: String(keys[i]), saved }));
  });
}

async function deleteRecords(keys: string[]) {
  await store()('readwrite', (s) => {
    for (const key of keys) s.delete(key);
    return promisifyRequest(s.transaction);
  });
}

/**
 * The single record of releases before 0.26, rewritten as today's records (in the same transaction
 * that deletes it, so a phone that starts again without a network still has them).
 */
async function readBefore(owner: string): Promise<Array<{ key: string; saved: Saved }>> {
  const before = await get<SavedBefore>(keyBefore(owner), store());
  if (!before) return [];
  const records = before.state.queries.map((query) => ({
    key: recordKey(owner, query.queryHash),
    saved: { savedAt: before.savedAt, query },
  }));
  await store()('readwrite', (s) => {
    for (const { key, saved } of records) s.put(saved, key);
    s.delete(keyBefore(owner));
    return promisifyRequest(s.transaction);
  });
  return records;
}

/**
 * Puts this user's saved queries back in the cache (before the first render) and drops the records
 * too old or beyond the orders kept. Waits at most `timeoutMs`: a slow or broken IndexedDB must not
 * keep the app from starting. A read slower than that still puts the copy back when it arrives (a busy
 * phone opening offline then shows the saved order a moment later instead of "Sem conexão"); an answer
 * the server gave meanwhile is newer and stays.
 */
export async function restoreSavedQueries(queryClient: QueryClient, timeoutMs = 1_500): Promise<void> {
  const owner = sessionOwner();
  if (!owner || typeof indexedDB === 'undefined') return;
  const restored = Promise.all([readAll(owner), readBefore(owner)])
    .then(([records, before]) => putBack(queryClient, [...before, ...records]))
    .catch(() => {});
  await Promise.race([restored, new Promise<void>((r) => setTimeout(r, timeoutMs))]);
}

async function putBack(queryClient: QueryClient, records: Array<{ key: string; saved: Saved }>) {
  if (!records.length) return;
  const { keep, drop } = choose(records, Date.now());
  if (drop.length) void deleteRecords(drop).catch(() => {});
  hydrate(queryClient, { mutations: [], queries: keep.map((r) => r.saved.query) });
  // A saved answer is never taken for a fresh one: each screen shows it and asks the server again at
  // once (a reload right after a change must show the change).
  const hashes = new Set(keep.map((r) => r.saved.query.queryHash));
  await queryClient.invalidateQueries({ predicate: (q) => hashes.has(q.queryHash), refetchType: 'none' });
  // /me sets the organization's time zone when it answers; a restored answer must do it too.
  const me = queryClient.getQueryData<{ organization?: { timeZone?: string } }>(['me']);
  if (me?.organization?.timeZone) setOrgTimeZone(me.organization.timeZone);
}

/**
 * Writes each kept query of the signed-in user as its answer arrives (the answers of one moment in one
 * write). Returns the function that stops it. A write that fails (the phone's storage is full) is
 * reported through `onError`, not swallowed.
 */
export function keepSavingQueries(queryClient: QueryClient, onError: (err: unknown) => void) {
  const changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    timer = undefined;
    const owner = sessionOwner();
    const hashes = new Set(changed);
    changed.clear();
    if (!owner || getToken() === forgottenToken) return;
    const { queries } = dehydrate(queryClient, { shouldDehydrateQuery: (q) => hashes.has(q.queryHash) && kept(q) });
    if (queries.length === 0) return;
    const savedAt = Date.now();
    try {
      await store()('readwrite', (s) => {
        for (const query of queries) s.put({ savedAt, query } satisfies Saved, recordKey(owner, query.queryHash));
        return promisifyRequest(s.transaction);
      });
    } catch (err) {
      onError(err);
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !kept(event.query)) return;
    changed.add(event.query.queryHash);
    timer ??= setTimeout(() => void save(), 0);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

/** Deletes this user's saved queries (logging out). */
export async function forgetSavedQueries(owner: string): Promise<void> {
  forgottenToken = getToken();
  if (typeof indexedDB === 'undefined') return;
  await store()('readwrite', (s) => {
    s.delete(ownerRange(owner));
    s.delete(keyBefore(owner));
    return promisifyRequest(s.transaction);
  });
}
