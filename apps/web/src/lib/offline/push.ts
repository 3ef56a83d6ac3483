import { api } from '../api-client.ts';
import { decodeToken, getToken } from '../token.ts';
import { workerRegistration } from '../pwa.ts';

/**
 * Web Push on this device: 'Receber notificações neste aparelho' asks the browser's permission,
 * subscribes the service worker with the server's VAPID public key and gives the server the
 * subscription (POST …/push-subscriptions {endpoint, keys: {p256dh, auth}}). Logging out removes it
 * (DELETE with {endpoint}) and unsubscribes, so the next user of a shared phone gets none of them.
 * The worker shows what is pushed (src/sw.ts).
 */

export const pushMessages = {
  unsupported: 'Este aparelho ou navegador não recebe notificações do aplicativo.',
  denied:
    'As notificações estão bloqueadas para este site. Libere-as nas configurações do navegador e tente novamente.',
  noWorker: 'O aplicativo ainda está sendo instalado neste aparelho. Recarregue a página e tente novamente.',
  subscribed: 'Pronto: este aparelho vai receber as notificações.',
  unsubscribed: 'Este aparelho não vai mais receber as notificações.',
} as const;

/** Whether this browser can receive pushes at all (service worker, PushManager, notifications). */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  typeof Notification !== 'undefined';

const orgPath = () => {
  const user = decodeToken(getToken());
  return user ? `/organizations/${user.organizationId}` : null;
};

/** The VAPID key (base64url) as the bytes PushManager.subscribe takes. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The current subscription of this device, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await workerRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Subscribes this device; throws an Error with a pt-BR message the screen shows when it cannot. */
export async function subscribeToPush(): Promise<void> {
  const path = orgPath();
  if (!pushSupported() || !path) throw new Error(pushMessages.unsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(pushMessages.denied);
  const reg = await workerRegistration();
  if (!reg) throw new Error(pushMessages.noWorker);
  const { publicKey } = await api.get<{ publicKey: string }>('/push/vapid-public-key');
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) }));
  const json = subscription.toJSON();
  await api.post(`${path}/push-subscriptions`, {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
}

/** Tells the server to stop pushing to this device, then unsubscribes it (logging out, or the user's choice). */
export async function forgetPushSubscription(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  const path = orgPath();
  if (path)
    await api.delete(
      `${path}/push-subscriptions`,
      { quiet: true, noRetryPrompt: true },
      { endpoint: subscription.endpoint },
    );
  await subscription.unsubscribe();
}
