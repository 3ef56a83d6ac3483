import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';
import { DEFAULT_TAKE } from '@ordem-certa/contracts';

export interface BaseFilter {
  q?: string;
  skip: number;
  take: number;
}

export const baseFilterDefaults: BaseFilter = { q: '', skip: 0, take: DEFAULT_TAKE };

/**
 * The filter in the address bar: only what differs from the defaults, numbers and text as they are,
 * number lists comma-joined (state=7,10), anything else (a picked customer with its label) as JSON.
 */
function toParams<T extends BaseFilter>(prev: URLSearchParams, value: T, defaults: T): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const key of Object.keys(defaults)) {
    next.delete(key);
    const v = value[key as keyof T];
    if (v === undefined || v === null || JSON.stringify(v) === JSON.stringify(defaults[key as keyof T])) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') next.set(key, String(v));
    else if (Array.isArray(v) && v.every((x) => typeof x === 'number')) next.set(key, v.join(','));
    else next.set(key, JSON.stringify(v));
  }
  return next;
}

/** The filter read back from the address bar, or null when it names none of the filter's keys. */
function fromParams<T extends BaseFilter>(params: URLSearchParams, defaults: T): T | null {
  const keys = Object.keys(defaults).filter((k) => params.has(k));
  if (!keys.length) return null;
  const out: Record<string, unknown> = { ...(defaults as unknown as Record<string, unknown>) };
  for (const key of keys) {
    const raw = params.get(key)!;
    const d = defaults[key as keyof T];
    try {
      if (typeof d === 'number') out[key] = Number.isFinite(Number(raw)) ? Number(raw) : d;
      else if (typeof d === 'boolean') out[key] = raw === 'true';
      else if (typeof d === 'string') out[key] = raw;
      else if (Array.isArray(d) && !raw.startsWith('[')) out[key] = raw ? raw.split(',').map(Number) : [];
      else out[key] = JSON.parse(raw);
    } catch {
      // A hand-edited value that does not parse keeps the default.
    }
  }
  return out as T;
}

function stored<T extends BaseFilter>(key: string, defaults: T): T {
  try {
    const value = localStorage.getItem(key);
    if (value) return { ...defaults, ...(JSON.parse(value) as Partial<T>), skip: 0 };
  } catch {
    // A corrupt entry falls back to the defaults.
  }
  return defaults;
}

/**
 * A list's page, filter and search. In the address bar (unless `url: false`, for a list inside a tab),
 * so Back from an order opened on page 3 returns to page 3 and a filtered list can be shared; and in
 * localStorage under the page's own key (e.g. 'customers'), without skip, so opening the list
 * afresh keeps the filter and starts on the first page. The address bar wins when it names the filter.
 * reset() returns to the defaults.
 *
 * A search is applied a moment after typing stops, so the user may already have clicked a row: the
 * address bar is then never written while a navigation is under way (writing it would replace that
 * navigation and keep the user on the list); it is written when the navigation ends only if the list
 * is still the screen shown, and dropped when the screen changed or the list was closed.
 */
export function usePersistedFilter<T extends BaseFilter>(key: string, defaults: T, opts: { url?: boolean } = {}) {
  const inUrl = opts.url ?? true;
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<T>(() => stored(key, defaults));
  const fromUrl = useMemo(() => (inUrl ? fromParams(params, defaults) : null), [inUrl, params, defaults]);
  const filter = fromUrl ?? local;
  const current = useRef(filter);
  current.current = filter;
  const writeUrl = useAddressBarWriter(setParams);

  const setFilter = useCallback(
    (next: T | ((prev: T) => T)) => {
      const value = typeof next === 'function' ? next(current.current) : next;
      current.current = value;
      const { skip: _skip, ...persisted } = value;
      localStorage.setItem(key, JSON.stringify(persisted));
      setLocal(value);
      if (inUrl) writeUrl((prev) => toParams(prev, value, defaults));
    },
    // defaults is expected to be a stable module-level object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, inUrl, writeUrl],
  );
  const reset = useCallback(() => {
    localStorage.removeItem(key);
    current.current = defaults;
    setLocal(defaults);
    if (inUrl) writeUrl((prev) => toParams(prev, defaults, defaults));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, inUrl, writeUrl]);
  return [filter, setFilter, reset] as const;
}

type ParamsUpdate = (prev: URLSearchParams) => URLSearchParams;

/**
 * Replaces the address bar's query for the screen that rendered the list, never over a navigation:
 * while one is pending the write waits for it to end, and is dropped if the path changed meanwhile or
 * the list was unmounted. The router's own state is read at the moment of the write (not the one of
 * the last render), so a click made a few milliseconds earlier is already seen. Outside a data router
 * (tests' MemoryRouter) navigations are immediate and the write goes straight through.
 */
function useAddressBarWriter(setParams: ReturnType<typeof useSearchParams>[1]) {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const { pathname } = useLocation();
  const waiting = useRef<ParamsUpdate | null>(null);
  const shownAt = useRef(pathname);
  const write = useRef(setParams);
  useLayoutEffect(() => {
    shownAt.current = pathname;
    write.current = setParams;
  });

  useEffect(() => {
    if (!router) return;
    const unsubscribe = router.subscribe((state) => {
      const update = waiting.current;
      if (!update || state.navigation.state !== 'idle') return;
      waiting.current = null;
      if (state.location.pathname === shownAt.current) write.current(update, { replace: true });
    });
    return () => {
      unsubscribe();
      waiting.current = null;
    };
  }, [router]);

  return useCallback(
    (update: ParamsUpdate) => {
      if (router) {
        if (router.state.location.pathname !== shownAt.current) return;
        if (router.state.navigation.state !== 'idle') {
          waiting.current = update;
          return;
        }
      }
      setParams(update, { replace: true });
    },
    [router, setParams],
  );
}
