import { z } from 'zod';

/** How far back and ahead the calendar feed lists visits. */
export const CALENDAR_FEED_DAYS_BACK = 60;
export const CALENDAR_FEED_DAYS_AHEAD = 365;

/** POST organizations/{orgId}/profile/calendar-link: the new link, shown once (only its hash is kept). */
export const calendarLinkResponse = z.object({ url: z.string() });
/** GET organizations/{orgId}/profile/calendar-link: whether a feed link is active, and since when. */
export const calendarLinkStatus = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarLinkStatus = z.infer<typeof calendarLinkStatus>;
