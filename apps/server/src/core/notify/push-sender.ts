import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { PushPayload } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import type { WrittenNotification } from './notify.ts';
import { DestinationRefused, sendOnce } from '../../lib/outbound.ts';
import type { PushEndpoints } from './push-endpoints.ts';
import type { VapidKeys } from './vapid.ts';
import { loadWebPush } from './web-push.ts';

/** Pushes in flight at once, process-wide: a burst of notifications never takes every socket. */
const CONCURRENCY = 4;
/** A push service that has not answered by then is given up on (the notification stays in the bell). */
const TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a phone that is off: a day. */
const TTL_SECONDS = 24 * 60 * 60;

export interface PushSender {
  /** Queues a push of each notification to its user's subscriptions; returns at once. */
  send(written: WrittenNotification[]): void;
  /** Resolves when nothing is queued or in flight (tests, and closing the app). */
  idle(): Promise<void>;
}

const ps = schema.pushSubscriptions;

/**
 * Sends notifications by Web Push, after their transaction committed (`onNotificationsCommitted`),
 * best-effort: each to every subscription of its user, encrypted for that browser (RFC 8291,
 * aes128gcm) and signed with the VAPID key (RFC 8292), at most CONCURRENCY at once. Whatever fails
 * is logged and dropped — the notification is in the bell anyway; a 404 or 410 from the push service
 * means the subscription is gone, and its row is deleted. The push service is the one the
 * subscription's endpoint names, checked again before each push (`PushEndpoints`: a push service's
 * host, resolved now to a public address, which is the one connected to); redirects are not followed.
 */
export function createPushSender(
  db: Db,
  log: FastifyBaseLogger,
  vapid: () => Promise<VapidKeys>,
  endpoints: PushEndpoints,
): PushSender {
  const queue: Array<() => Promise<void>> = [];
  let running = 0;
  let waiters: Array<() => void> = [];

  const settle = () => {
    if (running || queue.length) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };
  const pump = () => {
    while (running < CONCURRENCY && queue.length) {
      const task = queue.shift()!;
      running++;
      void task()
        .catch((err) => log.warn({ err }, 'push failed'))
        .finally(() => {
          running--;
          pump();
          settle();
        });
    }
  };
  const enqueue = (task: () => Promise<void>) => {
    queue.push(task);
    pump();
  };

  async function pushTo(subscription: typeof ps.$inferSelect, payload: string) {
    const problem = await endpoints.problem(subscription.endpoint);
    if (problem) {
      log.warn({ subscription: subscription.id, problem }, 'push endpoint refused');
      return;
    }
    const keys = await vapid();
    const webpush = await loadWebPush();
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    let status: number;
    try {
      status = await sendOnce(new URL(request.endpoint), {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        lookup: endpoints.lookup,
        timeoutMs: TIMEOUT_MS,
      });
    } catch (err) {
      if (!(err instanceof DestinationRefused)) throw err;
      log.warn({ subscription: subscription.id, reason: err.reason }, 'push endpoint refused when connecting');
      return;
    }
    if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired: it will never take a push again.
      await db.delete(ps).where(and(eq(ps.id, subscription.id), eq(ps.endpoint, subscription.endpoint)));
    } else if (status < 200 || status > 299) {
      log.warn({ status, subscription: subscription.id }, 'push service refused a push');
    }
  }

  return {
    send(written) {
      for (const notification of written) {
        enqueue(async () => {
          const subscriptions = await db
            .select()
            .from(ps)
            .where(and(eq(ps.organizationId, notification.organizationId), eq(ps.userId, notification.userId)));
          const payload: PushPayload = {
            title: notification.title,
            body: notification.description,
            url: notification.url,
          };
          const text = JSON.stringify(payload);
          for (const subscription of subscriptions) enqueue(() => pushTo(subscription, text));
        });
      }
    },
    idle() {
      if (!running && !queue.length) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
