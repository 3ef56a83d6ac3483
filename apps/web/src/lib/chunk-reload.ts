/**
 * After a deploy, the files of the previous build are gone: a screen opened from a page loaded before
 * it asks for a file that no longer exists. Loading the page again brings the new build, so the app
 * does that by itself — once: the time of the reload is kept in this tab, and a second failure soon
 * after shows the error page instead of reloading in a loop.
 */

const KEY = 'chunk-reload-at';
/** A failure this long after the automatic reload is a new deploy again, not the same one. */
export const RELOAD_WINDOW_MS = 60_000;

/** The messages browsers give a dynamic import (or its preload) that could not be fetched. */
export function isChunkLoadError(err: unknown): boolean {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script|ChunkLoadError/i.test(
    text,
  );
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
  now(): number;
  online(): boolean;
  /** This page has started its reload (until it goes, every error page waits for it). */
  started?: boolean;
}

const browser: ReloadDeps = {
  storage: typeof sessionStorage === 'undefined' ? { getItem: () => null, setItem: () => {} } : sessionStorage,
  reload: () => window.location.reload(),
  now: () => Date.now(),
  online: () => navigator.onLine,
};

/**
 * Reloads the page for a missing code file unless it already did so a moment ago, or the browser is
 * offline (a reload would only show the browser's own offline page). True when it reloads, or has
 * started to.
 */
export function reloadOnceForMissingChunk(err: unknown, deps: ReloadDeps = browser): boolean {
  if (!isChunkLoadError(err) || !deps.online()) return false;
  // A second error page of the same failure (the router may draw one more before the reload goes) shows
  // the spinner too, not 'Algo deu errado' for the moment the reload takes.
  if (deps.started) return true;
  let last = NaN;
  try {
    last = Number(deps.storage.getItem(KEY));
  } catch {
    return false;
  }
  const now = deps.now();
  if (last && now - last < RELOAD_WINDOW_MS) return false;
  try {
    deps.storage.setItem(KEY, String(now));
  } catch {
    // Without storage there is no guard against a loop: no automatic reload.
    return false;
  }
  deps.started = true;
  deps.reload();
  return true;
}
