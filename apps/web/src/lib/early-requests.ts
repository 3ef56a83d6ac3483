/**
 * The answers index.html's own script asked for while the page was still being read (who is signed in;
 * on an order's screen, the order, its photos and its state changes), so they arrive beside the app's
 * code instead of after it. An answer is taken once, by a GET of the same path with the same session,
 * within EARLY_ANSWER_MS of the page's start and before any write: after a write, or later, it could
 * be older than what the server now holds, and the request goes out as usual.
 */
interface EarlyRequests {
  token: string;
  /** When they were sent (ms since the epoch). */
  at: number;
  /** By API path ('/me'); null when the request failed (no network). */
  responses: Record<string, Promise<Response | null>>;
}

declare global {
  interface Window {
    earlyRequests?: EarlyRequests;
  }
}

export const EARLY_ANSWER_MS = 30_000;

/** The early answer for a GET of `path` sent with `token`, taken once; undefined when there is none. */
export function takeEarlyAnswer(path: string, token: string | null): Promise<Response | null> | undefined {
  const early = window.earlyRequests;
  if (!early) return undefined;
  if (early.token !== token || Date.now() - early.at > EARLY_ANSWER_MS) {
    dropEarlyAnswers();
    return undefined;
  }
  const answer = early.responses[path];
  delete early.responses[path];
  return answer;
}

/** Forgets the early answers (a write was sent: they may no longer be what the server holds). */
export function dropEarlyAnswers() {
  delete window.earlyRequests;
}
