// The bell's constants and badge, without zod (the list's schemas are in notifications.ts): the menu
// frame shows the bell on every screen, the technician's order included, without the validation library.

/** The badge shows this many at most, then '99+'. */
export const NOTIFICATION_BADGE_MAX = 99;
/** The bell asks the server for news this often (ms). */
export const NOTIFICATION_POLL_MS = 10_000;

export const badgeText = (unread: number) => (unread > NOTIFICATION_BADGE_MAX ? '99+' : String(unread));
