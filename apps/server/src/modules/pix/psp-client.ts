import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { openA1 } from '@ordem-certa/nfse-xml';
import { problemMessage, transportMessages, type PixProblem } from './psp-problems.ts';

/** A company's PSP as the client calls it. */
export interface PspConnection {
  /** The API Pix base, e.g. https://pix.psp.com.br/api/v2 (paths such as /cob/{txid} are added to it). */
  baseUrl: string;
  /** The OAuth 2 token endpoint (client credentials). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for; none: the PSP's default for the client. */
  scopes?: string | null;
  /** The PKCS#12 client certificate of the mutual TLS, on https only. */
  certificate?: { pfx: Buffer; password: string } | null;
  /** Extra certificate authorities (PEM) to trust for the PSP, besides Node's list: tests. */
  ca?: string;
}

export interface PspCallOptions {
  /** Each attempt's limit (default 10 s). */
  timeoutMs?: number;
  /** Attempts after the first for a 5xx, a 408/429, a time-out or no connection (default 2). */
  retries?: number;
  /** The wait before the first retry, doubled for each next one (default 500 ms). */
  retryDelayMs?: number;
}

/**
 * The PSP refused (4xx), could not be reached, or answered what it cannot have meant. `message` is in
 * pt-BR for the person using the product; `retryable` says whether asking again later may work.
 */
export class PspError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    readonly problem?: PixProblem,
  ) {
    super(message);
    this.name = 'PspError';
  }
}

// ── What the client reads of the API's answers (the specification's names) ───────────────────────
export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
export interface PixDevolucao {
  id: string;
  rtrId: string;
  valor: string;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  horario: { solicitacao?: string; liquidacao?: string };
  motivo?: string;
}
export interface PixRecebido {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
  infoPagador?: string;
  devolucoes?: PixDevolucao[];
}
export interface Cob {
  txid: string;
  revisao: number;
  status: CobStatus;
  location?: string;
  loc?: { id: number; location: string; tipoCob: 'cob' | 'cobv' };
  pixCopiaECola?: string;
  valor: { original: string };
  calendario: { criacao: string; expiracao?: number; dataDeVencimento?: string; validadeAposVencimento?: number };
  pix?: PixRecebido[];
}
export interface PixPage {
  parametros: { paginacao: { paginaAtual: number; quantidadeDePaginas: number; quantidadeTotalDeItens: number } };
  pix?: PixRecebido[];
}

// ── Tokens: kept per credentials until shortly before they expire ───────────────────────────────
const tokens = new Map<string, { token: string; expiresAt: number }>();
/** A token is renewed this long before the PSP said it expires, so none expires on its way. */
const TOKEN_MARGIN_MS = 30_000;

const tokenKey = (c: PspConnection) =>
  createHash('sha256')
    .update(JSON.stringify([c.tokenUrl, c.clientId, c.clientSecret, c.scopes ?? '']))
    .digest('hex');

/** Forgets the kept tokens of these credentials (after the connection changed). */
export function forgetToken(c: PspConnection) {
  tokens.delete(tokenKey(c));
}

type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';

/**
 * An API Pix client behind a company's base URL: OAuth 2 client credentials at its token URL (the
 * token kept until it expires; a 401 renews it once), mutual TLS with the company's client certificate
 * on https, and 5xx, 408, 429, time-outs and refused connections retried with back-off. Every method
 * is one operation of the specification; Pix Automático (/rec, /solicrec, /cobr) is `call` on its paths.
 */
