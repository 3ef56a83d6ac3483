import { ApiError } from './api-client.ts';

/**
 * What to say beside a field whose lookup failed: the server's own words for what it refused (not
 * found, malformed, too many), or `unavailable` when the server or the service behind it failed or
 * could not be reached — the cue to type the data by hand.
 */
export function lookupFailure(err: unknown, unavailable: string): string {
  if (err instanceof ApiError && err.status > 0 && err.status < 500) {
    return err.messages?.[0] ?? Object.values(err.fieldErrors ?? {})[0]?.[0] ?? unavailable;
  }
  return unavailable;
}
