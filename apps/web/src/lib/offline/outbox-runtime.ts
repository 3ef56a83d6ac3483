import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { del, set, values } from 'idb-keyval';
import { DEVICE_TIME_HEADER, IDEMPOTENCY_HEADER } from '@ordem-certa/contracts';
import { API_BASE, ApiError, endSession, newIdempotencyKey, UserMessageError } from '../api-client.ts';
import { markConnection } from '../connection.tsx';
import { decodeToken, getToken } from '../token.ts';
import { Outbox, type OutboxDraft, type OutboxItem, type OutboxStore, type SendAnswer } from './outbox.ts';
import { OUTBOX_SYNC_TAG } from './sw-protocol.ts';
import { sessionOwner } from './saved-queries.ts';
import { outboxDb } from './outbox-owners.ts';

/**
 * The outbox of this browser (outbox.ts): its items in IndexedDB (database 'oficina-outbox', one
 * record per item, photos as Blobs), sent with fetch, one round at a time across tabs (Web Locks), and
 * the hooks the screens read it with. Rounds start when the app starts, the network comes back
 * (`online`), the worker's Background Sync wakes the page, a write is queued, and on the retry timer.
 */

const idb = outboxDb;

/** Raised when the phone has no room to keep an action: the screen says so. */
export class OutboxFullError extends UserMessageError {
  constructor() {
    super('Sem espaço no aparelho para guardar este envio. Libere espaço (fotos, aplicativos) e tente novamente.');
  }
}

const isQuotaError = (err: unknown) =>
  err instanceof DOMException && (err.name === 'QuotaExceededError' || err.name === 'NS_ERROR_DOM_QUOTA_REACHED');

const idbStore: OutboxStore = {
  all: async () => (typeof indexedDB === 'undefined' ? [] : values<OutboxItem>(idb())),
  put: async (item) => {
    try {
      await set(item.key, item, idb());
    } catch (err) {
      throw isQuotaError(err) ? new OutboxFullError() : err;
    }
  },
  delete: (key) => del(key, idb()),
};

async function send(item: OutboxItem, token: string | null): Promise<SendAnswer> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [IDEMPOTENCY_HEADER]: item.sendKey ?? item.key,
    [DEVICE_TIME_HEADER]: new Date().toISOString(),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit;
  const { file, json } = item.request;
  if (file) {
    const form = new FormData();
    form.append(file.field, file.blob, file.name);
    body = form;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json ?? {});
  }
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${item.request.path}`, { method: item.request.method ?? 'POST', headers, body });
  } catch (err) {
    markConnection(false);
    throw err;
  }
  markConnection(true);
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

/**
 * The signed-in user's items as the screens see them: read again from IndexedDB on every change (in
 * this tab, or another one through a BroadcastChannel), with a blob: URL per waiting photo, released
 * once the photo is sent or discarded.
 */
let snapshot: OutboxItem[] = [];
const photoUrls = new Map<string, string>();
const listeners = new Set<() => void>();
let reading = 0;
async function reread() {
  const mine = ++reading;
  const owner = sessionOwner();
  const list = owner ? await outbox.items(owner).catch(() => snapshot) : [];
  if (mine !== reading) return;
  const keys = new Set(list.map((i) => i.key));
  for (const [key, url] of photoUrls)
    if (!keys.has(key)) {
      URL.revokeObjectURL(url);
      photoUrls.delete(key);
    }
  snapshot = list;
  listeners.forEach((l) => l());
}
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('oficina-outbox');
channel?.addEventListener('message', () => void reread());

let queryClient: QueryClient | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

export const outbox = new Outbox({
  store: idbStore,
  send,
  session: () => {
    const token = getToken();
    const owner = sessionOwner();
    return token && owner ? { owner, token } : null;
  },
  now: () => Date.now(),
  onDelivered: (item) => {
    // What the screen showed as pending is now the server's: read the order again.
    void queryClient?.invalidateQueries({ queryKey: ['invoice'], predicate: (q) => q.queryKey[2] === item.invoiceId });
    void queryClient?.invalidateQueries({ queryKey: ['invoices'] });
    void queryClient?.invalidateQueries({ queryKey: ['agenda'] });
  },
  onSessionEnded: (token) => {
    // As any 401: back to the login, and the items stay in IndexedDB for the next login as this user;
    // unless the profile save renewed the session meanwhile: then they go out under the new one.
    void endSession(token).then((outcome) => {
      if (outcome === 'renewed') flushOutbox(true);
    });
  },
  schedule: (ms, run) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
  },
  exclusive: (fn) =>
    typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('oficina-outbox', fn) : fn(),
  newKey: newIdempotencyKey,
  changed: () => {
    void reread();
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a BroadcastChannel, not a window
    channel?.postMessage('changed');
  },
});

/** Sends what waits; errors (storage gone) are left for the next round. */
export const flushOutbox = (now = false) => {
  void outbox.flush(now).catch(() => undefined);
};

/** Asks the worker to wake the page when the network is back (Background Sync, where the browser has it). */
async function requestSync() {
  try {
    const reg = await navigator.serviceWorker?.getRegistration('/');
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)
      ?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync: the 'online' event and the next start send the queue.
  }
}

/** Starts sending for the signed-in user (the menu frame calls it); returns the function that stops it. */
export function startOutbox(client: QueryClient): () => void {
  queryClient = client;
  void reread();
  const online = () => flushOutbox(true);
  window.addEventListener('online', online);
  flushOutbox(true);
  return () => window.removeEventListener('online', online);
}

/**
 * A technician's write: sent now with its Idempotency-Key when the network is there, else (offline,
 * no answer, or an earlier action on this order still waiting) kept in the outbox with that same key
 * and shown as 'pendente de envio'. `direct` is the usual request, made with the key it is given (with a
 * key, a request that reaches no server must throw at once instead of asking to try again).
 * Answers other than "no connection" (a 422 under a field, a 409) reach the caller as before.
 */
export async function sendOrQueue(
  draft: Omit<OutboxDraft, 'owner' | 'ownerName'>,
  direct: (key: string | undefined) => Promise<unknown>,
): Promise<'sent' | 'queued'> {
  const user = decodeToken(getToken());
  const owner = sessionOwner();
  // No session (a customer signing on their own phone): the usual request, nothing kept.
  if (!user || !owner) return direct(undefined).then(() => 'sent');
  const full: OutboxDraft = { ...draft, owner, ownerName: user.name };
  const queue = async () => {
    await outbox.enqueue(full);
    void requestSync();
    flushOutbox();
    return 'queued' as const;
  };
  if (navigator.onLine === false || (await outbox.waitingFor(owner, draft.invoiceId))) return queue();
  try {
    await direct(draft.key);
    return 'sent';
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) return queue();
    throw err;
  }
}

/** This user's waiting items, oldest first (re-read whenever the outbox changes, in any tab). */
export function useOutboxItems(): OutboxItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
    () => snapshot,
  );
}

/** A blob: URL of a waiting photo (the same one while the item waits). */
export function pendingPhotoUrl(item: OutboxItem): string | null {
  const blob = item.request.file?.blob;
  if (!blob) return null;
  let url = photoUrls.get(item.key);
  if (!url) {
    url = URL.createObjectURL(blob);
    photoUrls.set(item.key, url);
  }
  return url;
}

/** The waiting items of one order. */
export const usePendingFor = (invoiceId: number) => useOutboxItems().filter((i) => i.invoiceId === invoiceId);

/** What the screen says once an action was kept on the phone. */
export const QUEUED_MESSAGE = 'Sem conexão: guardado neste aparelho. Será enviado assim que houver conexão.';
