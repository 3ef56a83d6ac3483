import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { NAVIGATE_MESSAGE, OUTBOX_FLUSH_MESSAGE } from './offline/sw-protocol.ts';

/**
 * The service worker, seen from the page: registered once someone is signed in (a customer opening a
 * signing link gets none), and whether a new version is waiting. A new version never reloads the page
 * by itself: the frame shows 'Nova versão disponível' and the page reloads only when the user chooses
 * 'Atualizar' (else the new version takes over on the next open, once every window is closed).
 */
let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export interface WorkerHooks {
  /** The worker asks for the queue to be sent (Background Sync woke it). */
  flush(): void;
  /** A notification was clicked: open this path inside the app. */
  navigate(path: string): void;
}

/** Registers /sw.js (production builds only; the dev server has none). Safe to call more than once. */
export async function registerServiceWorker(hooks: WorkerHooks): Promise<void> {
  if (workbox || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => {
    waiting = true;
    notify();
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; path?: string } | null;
    if (data?.type === OUTBOX_FLUSH_MESSAGE) hooks.flush();
    if (data?.type === NAVIGATE_MESSAGE && typeof data.path === 'string') hooks.navigate(data.path);
  });
  // A phone keeps the app open for days: look for a new version when it comes back to the front.
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < 30 * 60_000) return;
    lastCheck = Date.now();
    void wb.update().catch(() => undefined);
  });
  try {
    await wb.register();
  } catch {
    // No worker (private mode, storage refused): the app works online as before.
    workbox = null;
  }
}

/** 'Atualizar': the waiting version takes over, then the page reloads into it. */
export function applyUpdate() {
  const wb = workbox;
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  // Sends {type: 'SKIP_WAITING'} to the waiting worker (SKIP_WAITING_MESSAGE, which src/sw.ts obeys).
  wb.messageSkipWaiting();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** True once a new version of the app is installed and waits for 'Atualizar'. */
export const useUpdateWaiting = () =>
  useSyncExternalStore(
    subscribe,
    () => waiting,
    () => false,
  );

/** The worker's registration, once there is one (push subscriptions, Background Sync). */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}
