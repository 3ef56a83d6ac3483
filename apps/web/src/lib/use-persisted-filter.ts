import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_TAKE } from '@oficina/contracts';

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
 */
export function usePersistedFilter<T extends BaseFilter>(key: string, defaults: T, opts: { url?: boolean } = {}) {
  const inUrl = opts.url ?? true;
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<T>(() => stored(key, defaults));
  const fromUrl = useMemo(() => (inUrl ? fromParams(params, defaults) : null), [inUrl, params, defaults]);
  const filter = fromUrl ?? local;
  const current = useRef(filter);
  current.current = filter;

  const setFilter = useCallback(
    (next: T | ((prev: T) => T)) => {
      const value = typeof next === 'function' ? next(current.current) : next;
      current.current = value;
      const { skip: _skip, ...persisted } = value;
      localStorage.setItem(key, JSON.stringify(persisted));
      setLocal(value);
      if (inUrl) setParams((prev) => toParams(prev, value, defaults), { replace: true });
    },
    // defaults is expected to be a stable module-level object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, inUrl, setParams],
  );
  const reset = useCallback(() => {
    localStorage.removeItem(key);
    current.current = defaults;
    setLocal(defaults);
    if (inUrl) setParams((prev) => toParams(prev, defaults, defaults), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, inUrl, setParams]);
  return [filter, setFilter, reset] as const;
}
