import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import { permissionNames, permissionsOfRoles, ROLE_ADMIN, ROLE_USER } from '@ordem-certa/contracts';
import { AuthProvider, meQueryKey } from '../lib/auth.tsx';
import { ConfirmProvider } from '../components/confirm-dialog.tsx';

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A token the app decodes (it does not verify: the server does) for an admin or a collaborator of org 1. */
export function fakeToken(role: 'admin' | 'worker', sub = role === 'admin' ? 1 : 2) {
  const payload = {
    sub: String(sub),
    name: role === 'admin' ? 'Ana' : 'Teo',
    email: `${role}@x.com`,
    roles: [role === 'admin' ? ROLE_ADMIN : ROLE_USER],
    organizationId: 1,
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  return `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;
}

/** Whether the last table given to fakeApi answers /me itself (else renderAsUser answers it at once). */
let tableAnswersMe = false;

type Handler = (body: unknown, url: URL) => { status?: number; body?: unknown } | unknown;

/**
 * GET /api/me as the server answers it for the bearer of a token made by fakeToken: an admin holds
 * everything, a collaborator what the Técnico role holds. A table may answer it its own way instead.
 */
function meOf(token: string) {
  const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
    sub: string;
    name: string;
    email: string;
    roles: string[];
    organizationId: number;
  };
  const granted = permissionsOfRoles(payload.roles);
  return {
    id: Number(payload.sub),
    name: payload.name,
    email: payload.email,
    roles: payload.roles,
    permissions: permissionNames.filter((p) => granted.has(p)),
    organization: { id: payload.organizationId, name: 'Oficina', timeZone: 'America/Sao_Paulo', features: {} },
  };
}

/**
 * A fetch that answers 'METHOD /api/path' (path without the query) from a table and records every call.
 * A handler returning {status, body} sets the status; anything else is a 200 body.
 */
export function fakeApi(routes: Record<string, Handler>) {
  tableAnswersMe = 'GET /api/me' in routes;
  const calls: Array<{ method: string; path: string; url: URL; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const bearer = (init.headers as Record<string, string> | undefined)?.authorization?.replace(/^Bearer /, '');
    // /me read again (a role changed) is answered as renderAsUser first did, and not counted.
    if (!tableAnswersMe && `${method} ${url.pathname}` === 'GET /api/me' && bearer)
      return new Response(JSON.stringify(meOf(bearer)), { status: 200 });
    calls.push({ method, path: url.pathname, url, body });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return new Response(JSON.stringify({ errors: ['not found'] }), { status: 404 });
    const out = handler(body, url);
    const shaped: { status?: number; body?: unknown } =
      out && typeof out === 'object' && 'status' in out ? (out as { status: number; body?: unknown }) : { body: out };
    const text = shaped.body === undefined ? '' : JSON.stringify(shaped.body);
    return new Response(text, { status: shaped.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The app's providers with a logged-in user: auth, query client, router, confirm dialog and toasts. */
export function renderAsUser(ui: ReactElement, role: 'admin' | 'worker' = 'admin', route = '/') {
  const token = fakeToken(role);
  localStorage.setItem('jwt', token);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // What /me answers this user, there from the first render as in the app (whose frame waits for it).
  if (!tableAnswersMe) queryClient.setQueryData(meQueryKey, meOf(token));
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter initialEntries={[route]}>
          <ConfirmProvider>{ui}</ConfirmProvider>
        </MemoryRouter>
      </AuthProvider>
      <ToastContainer />
    </QueryClientProvider>,
  );
}
