import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { baseFilterDefaults, usePersistedFilter } from './use-persisted-filter.ts';

describe('usePersistedFilter', () => {
  it('persists under the page key without skip, and restores on the first page', () => {
    const { result, unmount } = renderHook(() => usePersistedFilter('customers', baseFilterDefaults));
    act(() => result.current[1]({ q: 'joão', skip: 50, take: 25 }));
    expect(JSON.parse(localStorage.getItem('customers')!)).toEqual({ q: 'joão', take: 25 });
    unmount();
    const again = renderHook(() => usePersistedFilter('customers', baseFilterDefaults));
    expect(again.result.current[0]).toEqual({ q: 'joão', skip: 0, take: 25 });
  });

  it('reset returns q, skip and take to the defaults and forgets the stored value', () => {
    localStorage.setItem('customers-invoices', JSON.stringify({ q: 'x', take: 50 }));
    const { result } = renderHook(() => usePersistedFilter('customers-invoices', baseFilterDefaults));
    expect(result.current[0].take).toBe(50);
    act(() => result.current[2]());
    expect(result.current[0]).toEqual(baseFilterDefaults);
    expect(localStorage.getItem('customers-invoices')).toBeNull();
  });

  it('a corrupt stored value falls back to the defaults', () => {
    localStorage.setItem('k', '{not json');
    const { result } = renderHook(() => usePersistedFilter('k', baseFilterDefaults));
    expect(result.current[0]).toEqual(baseFilterDefaults);
  });
});
