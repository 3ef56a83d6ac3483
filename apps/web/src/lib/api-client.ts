import { toast } from 'react-toastify';
import { DEVICE_TIME_HEADER, IDEMPOTENCY_HEADER, idempotencyMessages, messages } from '@ordem-certa/contracts';
import { clearToken, getToken, setToken } from './token.ts';
import { askToRetrySave, markConnection } from './connection.tsx';
import { dropEarlyAnswers, takeEarlyAnswer } from './early-requests.ts';

/** An HTTP error: its status and the server's body, { errors } as a list or by field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
  /** 422: {field: [messages]}. */
  get fieldErrors(): Record<string, string[]> | undefined {
    const errors = (this.body as { errors?: unknown })?.errors;
    return errors && !Array.isArray(errors) && typeof errors === 'object'
      ? (errors as Record<string, string[]>)
      : undefined;
  }
  /** Other 4xx: [messages]. */
  get messages(): string[] | undefined {
    const errors = (this.body as { errors?: unknown })?.errors;
    return Array.isArray(errors) ? (errors as string[]) : undefined;
  }
}

export const API_BASE = '/api';

/** An error whose message is written for the user (pt-BR), shown as it is by toastApiError. */
export class UserMessageError extends Error {}

interface RequestOptions {
  /** Skip the global 401 handling (the login form handles its own 401). */
  isLogin?: boolean;
  signal?: AbortSignal;
  /** Read a successful body as a Blob (images served by the API). */
  blob?: boolean;
  /** Read a successful body as a file download ({blob, fileName}). */
  file?: boolean;
  /**
   * A write's Idempotency-Key (from newIdempotencyKey(), one per user action): the server runs the
   * write once per key and answers a repeat with the first answer.
   */
  idempotencyKey?: string;
  /**
   * The caller tells the user itself when the server fails or cannot be reached (the CEP and CNPJ
   * lookups say 'preencha manualmente' beside their field): no global alert. 401 is still handled.
   */
  quiet?: boolean;
  /**
   * A write that reaches no server throws at once (ApiError status 0) instead of asking the user to
   * send it again: the caller keeps it (the outbox queues it with its Idempotency-Key).
   */
  noRetryPrompt?: boolean;
  /**
   * The answer carries a new session token (`{ token }`: the profile save, which renews the session and,
   * after a password change, ends the old one). It is stored the moment the answer arrives, and a 401
   * that comes back meanwhile for the old session waits for it instead of logging the user out.
   */
  renewsSession?: boolean;
}

/** A random UUID v4; also on plain-HTTP installs, where crypto.randomUUID is not offered. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** 409 for a repeat of a write whose first request (same Idempotency-Key) is still running. */
export const isRepeatInFlight = (err: unknown) =>
  err instanceof ApiError && err.status === 409 && !!err.messages?.includes(idempotencyMessages.inFlight);

/** A file the API answered (CSV export): its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header, preferring the UTF-8 `filename*`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]!);
  const plain = disposition?.match(/filename="([^"]+)"/i);
  return plain ? plain[1]! : fallback;
}

/** A file answered by the API with the name its Content-Disposition gives ('arquivo' without one). */
export const downloaded = async (res: Response): Promise<DownloadedFile> => ({
  blob: await res.blob(),
  fileName: fileNameOf(res.headers.get('content-disposition'), 'arquivo'),
});

/** An answer's body: its JSON, the text when it is not JSON, or null when empty. */
export async function responseData(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What the global error handling does (reload the page, show an alert); replaceable in tests. */
export const clientEffects = {
  reload: () => window.location.reload(),
  alert: (text: string) => {
    toast.error(text, { toastId: text });
  },
  /** A save that reached no server: true sends it again (the user chose 'Tentar novamente'). */
  retrySave: askToRetrySave,
};

/** Requests on their way whose answer brings a new session token. */
const renewals = new Set<Promise<unknown>>();

/**
 * A request sent with `token` was answered 401. 'ended': that session is over; it is removed and the page
 * reloads (to the login). 'renewed': a request renewing the session was on its way when the 401 came back
 * (a password change ends the old session before its answer brings the new one); it was awaited and the
 * new session is stored, so the caller may send again. 'none': nothing to end (no session was sent, or
 * another is stored since: a new login).
 */
export async function endSession(
  token: string | null,
  opts: { renewing?: boolean } = {},
): Promise<'ended' | 'renewed' | 'none'> {
  if (!token) return 'none';
  const waited = !opts.renewing && renewals.size > 0;
  if (waited) await Promise.allSettled(renewals);
  const stored = getToken();
  if (stored === token) {
    clearToken();
    clientEffects.reload();
    return 'ended';
  }
  return waited && stored ? 'renewed' : 'none';
}

function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  if (!opts.renewsSession) return send<T>(method, path, body, opts);
  const renewal = send<T>(method, path, body, opts).then((answer) => {
    const token = (answer as { token?: unknown } | null)?.token;
    if (typeof token === 'string') setToken(token);
    return answer;
  });
  renewals.add(renewal);
  void renewal.finally(() => renewals.delete(renewal)).catch(() => undefined);
  return renewal;
}

