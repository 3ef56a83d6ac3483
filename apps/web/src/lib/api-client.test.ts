import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idempotencyMessages, messages } from '@ordem-certa/contracts';
import { api, ApiError, clientEffects, isRepeatInFlight, newIdempotencyKey } from './api-client.ts';

const respond = (status: number, body?: unknown) =>
  vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status }));

/** A fetch whose requests wait until the test answers them, in the order they were sent: answer(n, …). */
function heldFetch() {
  const pending: Array<(r: Response) => void> = [];
  const fetchMock = vi.fn(() => new Promise<Response>((r) => pending.push(r)));
  vi.stubGlobal('fetch', fetchMock);
  const answer = (n: number, status: number, body: unknown) =>
    pending[n]!(new Response(JSON.stringify(body), { status }));
  return { fetchMock, answer };
}

describe('api client and the error catalogue', () => {
  let reload: ReturnType<typeof vi.fn>;
  let alert: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    reload = vi.fn();
    alert = vi.fn();
    clientEffects.reload = reload as () => void;
    clientEffects.alert = alert as (t: string) => void;
    localStorage.setItem('jwt', 'token-123');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and parses JSON', async () => {
    const fetchMock = respond(200, { ok: 1 });
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.get('/x', { q: 'a', skip: 0, status: [1, 2], empty: '' })).toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x?q=a&skip=0&status=1&status=2');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-123');
  });

  it("a write's Idempotency-Key goes in its header; none without one", async () => {
    const fetchMock = respond(201, { id: 1 });
    vi.stubGlobal('fetch', fetchMock);
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    await api.post('/x', { a: 1 }, { idempotencyKey: key });
    await api.post('/x', { a: 1 });
    const headers = fetchMock.mock.calls.map(
      (call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(headers).toEqual([key, undefined]);
  });

  it('a 409 for a repeat still running is told apart from other conflicts', async () => {
    vi.stubGlobal('fetch', respond(409, { errors: [idempotencyMessages.inFlight] }));
    const repeat = await api.post('/x', {}).catch((err: unknown) => err);
    expect(isRepeatInFlight(repeat)).toBe(true);
    vi.stubGlobal('fetch', respond(409, { errors: ['Outro conflito'] }));
    expect(isRepeatInFlight(await api.post('/x', {}).catch((err: unknown) => err))).toBe(false);
  });

  it('401 from any call but login removes the token and reloads', async () => {
    vi.stubGlobal('fetch', respond(401, { errors: ['x'] }));
    await expect(api.get('/me')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a 401 for a request of no session (sent after Sair) or of a session replaced since reloads nothing', async () => {
    vi.stubGlobal('fetch', respond(401, { errors: ['x'] }));
    localStorage.removeItem('jwt');
    await expect(api.get('/organizations/1/invoices/7')).rejects.toMatchObject({ status: 401 });
    expect(reload).not.toHaveBeenCalled();

    localStorage.setItem('jwt', 'token-old');
    const { answer } = heldFetch();
    const late = api.get('/me').catch((err: unknown) => err);
    // Another login while it was on its way.
    localStorage.setItem('jwt', 'token-new');
    answer(0, 401, { errors: ['x'] });
    expect(await late).toMatchObject({ status: 401 });
    expect(localStorage.getItem('jwt')).toBe('token-new');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a 401 that comes back while the profile save renews the session waits for it and goes again with the new session', async () => {
    localStorage.setItem('jwt', 'token-old');
    const { fetchMock, answer } = heldFetch();
    // The save that changes the password (the server ends the old session at once)...
    const save = api.put<{ token: string }>('/organizations/1/profile', { name: 'A' }, { renewsSession: true });
    // ...and a read-ahead sent under the old session while it runs, answered 401 first.
    const readAhead = api.get<{ ok: number }>('/organizations/1/invoices/filter');
    answer(1, 401, { errors: ['x'] });
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    answer(0, 200, { token: 'token-new' });
    expect(await save).toEqual({ token: 'token-new' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const [, init] = fetchMock.mock.calls[2] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-new');
    answer(2, 200, { ok: 1 });
    expect(await readAhead).toEqual({ ok: 1 });
    expect(localStorage.getItem('jwt')).toBe('token-new');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a 401 during a session renewal that fails still ends the session; so does a 401 to the renewal itself', async () => {
    localStorage.setItem('jwt', 'token-old');
    const { answer } = heldFetch();
    const save = api.put('/organizations/1/profile', {}, { renewsSession: true }).catch((err: unknown) => err);
    const readAhead = api.get('/organizations/1/invoices/filter').catch((err: unknown) => err);
    answer(1, 401, { errors: ['x'] });
    answer(0, 422, { errors: { email: ['Já em uso'] } });
    expect(await save).toMatchObject({ status: 422 });
    expect(await readAhead).toMatchObject({ status: 401 });
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(reload).toHaveBeenCalledOnce();

    localStorage.setItem('jwt', 'token-old');
    vi.stubGlobal('fetch', respond(401, { errors: ['x'] }));
    await expect(api.put('/organizations/1/profile', {}, { renewsSession: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('401 from login is left to the login form', async () => {
    vi.stubGlobal('fetch', respond(401, { errors: ['x'] }));
    await expect(api.post('/login', {}, { isLogin: true })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('jwt')).toBe('token-123');
    expect(reload).not.toHaveBeenCalled();
  });

  it('5xx alerts the server-error text and passes the error on', async () => {
    vi.stubGlobal('fetch', respond(503));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 503 });
    expect(alert).toHaveBeenCalledWith(messages.serverError);
  });

  it('a quiet call (a lookup that says so beside its field) gets no alert for 5xx or no connection', async () => {
    vi.stubGlobal('fetch', respond(503, { errors: ['Fora do ar'] }));
    await expect(api.get('/cep/01310100', undefined, { quiet: true })).rejects.toMatchObject({ status: 503 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/cep/01310100', undefined, { quiet: true })).rejects.toMatchObject({ status: 0 });
    expect(alert).not.toHaveBeenCalled();
  });

  it('no connection (status 0) alerts the connection text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0 });
    expect(alert).toHaveBeenCalledWith(messages.noConnection);
  });

  it('a save without connection asks to retry: yes sends it again, no gives up with status 0', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ id: 9 }), { status: 201 });
      }),
    );
    const retrySave = vi.fn(async () => true);
    clientEffects.retrySave = retrySave;
    expect(await api.post('/customers', { name: 'Maria' })).toEqual({ id: 9 });
    expect(retrySave).toHaveBeenCalledOnce();
    expect(calls).toBe(2);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    clientEffects.retrySave = vi.fn(async () => false);
    await expect(api.put('/customers/9', { name: 'Maria' })).rejects.toMatchObject({ status: 0 });
    expect(alert).not.toHaveBeenCalled();
  });

  it('422 exposes field errors; other 4xx expose the message list', async () => {
    vi.stubGlobal('fetch', respond(422, { errors: { name: ['a', 'b'] } }));
    const e422 = (await api.post('/x', {}).catch((e) => e)) as ApiError;
    expect(e422.fieldErrors).toEqual({ name: ['a', 'b'] });
    vi.stubGlobal('fetch', respond(409, { errors: ['conflito'] }));
    const e409 = (await api.post('/x', {}).catch((e) => e)) as ApiError;
    expect(e409.messages).toEqual(['conflito']);
    expect(alert).not.toHaveBeenCalled();
  });
});
