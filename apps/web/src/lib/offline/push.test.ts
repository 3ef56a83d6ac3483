import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../token.ts';
import { forgetPushSubscription, pushMessages, subscribeToPush, vapidKeyBytes } from './push.ts';
import { pushNotification } from './sw-protocol.ts';

// The push client against the server's contract, with fetch and the browser's push objects stood in
// (no push service in jsdom): GET /api/push/vapid-public-key → {publicKey}; POST and DELETE
// …/organizations/{orgId}/push-subscriptions.

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const token = `${b64({ alg: 'HS256' })}.${b64({
  sub: '7',
  name: 'Tecnico',
  email: 't@x.com',
  roles: ['collaborator'],
  organizationId: 3,
  exp: Math.floor(Date.now() / 1000) + 3600,
})}.sig`;
const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function browserWith(permission: NotificationPermission, existing: PushSubscription | null = null) {
  const subscription = {
    endpoint: 'https://push.example/abc',
    toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'P256', auth: 'AUTH' } }),
    unsubscribe: vi.fn(async () => true),
  } as unknown as PushSubscription;
  const pushManager = {
    getSubscription: vi.fn(async () => existing),
    subscribe: vi.fn(async () => subscription),
  };
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => ({ pushManager })) },
  });
  const calls: Array<{ method: string; url: string; body: unknown; auth: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        auth: headers.get('authorization'),
      });
      if (url === '/api/push/vapid-public-key') return new Response(JSON.stringify({ publicKey: KEY }));
      return new Response(null, { status: init.method === 'DELETE' ? 204 : 201 });
    }),
  );
  return { pushManager, subscription, calls };
}

describe('push client', () => {
  beforeEach(() => setToken(token));
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it("subscribes with the server's VAPID key and gives the server the subscription", async () => {
    const b = browserWith('granted');
    await subscribeToPush();
    expect(b.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(KEY),
    });
    expect(vapidKeyBytes(KEY)).toHaveLength(65);
    expect(b.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/push/vapid-public-key',
      'POST /api/organizations/3/push-subscriptions',
    ]);
    expect(b.calls[1]).toMatchObject({
      body: { endpoint: 'https://push.example/abc', keys: { p256dh: 'P256', auth: 'AUTH' } },
      auth: `Bearer ${token}`,
    });
  });

  it('refused notifications: a pt-BR explanation and nothing sent', async () => {
    const b = browserWith('denied');
    await expect(subscribeToPush()).rejects.toThrow(pushMessages.denied);
    expect(b.calls).toEqual([]);
    expect(b.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('forgetting the device tells the server which endpoint, then unsubscribes', async () => {
    const existing = browserWith('granted').subscription;
    const b = browserWith('granted', existing);
    await forgetPushSubscription();
    expect(b.calls).toEqual([
      {
        method: 'DELETE',
        url: '/api/organizations/3/push-subscriptions',
        body: { endpoint: 'https://push.example/abc' },
        auth: `Bearer ${token}`,
      },
    ]);
    expect(existing.unsubscribe).toHaveBeenCalled();
  });

  it('shows a pushed payload with defaults, and links only inside the app', () => {
    expect(pushNotification({ title: 'OS 12 assinada', body: 'Maria assinou', url: '/invoices/12/edit' })).toEqual({
      title: 'OS 12 assinada',
      body: 'Maria assinou',
      url: '/invoices/12/edit',
    });
    expect(pushNotification({ url: 'https://evil.example/x' })).toEqual({ title: 'Ordem Certa', body: '', url: '/' });
    expect(pushNotification({ url: '//evil.example/x' }).url).toBe('/');
    expect(pushNotification(null)).toEqual({ title: 'Ordem Certa', body: '', url: '/' });
  });
});
