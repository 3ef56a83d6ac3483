import { messages } from '@ordem-certa/contracts';
import { toast } from 'react-toastify';
import { ApiError, API_BASE, downloaded, responseData, type DownloadedFile } from '../../../lib/api-client.ts';

// The portal's own client: the customer's session token (not a user's login) kept by this browser for
// 30 days, sent as a bearer token to /api/portal/…; a 401 means the session ended (Sair, expired, the
// customer forgotten) and sends the customer to the page that asks for a new link.

const SESSION_KEY = 'oc-portal-session';
const ORG_KEY = 'oc-portal-org';

export const portalToken = () => localStorage.getItem(SESSION_KEY);
export const setPortalSession = (token: string) => localStorage.setItem(SESSION_KEY, token);
export const clearPortalSession = () => localStorage.removeItem(SESSION_KEY);
/** The organization whose portal this browser last opened: where 'Quero acessar' sends the customer back. */
export const portalOrg = () => localStorage.getItem(ORG_KEY);
export const rememberPortalOrg = (organizationId: number) => localStorage.setItem(ORG_KEY, String(organizationId));
export const signInPath = () => `/portal/entrar${portalOrg() ? `?org=${portalOrg()}` : ''}`;

async function send<T>(method: string, path: string, body?: unknown, opts: { file?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = portalToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { method, headers, body: payload });
  } catch {
    toast.error(messages.noConnection);
    throw new ApiError(0, null);
  }
  if (res.ok && opts.file) return downloaded(res) as Promise<T>;
  const data = await responseData(res);
  if (res.ok) return data as T;
  if (res.status === 401 && token && path.startsWith('/portal/')) {
    clearPortalSession();
    window.location.assign(signInPath());
  } else if (res.status >= 500) toast.error(messages.serverError);
  throw new ApiError(res.status, data);
}

const withQuery = (path: string, query?: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

export const portalApi = {
  get: <T>(path: string, query?: Record<string, unknown>) => send<T>('GET', withQuery(path, query)),
  getFile: (path: string) => send<DownloadedFile>('GET', path, undefined, { file: true }),
  post: <T>(path: string, body?: unknown) => send<T>('POST', path, body ?? {}),
  postForm: <T>(path: string, form: FormData) => send<T>('POST', path, form),
  delete: (path: string) => send<void>('DELETE', path),
};
