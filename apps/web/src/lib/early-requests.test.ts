import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { TOKEN_STORAGE_KEY } from '@ordem-certa/contracts';
import { fakeToken } from '../test/fake-api.tsx';
import { prefetchInvoiceScreen } from '../features/invoices/api/prefetch-invoice-screen.ts';
import { api } from './api-client.ts';
import { meQueryOptions } from './auth.tsx';
import { EARLY_ANSWER_MS } from './early-requests.ts';
import indexHtml from '../../index.html?raw';

/** The script index.html runs while the page is read. */
const pageScript = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)![1]!;

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

/** A fetch that answers every request with its own URL, and records them. */
function echoFetch() {
  const fetchMock = vi.fn(async (url: string) => json({ url }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe("the page's early requests", () => {
  beforeEach(() => localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken('worker')));
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.earlyRequests;
    localStorage.clear();
    history.replaceState(null, '', '/');
  });

  it("ask, on an order's screen, for what the app asks for first there: no more, no less", async () => {
    history.replaceState(null, '', '/invoices/42/edit');
    const early = echoFetch();
    new Function(pageScript)();
    const asked = early.mock.calls.map(([url]) => url).sort();
    delete window.earlyRequests;

    const app = echoFetch();
    const queryClient = new QueryClient();
    void queryClient.prefetchQuery(meQueryOptions);
    prefetchInvoiceScreen(queryClient, '/organizations/1', 42);
    await vi.waitFor(() => expect(app).toHaveBeenCalledTimes(asked.length));
    expect(app.mock.calls.map(([url]) => url).sort()).toEqual(asked);
    expect(asked).toContain('/api/organizations/1/invoices/42');
  });

  it('ask only who is signed in elsewhere, and nothing without a live session', () => {
    history.replaceState(null, '', '/customers');
    const fetchMock = echoFetch();
    new Function(pageScript)();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/me']);

    delete window.earlyRequests;
    fetchMock.mockClear();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'not-a-token');
    new Function(pageScript)();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.earlyRequests).toBeUndefined();
  });

  it('are taken once by the same GET of the same session; the next one goes out', async () => {
    window.earlyRequests = {
      token: localStorage.getItem(TOKEN_STORAGE_KEY)!,
      at: Date.now(),
      responses: { '/me': Promise.resolve(json({ from: 'early' })) },
    };
    const fetchMock = echoFetch();
    expect(await api.get('/me')).toEqual({ from: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api.get('/me')).toEqual({ url: '/api/me' });
  });

  it('are not taken after a write, by another session, when late, or when they failed', async () => {
    const token = localStorage.getItem(TOKEN_STORAGE_KEY)!;
    const early = (at = Date.now(), answer: Response | null = json({ from: 'early' })) => ({
      token,
      at,
      responses: { '/me': Promise.resolve(answer) },
    });
    const fetchMock = echoFetch();

    window.earlyRequests = early();
    await api.post('/organizations/1/invoices/1/comments', { comment: 'x', type: 1 });
    expect(await api.get('/me')).toEqual({ url: '/api/me' });

    window.earlyRequests = early();
    localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken('admin'));
    expect(await api.get('/me')).toEqual({ url: '/api/me' });
    localStorage.setItem(TOKEN_STORAGE_KEY, token);

    window.earlyRequests = early(Date.now() - EARLY_ANSWER_MS - 1);
    expect(await api.get('/me')).toEqual({ url: '/api/me' });

    window.earlyRequests = early(Date.now(), null);
    expect(await api.get('/me')).toEqual({ url: '/api/me' });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });
});
