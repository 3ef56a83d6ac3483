import fp from 'fastify-plugin';
import { onNotificationsCommitted } from '../core/notify/notify.ts';
import { createPushSender, type PushSender } from '../core/notify/push-sender.ts';
import { loadVapidKeys, type VapidKeys } from '../core/notify/vapid.ts';
import { createPushEndpoints, type PushEndpoints } from '../core/notify/push-endpoints.ts';
import { systemResolve, type Resolve } from '../lib/outbound.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Web Push key pair (loaded or generated on first use). */
    vapid: () => Promise<VapidKeys>;
    /** Sends committed notifications to their users' phones. */
    push: PushSender;
    /** Which push subscription endpoints the server sends to, and how it connects to them. */
    pushEndpoints: PushEndpoints;
  }
}

/** Every notification committed is pushed to its user's phones, after its transaction. */
export const pushPlugin = fp<{ resolve?: Resolve }>(
  async (app, { resolve }) => {
    const { db } = app;
    const { vapidPublicKey, vapidPrivateKey, vapidSubject, appUrl, pushAllowedHosts, pushAllowLocalhost } = app.config;
    // The VAPID keys are read (or made) once, when first needed; a failure is tried again next time.
    let vapid: Promise<VapidKeys> | undefined;
    app.decorate('vapid', () => {
      vapid ??= loadVapidKeys(
        db,
        { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject: vapidSubject },
        appUrl,
      ).catch((err) => {
        vapid = undefined;
        throw err;
      });
      return vapid;
    });
    // Host names of the endpoints resolve through `resolve` (tests give a stub; default: the system's).
    app.decorate(
      'pushEndpoints',
      createPushEndpoints({
        allowedHosts: pushAllowedHosts,
        allowLocalhost: pushAllowLocalhost,
        resolve: resolve ?? systemResolve,
      }),
    );
    app.decorate('push', createPushSender(db, app.log, app.vapid, app.pushEndpoints));
    const stopPushing = onNotificationsCommitted(db, (written) => app.push.send(written));
    app.addHook('onClose', async () => {
      stopPushing();
      await app.push.idle();
    });
  },
  { name: 'push', dependencies: ['db', 'config'] },
);
