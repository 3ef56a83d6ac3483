/** What the page and the service worker (src/sw.ts) say to each other. */

/** The page asks a waiting new version to take over (the user chose 'Atualizar'). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
/** Background Sync tag under which the page asks to be woken when the network is back. */
export const OUTBOX_SYNC_TAG = 'outbox';
/** The worker asks the open windows to send their queue. */
export const OUTBOX_FLUSH_MESSAGE = 'outbox-flush';
/** The worker asks a window to open a path (a notification was clicked). */
export const NAVIGATE_MESSAGE = 'navigate';

export interface PushNotification {
  title: string;
  body: string;
  url: string;
}

/**
 * A push message's payload ({title, body, url}) as the notification shows it: missing or odd fields
 * get pt-BR defaults, and only a path of this app is kept as the link.
 */
export function pushNotification(payload: unknown): PushNotification {
  const p = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const url = text(p.url);
  return {
    title: text(p.title) || 'Ordem Certa',
    body: text(p.body),
    url: url.startsWith('/') && !url.startsWith('//') ? url : '/',
  };
}