export function pspClient(connection: PspConnection, options: PspCallOptions = {}) {
  const agent = agentFor(connection);
  const call = <T>(method: Method, path: string, o: { body?: unknown; query?: Record<string, string | number> } = {}) =>
    withRetries(options, () => authorized<T>(connection, agent, options, method, path, o));
  const cobPath = (kind: 'cob' | 'cobv', txid: string) => `/${kind}/${encodeURIComponent(txid)}`;
  return {
    call,
    /** Only the token: the first step of the connection test. */
    token: () => withRetries(options, () => accessToken(connection, agent, options, true)),
    putCob: (kind: 'cob' | 'cobv', txid: string, body: unknown) => call<Cob>('PUT', cobPath(kind, txid), { body }),
    patchCob: (kind: 'cob' | 'cobv', txid: string, body: unknown) => call<Cob>('PATCH', cobPath(kind, txid), { body }),
    getCob: (kind: 'cob' | 'cobv', txid: string) => call<Cob>('GET', cobPath(kind, txid)),
    /** GET /pix: one page of the Pix received between two instants. */
    listPix: (inicio: Date, fim: Date, paginaAtual = 0) =>
      call<PixPage>('GET', '/pix', {
        query: { inicio: inicio.toISOString(), fim: fim.toISOString(), 'paginacao.paginaAtual': paginaAtual },
      }),
    /** Every page of GET /pix between two instants. */
    async allPix(inicio: Date, fim: Date): Promise<PixRecebido[]> {
      const all: PixRecebido[] = [];
      for (let page = 0; ; page++) {
        const answer = await this.listPix(inicio, fim, page);
        all.push(...(answer.pix ?? []));
        if (page + 1 >= (answer.parametros?.paginacao?.quantidadeDePaginas ?? 1)) return all;
      }
    },
    getPix: (e2eid: string) => call<PixRecebido>('GET', `/pix/${encodeURIComponent(e2eid)}`),
    putRefund: (e2eid: string, id: string, body: { valor: string; descricao?: string }) =>
      call<PixDevolucao>('PUT', `/pix/${encodeURIComponent(e2eid)}/devolucao/${encodeURIComponent(id)}`, { body }),
    getRefund: (e2eid: string, id: string) =>
      call<PixDevolucao>('GET', `/pix/${encodeURIComponent(e2eid)}/devolucao/${encodeURIComponent(id)}`),
    putWebhook: (chave: string, webhookUrl: string) =>
      call<unknown>('PUT', `/webhook/${encodeURIComponent(chave)}`, { body: { webhookUrl } }),
    deleteWebhook: (chave: string) => call<unknown>('DELETE', `/webhook/${encodeURIComponent(chave)}`),
    getWebhook: (chave: string) =>
      call<{ webhookUrl: string; chave: string; criacao: string }>('GET', `/webhook/${encodeURIComponent(chave)}`),
    close: () => agent?.destroy(),
  };
}
export type PspClient = ReturnType<typeof pspClient>;

function agentFor(c: PspConnection): https.Agent | undefined {
  const secure = [c.baseUrl, c.tokenUrl].some((u) => u.startsWith('https:'));
  if (!secure) return undefined;
  let key: string | undefined;
  let cert: string | undefined;
  if (c.certificate) {
    try {
      // The PEM forge reads, not the pfx itself: OpenSSL 3 refuses the RC2 encryption older files use.
      const opened = openA1(c.certificate.pfx, c.certificate.password);
      key = opened.privateKeyPem;
      cert = opened.certificatePem + opened.chainPem;
    } catch {
      throw new PspError(transportMessages.certificate, null, false);
    }
  }
  return new https.Agent({
    key,
    cert,
    ca: c.ca ? [c.ca, ...rootCertificates] : undefined,
    keepAlive: true,
    maxSockets: 4,
  });
}

async function withRetries<T>(o: PspCallOptions, attempt: () => Promise<T>): Promise<T> {
  const retries = o.retries ?? 2;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof PspError) || !err.retryable || n >= retries) throw err;
      await new Promise((r) => setTimeout(r, (o.retryDelayMs ?? 500) * 2 ** n));
    }
  }
}

