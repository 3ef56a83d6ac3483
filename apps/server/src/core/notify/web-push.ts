import type WebPush from 'web-push';
import { onFirstUse } from '../../lib/on-first-use.ts';

/**
 * web-push (with its encryption and JWT libraries, about 4 MB of the process's memory) is loaded when the
 * first notification is sent or the keys are first made, not at start.
 */
export const loadWebPush = onFirstUse(() => import('web-push').then((m) => (m.default ?? m) as typeof WebPush));
