import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { SearchBox } from '../components/search-box.tsx';
import { baseFilterDefaults, usePersistedFilter } from './use-persisted-filter.ts';

const at =
  (url = '/list') =>
  ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;

describe('usePersistedFilter', () => {
  it('persists under the page key without skip, and restores on the first page', () => {
    const { result, unmount } = renderHook(() => usePersistedFilter('customers', baseFilterDefaults), {
      wrapper: at(),
    });
    act(() => result.current[1]({ q: 'joão', skip: 50, take: 25 }));
    expect(JSON.parse(localStorage.getItem('customers')!)).toEqual({ q: 'joão', take: 25 });
    unmount();
    const again = renderHook(() => usePersistedFilter('customers', baseFilterDefaults), { wrapper: at() });
    expect(again.result.current[0]).toEqual({ q: 'joão', skip: 0, take: 25 });
  });

  it('reset returns q, skip and take to the defaults and forgets the stored value', () => {
    localStorage.setItem('customers-invoices', JSON.stringify({ q: 'x', take: 50 }));
    const { result } = renderHook(() => usePersistedFilter('customers-invoices', baseFilterDefaults), {
      wrapper: at(),
    });
    expect(result.current[0].take).toBe(50);
    act(() => result.current[2]());
    expect(result.current[0]).toEqual(baseFilterDefaults);
    expect(localStorage.getItem('customers-invoices')).toBeNull();
  });

  it('a corrupt stored value falls back to the defaults', () => {
    localStorage.setItem('k', '{not json');
    const { result } = renderHook(() => usePersistedFilter('k', baseFilterDefaults), { wrapper: at() });
    expect(result.current[0]).toEqual(baseFilterDefaults);
  });

  const defaults = {
    ...baseFilterDefaults,
    state: [] as number[],
    isNotPaid: false,
    customer: null as null | { value: number; label: string },
  };

  it('keeps page, search and filter in the address bar, and reads them back from a shared link', () => {
    const { result } = renderHook(() => ({ f: usePersistedFilter('orders', defaults), location: useLocation() }), {
      wrapper: at('/invoices?tab=x'),
    });
    act(() =>
      result.current.f[1]({
        ...defaults,
        q: 'maria',
        skip: 50,
        state: [7, 10],
        customer: { value: 3, label: 'Maria' },
      }),
    );
    const search = new URLSearchParams(result.current.location.search);
    expect(search.get('skip')).toBe('50');
    expect(search.get('q')).toBe('maria');
    expect(search.get('state')).toBe('7,10');
    expect(search.get('tab')).toBe('x');
    expect(search.has('take')).toBe(false);

    const shared = renderHook(() => usePersistedFilter('other-key', defaults), {
      wrapper: at(`/invoices${result.current.location.search}`),
    });
    expect(shared.result.current[0]).toEqual({
      ...defaults,
      q: 'maria',
      skip: 50,
      state: [7, 10],
      customer: { value: 3, label: 'Maria' },
    });
  });

  it("a card's link (state=20&isNotPaid=true) wins over the stored filter", () => {
    localStorage.setItem('cards', JSON.stringify({ q: 'antigo' }));
    const { result } = renderHook(() => usePersistedFilter('cards', defaults), {
      wrapper: at('/invoices?state=20&isNotPaid=true'),
    });
    expect(result.current[0]).toEqual({ ...defaults, state: [20], isNotPaid: true });
  });

  it('url: false keeps a tab list out of the address bar', () => {
    const { result } = renderHook(
      () => ({ f: usePersistedFilter('tab', baseFilterDefaults, { url: false }), location: useLocation() }),
      { wrapper: at() },
    );
    act(() => result.current.f[1]({ ...baseFilterDefaults, skip: 25 }));
    expect(result.current.f[0].skip).toBe(25);
    expect(result.current.location.search).toBe('');
  });

  describe('a search still on its way to the address bar', () => {
    function List() {
      const [filter, setFilter] = usePersistedFilter('race', baseFilterDefaults);
      return (
        <>
          <SearchBox value={filter.q} onChange={(q) => setFilter({ ...filter, q, skip: 0 })} />
          <Link to="/list/7">Serviço 7</Link>
        </>
      );
    }
    /** The detail screen's code arrives only when the test says so, like a lazy route on a slow network. */
    function routerWithSlowDetail() {
      let arrive!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const router = createMemoryRouter(
        [
          { path: '/list', element: <List /> },
          { path: '/list/:id', lazy: () => arrived.then(() => ({ Component: () => <h1>Detalhe</h1> })) },
        ],
        { initialEntries: ['/list'] },
      );
      return { router, arrive };
    }
    const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

    it('does not undo a click on a row made before it was written', async () => {
      const { router, arrive } = routerWithSlowDetail();
      render(<RouterProvider router={router} />);
      await userEvent.type(screen.getByPlaceholderText('Digite para pesquisar'), 'gás');
      await userEvent.click(screen.getByRole('link', { name: 'Serviço 7' }));
      // The search's 300 ms pass while the detail screen is still loading.
      await wait(400);
      await act(async () => arrive());
      await screen.findByRole('heading', { name: 'Detalhe' });
      expect(router.state.location.pathname).toBe('/list/7');
    });

    it('is written once the list has stayed where it was', async () => {
      const { router } = routerWithSlowDetail();
      render(<RouterProvider router={router} />);
      await userEvent.type(screen.getByPlaceholderText('Digite para pesquisar'), 'gás');
      await wait(400);
      expect(router.state.location.pathname).toBe('/list');
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe('gás');
    });
  });
});