async function send<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.idempotencyKey) {
    headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
    headers[DEVICE_TIME_HEADER] = new Date().toISOString();
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  // A read the page's own script already made (see early-requests.ts) is taken from there, once; a
  // write makes those answers possibly stale.
  const early = method === 'GET' && !opts.signal ? takeEarlyAnswer(path, token) : undefined;
  if (method !== 'GET') dropEarlyAnswers();

  let res: Response;
  try {
    res =
      (early && (await early)) ??
      (await fetch(`${API_BASE}${path}`, { method, headers, body: payload, signal: opts.signal }));
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    // Status 0: no connection.
    markConnection(false);
    // A save waits for the user's answer, so the form neither loses its text nor claims success.
    if (method !== 'GET' && !opts.isLogin && !opts.noRetryPrompt) {
      if (await clientEffects.retrySave()) return send<T>(method, path, body, opts);
    } else if (!opts.quiet && !opts.noRetryPrompt && navigator.onLine !== false) {
      // With the phone offline the screen says so itself ('Sem conexão', or the saved data's notice):
      // no toast on top of every read it tries.
      clientEffects.alert(messages.noConnection);
    }
    throw new ApiError(0, null);
  }
  markConnection(true);
  if (res.ok && opts.blob) return (await res.blob()) as T;
  if (res.ok && opts.file) return downloaded(res) as Promise<T>;
  const data = await responseData(res);
  if (res.ok) return data as T;

  const error = new ApiError(res.status, data);
  if (res.status === 401 && !opts.isLogin) {
    // The session this request carried has ended: out to the login page. A request sent without one
    // (after 'Sair', while a read-ahead of orders was still running) ends nothing and must not reload the
    // page under the user; one whose session was renewed meanwhile (a password change while a read-ahead
    // was on its way) goes again with the new one.
    if ((await endSession(token, { renewing: opts.renewsSession })) === 'renewed')
      return send<T>(method, path, body, opts);
  } else if (res.status >= 500 && !opts.quiet) {
    clientEffects.alert(messages.serverError);
  }
  throw error;
}

const withQuery = (path: string, query?: object) => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((item) => params.append(k, String(item)));
    else params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

export const api = {
  get: <T>(path: string, query?: object, opts?: RequestOptions) =>
    request<T>('GET', withQuery(path, query), undefined, opts),
  /** GET of a file (logo, signature image) with the bearer token, for a blob: URL. */
  getBlob: (path: string, opts?: RequestOptions) => request<Blob>('GET', path, undefined, { ...opts, blob: true }),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body ?? {}, opts),
  /** Multipart upload (logo, signature-image, attachment). */
  postForm: <T>(path: string, form: FormData, opts?: RequestOptions) => request<T>('POST', path, form, opts),
  /** GET answered by a file (a list's CSV export, its filters in the query). */
  getFile: (path: string, query?: object, opts?: RequestOptions) =>
    request<DownloadedFile>('GET', withQuery(path, query), undefined, { ...opts, file: true }),
  /** POST answered by a file (CSV export). */
  postFile: (path: string, body: unknown, opts?: RequestOptions) =>
    request<DownloadedFile>('POST', path, body, { ...opts, file: true }),
  put: <T>(path: string, body: unknown, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
  patch: <T>(path: string, body: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body, opts),
  /** DELETE, with a JSON body when the operation takes one (a push subscription's endpoint). */
  delete: <T = void>(path: string, opts?: RequestOptions, body?: unknown) => request<T>('DELETE', path, body, opts),
};

/** No connection, an expired session and server errors: the client has already told the user. */
export const reportedGlobally = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || err.status === 401 || err.status >= 500);

/** For error cases other than 422 that carry an errors list: the messages concatenated in one toast. */
export function toastApiError(err: unknown, fallback?: string) {
  if (err instanceof UserMessageError) {
    toast.error(err.message);
    return;
  }
  if (err instanceof ApiError) {
    if (err.status === 0 || err.status >= 500 || err.status === 401) return; // already handled globally
    const list = err.messages ?? (err.fieldErrors ? Object.values(err.fieldErrors).flat() : undefined);
    if (list?.length) {
      toast.error(list.join(' '));
      return;
    }
  }
  if (fallback) toast.error(fallback);
  else throw err;
}
