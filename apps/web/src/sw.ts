/**
 * The service worker (built by vite-plugin-pwa's injectManifest into /sw.js).
 *
 * - Keeps the app shell and the technician's screens on the phone (the precache list Workbox writes
 *   into __WB_MANIFEST at build), so the app opens without a network; other files go to the network
 *   as they would without a worker.
 * - Any navigation to a screen gets the kept index.html; /api/ never does (a PDF or calendar link
 *   must reach the server or fail as such).
 * - A new version waits: the page shows 'Nova versão disponível' and sends SKIP_WAITING when the user
 *   asks; otherwise it takes over when every window of the app is closed, on the next open.
 * - Background Sync: the 'outbox' tag wakes the open windows, which send their queue (the session
 *   token lives in the page, so the worker sends nothing itself).
 * - Web Push: shows the pushed {title, body, url}; a click opens `url` in the app's window (or a new one).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  NAVIGATE_MESSAGE,
  OUTBOX_FLUSH_MESSAGE,
  OUTBOX_SYNC_TAG,
  SKIP_WAITING_MESSAGE,
  pushNotification,
} from './lib/offline/sw-protocol.ts';

// The worker's own globals, typed here: the project is typed with the DOM library, not WebWorker.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  postMessage(message: unknown): void;
}
interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: ExtendableEvent & { data: unknown }) => void): void;
  addEventListener(type: 'sync', listener: (event: ExtendableEvent & { tag: string }) => void): void;
  addEventListener(
    type: 'push',
    listener: (event: ExtendableEvent & { data: { json(): unknown; text(): string } | null }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: ExtendableEvent & { notification: Notification }) => void,
  ): void;
}
declare const self: WorkerScope;

// oxlint-disable-next-line no-underscore-dangle -- the name Workbox replaces with the list at build
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's client, not a window
      for (const w of windows) w.postMessage({ type: OUTBOX_FLUSH_MESSAGE });
    }),
  );
});

self.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json() ?? null;
  } catch {
    payload = { body: event.data?.text() ?? '' };
  }
  const { title, body, url } = pushNotification(payload);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin);
  // Only this app's own pages: a pushed link elsewhere opens the home page instead.
  const target = url.origin === self.location.origin ? url.href : self.location.origin + '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows[0];
      if (open) {
        // The window moves through its own router, so a form being filled asks before it is left.
        // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's client, not a window
        open.postMessage({ type: NAVIGATE_MESSAGE, path: target.slice(self.location.origin.length) });
        await open.focus();
        return;
      }
      await self.clients.openWindow(target);
    }),
  );
});