async function accessToken(c: PspConnection, agent: https.Agent | undefined, o: PspCallOptions, fresh = false) {
  const key = tokenKey(c);
  const kept = tokens.get(key);
  if (!fresh && kept && kept.expiresAt > Date.now()) return kept.token;
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (c.scopes) form.set('scope', c.scopes);
  const basic = Buffer.from(`${c.clientId}:${c.clientSecret}`, 'utf8').toString('base64');
  const res = await send(c.tokenUrl, agent, o, 'POST', form.toString(), {
    authorization: `Basic ${basic}`,
    'content-type': 'application/x-www-form-urlencoded',
  });
  // The token endpoint's own answers are never quoted back: some echo what they were sent.
  if (res.status === 400 || res.status === 401 || res.status === 403) {
    throw new PspError(transportMessages.tokenRefused, res.status, false);
  }
  failIfUnavailable(res.status);
  const body = res.json as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (res.status >= 300 || typeof body?.access_token !== 'string' || !body.access_token) {
    throw new PspError(transportMessages.tokenMissing, res.status, false);
  }
  const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300;
  tokens.set(key, { token: body.access_token, expiresAt: Date.now() + Math.max(0, seconds * 1000 - TOKEN_MARGIN_MS) });
  return body.access_token;
}

async function authorized<T>(
  c: PspConnection,
  agent: https.Agent | undefined,
  o: PspCallOptions,
  method: Method,
  path: string,
  r: { body?: unknown; query?: Record<string, string | number> },
): Promise<T> {
  const url = new URL(c.baseUrl.replace(/\/+$/, '') + path);
  for (const [k, v] of Object.entries(r.query ?? {})) url.searchParams.set(k, String(v));
  const payload = r.body === undefined ? undefined : JSON.stringify(r.body);
  const headers = (token: string) => ({
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
  });
  let res = await send(url.toString(), agent, o, method, payload, headers(await accessToken(c, agent, o)));
  if (res.status === 401) {
    // A token the PSP no longer takes (revoked, restarted): one new token, one more try.
    tokens.delete(tokenKey(c));
    res = await send(url.toString(), agent, o, method, payload, headers(await accessToken(c, agent, o, true)));
  }
  failIfUnavailable(res.status);
  if (res.status >= 200 && res.status < 300) {
    if (res.status === 204 || res.text === '') return undefined as T;
    if (res.json === undefined) throw new PspError(transportMessages.notJson(res.status), res.status, true);
    return res.json as T;
  }
  const problem = res.json && typeof res.json === 'object' ? (res.json as PixProblem) : undefined;
  throw new PspError(problemMessage(res.status, problem), res.status, false, problem);
}

function failIfUnavailable(status: number) {
  if (status >= 500 || status === 408 || status === 429) {
    throw new PspError(transportMessages.unavailable(status), status, true);
  }
}

interface Answer {
  status: number;
  text: string;
  json: unknown;
}

function send(
  address: string,
  agent: https.Agent | undefined,
  o: PspCallOptions,
  method: Method,
  payload: string | undefined,
  headers: Record<string, string>,
): Promise<Answer> {
  const url = new URL(address);
  const secure = url.protocol === 'https:';
  const timeoutMs = o.timeoutMs ?? 10_000;
  const data = payload === undefined ? undefined : Buffer.from(payload, 'utf8');
  return new Promise<Answer>((resolve, reject) => {
    const req = (secure ? https : http).request(
      url,
      {
        method,
        agent: secure ? agent : undefined,
        signal: AbortSignal.timeout(timeoutMs),
        headers: data ? { ...headers, 'content-length': String(data.length) } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  }).catch((err: unknown) => {
    throw transportError(err, url, timeoutMs);
  });
}

function transportError(err: unknown, url: URL, timeoutMs: number): PspError {
  const e = err as { name?: string; code?: string; message?: string };
  if (e.name === 'AbortError' || e.name === 'TimeoutError') {
    return new PspError(transportMessages.timeout(Math.round(timeoutMs / 1000)), null, true);
  }
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN')
    return new PspError(transportMessages.unknownHost(url.host), null, true);
  if (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' || e.code === 'EPIPE' || e.code === 'ETIMEDOUT') {
    return new PspError(transportMessages.refused(url.host), null, true);
  }
  if (/CERT|SSL|TLS|certificate|handshake/i.test(`${e.code ?? ''} ${e.message ?? ''}`)) {
    return new PspError(transportMessages.tls(e.code ?? 'certificado recusado'), null, false);
  }
  return new PspError(transportMessages.refused(url.host), null, true);
}
