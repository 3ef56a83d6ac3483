import { useCallback, useState } from 'react';
import { DEFAULT_TAKE } from '@oficina/contracts';

export interface BaseFilter {
  q?: string;
  skip: number;
  take: number;
}

export const baseFilterDefaults: BaseFilter = { q: '', skip: 0, take: DEFAULT_TAKE };

/**
 * A list filter kept in localStorage under a page key (spec §4: keys such as 'customers'), without skip:
 * a reload keeps the filter and returns to the first page. reset() returns to the defaults.
 */
export function usePersistedFilter<T extends BaseFilter>(key: string, defaults: T) {
  const [filter, setFilterState] = useState<T>(() => {
    try {
      const stored = localStorage.getItem(key);
      if (stored) return { ...defaults, ...(JSON.parse(stored) as Partial<T>), skip: 0 };
    } catch {
      // A corrupt entry falls back to the defaults.
    }
    return defaults;
  });
  const setFilter = useCallback(
    (next: T | ((prev: T) => T)) => {
      setFilterState((prev) => {
        const value = typeof next === 'function' ? next(prev) : next;
        const { skip: _skip, ...persisted } = value;
        localStorage.setItem(key, JSON.stringify(persisted));
        return value;
      });
    },
    [key],
  );
  const reset = useCallback(() => {
    localStorage.removeItem(key);
    setFilterState(defaults);
    // defaults is expected to be a stable module-level object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return [filter, setFilter, reset] as const;
}
