import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { decodeToken, getToken } from '../token.ts';
import { setOrgTimeZone } from '../time-zone.ts';

/**
 * What the technician last saw, kept on the phone (IndexedDB) per user and organization, so the home
 * with the day's visits and their orders (lines, equipment, customer's address and phone, comments,
 * photo thumbnails, allowed state changes, the signing page) open without a network.
 *
 * Only the queries of those screens are kept (by the first part of their key), for 7 days. The copy is
 * written a moment after the cache changes and read back before the first screen renders, so an
 * offline start shows the saved data at once; online, the screens ask again as usual and the new
 * answers replace it. Logging out deletes it (`forgetSavedQueries`).
 */

let opened: ReturnType<typeof createStore> | undefined;
const store = () => (opened ??= createStore('oficina-saved', 'queries'));
const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Orders kept at most (the latest read): a technician's open orders, not an office's history. */
const MAX_ORDERS = 60;
const KEPT_ROOTS = new Set(['me', 'agenda', 'invoice', 'invoices', 'public-invoice', 'invoice-statuses']);

interface Saved {
  savedAt: number;
  state: DehydratedState;
}

/** `${organizationId}:${userId}` of the stored session, or null. */
export function sessionOwner(): string | null {
  const user = decodeToken(getToken());
  return user ? `${user.organizationId}:${user.sub}` : null;
}

const keyOf = (owner: string) => `queries:${owner}`;

/** The order id of an ['invoice', orgPath, id, …] key. */
const orderOf = (q: Query) => (q.queryKey[0] === 'invoice' ? Number(q.queryKey[2]) : null);

/** Which queries are kept: the screens above, answered, and only the latest orders. */
function keptQueries(queryClient: QueryClient): (q: Query) => boolean {
  const latest = new Map<number, number>();
  for (const q of queryClient.getQueryCache().getAll()) {
    const id = orderOf(q);
    if (id !== null && q.state.data !== undefined) latest.set(id, Math.max(latest.get(id) ?? 0, q.state.dataUpdatedAt));
  }
  const keptOrders = new Set(
    [...latest.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_ORDERS)
      .map(([id]) => id),
  );
  return (q) => {
    if (q.state.data === undefined || !KEPT_ROOTS.has(String(q.queryKey[0]))) return false;
    const id = orderOf(q);
    return id === null || keptOrders.has(id);
  };
}

/**
 * Puts this user's saved queries back in the cache (before the first render). Waits at most
 * `timeoutMs`: a slow or broken IndexedDB must not keep the app from starting.
 */
export async function restoreSavedQueries(queryClient: QueryClient, timeoutMs = 1_500): Promise<void> {
  const owner = sessionOwner();
  if (!owner || typeof indexedDB === 'undefined') return;
  const read = get<Saved>(keyOf(owner), store()).catch(() => undefined);
  const saved = await Promise.race([read, new Promise<undefined>((r) => setTimeout(r, timeoutMs))]);
  if (!saved || Date.now() - saved.savedAt > MAX_AGE_MS) return;
  hydrate(queryClient, saved.state);
  // A saved answer is never taken for a fresh one: each screen shows it and asks the server again at
  // once (a reload right after a change must show the change).
  await queryClient.invalidateQueries({ refetchType: 'none' });
  // /me sets the organization's time zone when it answers; a restored answer must do it too.
  const me = queryClient.getQueryData<{ organization?: { timeZone?: string } }>(['me']);
  if (me?.organization?.timeZone) setOrgTimeZone(me.organization.timeZone);
}

/**
 * Keeps writing the cache's kept queries for the signed-in user, at most once every `everyMs`.
 * Returns the function that stops it. A write that fails (the phone's storage is full) is reported
 * through `onError`, not swallowed.
 */
export function keepSavingQueries(queryClient: QueryClient, onError: (err: unknown) => void, everyMs = 1_000) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    timer = undefined;
    const owner = sessionOwner();
    if (!owner) return;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: keptQueries(queryClient) });
    try {
      await set(keyOf(owner), { savedAt: Date.now(), state } satisfies Saved, store());
    } catch (err) {
      onError(err);
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    timer ??= setTimeout(() => void save(), everyMs);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

/** Deletes this user's saved queries (logging out). */
export async function forgetSavedQueries(owner: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await del(keyOf(owner), store());
}
