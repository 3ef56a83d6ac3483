import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { clear, createStore, entries, set } from 'idb-keyval';
import { fakeToken } from '../../test/fake-api.tsx';
import { forgetSavedQueries, keepSavingQueries, restoreSavedQueries } from './saved-queries.ts';

// The phone's saved copy against an IndexedDB that follows the standard (fake-indexeddb): jsdom has
// none. The E2E in Chromium covers the same copy with the browser's own.

const db = createStore('oficina-saved', 'queries');
const ORG = '/organizations/1';
const DAY = 24 * 60 * 60_000;
/** The technician of fakeToken('worker'): organization 1, user 2. */
const OWNER = '1:2';

const orderKey = (id: number) => ['invoice', ORG, id, 'detail'];
const savedKeys = async () => (await entries(db)).map(([k]) => String(k)).sort();
/** A record as the app writes it, for a query key and answer saved at `savedAt`. */
const record = (queryKey: unknown[], data: unknown, savedAt: number) => ({
  savedAt,
  query: {
    queryKey,
    queryHash: JSON.stringify(queryKey),
    state: {
      data,
      dataUpdateCount: 1,
      dataUpdatedAt: savedAt,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
    },
  },
});

let stop: (() => void) | undefined;
beforeEach(async () => {
  await clear(db);
  localStorage.setItem('jwt', fakeToken('worker'));
});
afterEach(() => stop?.());

describe('saved copy of the technician’s screens', () => {
  it('writes each answer of those screens as it arrives, one record per query; other screens are not kept', async () => {
    const client = new QueryClient();
    const errors: unknown[] = [];
    stop = keepSavingQueries(client, (e) => errors.push(e));
    client.setQueryData(orderKey(5), { id: 5, number: 1042 });
    client.setQueryData(['customers', ORG, { page: 1 }], { data: [] });
    await vi.waitFor(async () => expect(await savedKeys()).toEqual([`q:${OWNER}:${JSON.stringify(orderKey(5))}`]));
    expect(errors).toEqual([]);
  });

  it('puts the copy back at start, each query stale (asked again at once); records older than 7 days are dropped', async () => {
    const now = Date.now();
    const fresh = orderKey(5);
    const old = orderKey(6);
    await set(`q:${OWNER}:${JSON.stringify(fresh)}`, record(fresh, { id: 5 }, now - DAY), db);
    await set(`q:${OWNER}:${JSON.stringify(old)}`, record(old, { id: 6 }, now - 8 * DAY), db);
    // Another user's copy on the same phone is neither read nor touched.
    await set(`q:1:9:${JSON.stringify(fresh)}`, record(fresh, { id: 5, theirs: true }, now), db);

    const client = new QueryClient();
    await restoreSavedQueries(client);
    expect(client.getQueryData(fresh)).toEqual({ id: 5 });
    expect(client.getQueryState(fresh)?.isInvalidated).toBe(true);
    expect(client.getQueryData(old)).toBeUndefined();
    await vi.waitFor(async () =>
      expect(await savedKeys()).toEqual([`q:${OWNER}:${JSON.stringify(fresh)}`, `q:1:9:${JSON.stringify(fresh)}`]),
    );
  });

  it('keeps the 60 orders read last and drops the others', async () => {
    const now = Date.now();
    for (let id = 1; id <= 62; id++)
      await set(
        `q:${OWNER}:${JSON.stringify(orderKey(id))}`,
        record(orderKey(id), { id }, now - (100 - id) * 1000),
        db,
      );
    const client = new QueryClient();
    await restoreSavedQueries(client);
    expect(client.getQueryData(orderKey(1))).toBeUndefined();
    expect(client.getQueryData(orderKey(2))).toBeUndefined();
    expect(client.getQueryData(orderKey(3))).toEqual({ id: 3 });
    expect(client.getQueryData(orderKey(62))).toEqual({ id: 62 });
    await vi.waitFor(async () => expect(await savedKeys()).toHaveLength(60));
  });

  it('reads the single record of releases before 0.26 once and rewrites it as one record per query', async () => {
    const savedAt = Date.now() - DAY;
    const queries = [record(orderKey(5), { id: 5 }, savedAt).query, record(['me'], { name: 'Teo' }, savedAt).query];
    await set(`queries:${OWNER}`, { savedAt, state: { mutations: [], queries } }, db);

    const client = new QueryClient();
    await restoreSavedQueries(client);
    expect(client.getQueryData(orderKey(5))).toEqual({ id: 5 });
    expect(client.getQueryData(['me'])).toEqual({ name: 'Teo' });
    expect(await savedKeys()).toEqual([`q:${OWNER}:${JSON.stringify(orderKey(5))}`, `q:${OWNER}:["me"]`].sort());
  });

  it('after logging out, an answer that arrives before the session is cleared is not written back; the next session saves again', async () => {
    const client = new QueryClient();
    stop = keepSavingQueries(client, () => {});
    client.setQueryData(orderKey(5), { id: 5 });
    await vi.waitFor(async () => expect(await savedKeys()).toHaveLength(1));

    await forgetSavedQueries(OWNER);
    expect(await savedKeys()).toEqual([]);
    // Going online again refetches every screen: one answer lands while 'Sair' is still finishing.
    client.setQueryData(orderKey(7), { id: 7 });
    // Its save runs on the next tick; a read asked for after that comes after any write it made.
    await new Promise((r) => setTimeout(r, 0));
    expect(await savedKeys()).toEqual([]);

    // The same technician logs in again (a new token): their screens are saved again.
    localStorage.setItem('jwt', fakeToken('worker').replace('.sig', '.sig2'));
    client.setQueryData(orderKey(8), { id: 8 });
    await vi.waitFor(async () => expect(await savedKeys()).toEqual([`q:${OWNER}:${JSON.stringify(orderKey(8))}`]));
  });
});
