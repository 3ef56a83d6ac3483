import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { gunzipSync, gzipSync } from 'node:zlib';
import { openA1, readNfse } from '@ordem-certa/nfse-xml';

/** Where the national system (SEFIN Nacional) answers. */
export const SEFIN_BASE_URLS = {
  homologation: 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional',
  production: 'https://sefin.nfse.gov.br/SefinNacional',
} as const;

export type SefinErrors = Array<{ code: string; message: string }>;

/** What the national system said about a DPS: the NFS-e it made, or why it refused (4xx). */
export type SefinAnswer =
  | { ok: true; accessKey: string; number: string; issuedAt: Date; nfseXml: string }
  | { ok: false; status: number; errors: SefinErrors };

export type SefinEventAnswer = { ok: true; eventXml: string } | { ok: false; status: number; errors: SefinErrors };

/** Where an NFS-e stands at the national system, from the events registered on it. */
export type SefinNfseStatus =
  | { status: 'issued' }
  | { status: 'canceled'; eventCode: string; eventXml: string }
  | { status: 'substituted'; eventXml: string; substituteKey: string | null };

/**
 * The events that end an NFS-e, in the order they are asked: cancellation (by the provider, here or on
 * the national portal), cancellation by substitution, and cancellation by the municipality.
 */
const ENDING_EVENTS = ['101101', '105102', '305101'] as const;

/**
 * The national system could not be asked or failed (network error, time-out, 5xx, an answer it cannot
 * have meant): the caller tries again later. Refusals (4xx) are answers, not errors.
 */
export class SefinUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SefinUnavailableError';
  }
}

export interface CallOptions {
  /** SEFIN_BASE_URLS[environment], or a stand-in's http:// address. */
  baseUrl: string;
  /** The company's A1 (PKCS#12): the client certificate of the TLS connection, on https only. */
  pfx: Buffer;
  password: string;
  /** Default 30 s for the whole call. */
  timeoutMs?: number;
  /** Certificates (PEM) to trust for the server besides Node's own list. */
  ca?: string | Buffer | Array<string | Buffer>;
}

/** POST /nfse with the signed DPS: 201 → the NFS-e; 4xx → the refusal; anything else throws. */
export async function postDps(o: CallOptions & { signedXml: string }): Promise<SefinAnswer> {
  const res = await call(o, 'POST', '/nfse', { dpsXmlGZipB64: gzipBase64(o.signedXml) });
  if (res.status >= 200 && res.status < 300) return issued(res.body);
  return { ok: false, status: res.status, errors: readErrors(res.body, res.status, res.text) };
}

/**
 * The NFS-e made from a DPS Id (GET /dps/{id}, then GET /nfse/{key}): what a caller asks after a call
 * that failed with no answer, or an E0014 refusal, to learn whether the DPS became an NFS-e. 404 when
 * none was made.
 */
export async function findNfseByDpsId(o: CallOptions & { dpsId: string }): Promise<SefinAnswer> {
  if (!/^DPS\d{42}$/.test(o.dpsId)) throw new RangeError(`Not a DPS Id: '${o.dpsId}'`);
  const found = await call(o, 'GET', `/dps/${o.dpsId}`);
  if (found.status < 200 || found.status >= 300) {
    return { ok: false, status: found.status, errors: readErrors(found.body, found.status, found.text) };
  }
  const key = (found.body as { chaveAcesso?: unknown })?.chaveAcesso;
  if (typeof key !== 'string' || !/^\d{50}$/.test(key))
    throw new SefinUnavailableError('Access key missing from the answer');
  const res = await call(o, 'GET', `/nfse/${key}`);
  if (res.status >= 200 && res.status < 300) return issued(res.body);
  return { ok: false, status: res.status, errors: readErrors(res.body, res.status, res.text) };
}

/** The NFS-e of a 2xx answer ({chaveAcesso, nfseXmlGZipB64, dataHoraProcessamento}). */
function issued(answer: unknown): SefinAnswer {
  const body = answer as { chaveAcesso?: unknown; nfseXmlGZipB64?: unknown; dataHoraProcessamento?: unknown };
  if (typeof body?.nfseXmlGZipB64 !== 'string') throw new SefinUnavailableError('NFS-e missing from the answer');
  const nfseXml = gunzipBase64(body.nfseXmlGZipB64);
  const nfse = read(nfseXml);
  const accessKey =
    typeof body.chaveAcesso === 'string' && /^\d{50}$/.test(body.chaveAcesso) ? body.chaveAcesso : nfse.accessKey;
  const issuedAt = nfse.processedAt ?? parseDate(body.dataHoraProcessamento);
  if (!accessKey || !nfse.number || !issuedAt) {
    throw new SefinUnavailableError('The NFS-e in the answer lacks its key, number or date');
  }
  return { ok: true, accessKey, number: nfse.number, issuedAt, nfseXml };
}

/** POST /nfse/{accessKey}/eventos with the signed event request: 201 → the registered event; 4xx → refusal. */
export async function postEvent(o: CallOptions & { accessKey: string; signedXml: string }): Promise<SefinEventAnswer> {
  if (!/^\d{50}$/.test(o.accessKey)) throw new RangeError(`An access key has 50 digits: '${o.accessKey}'`);
  const res = await call(o, 'POST', `/nfse/${o.accessKey}/eventos`, {
    pedidoRegistroEventoXmlGZipB64: gzipBase64(o.signedXml),
  });
  if (res.status >= 200 && res.status < 300) {
    const body = res.body as { eventoXmlGZipB64?: unknown };
    if (typeof body?.eventoXmlGZipB64 !== 'string') throw new SefinUnavailableError('Event missing from the answer');
    return { ok: true, eventXml: gunzipBase64(body.eventoXmlGZipB64) };
  }
  return { ok: false, status: res.status, errors: readErrors(res.body, res.status, res.text) };
}

/** GET /nfse/{accessKey}/eventos/{code}/{seq}: the registered event, or a 404 refusal when there is none. */
export async function findEvent(
  o: CallOptions & { accessKey: string; eventCode: string; sequence?: number },
): Promise<SefinEventAnswer> {
  if (!/^\d{50}$/.test(o.accessKey)) throw new RangeError(`An access key has 50 digits: '${o.accessKey}'`);
  if (!/^\d{6}$/.test(o.eventCode)) throw new RangeError(`An event code has 6 digits: '${o.eventCode}'`);
  const res = await call(o, 'GET', `/nfse/${o.accessKey}/eventos/${o.eventCode}/${o.sequence ?? 1}`);
  if (res.status >= 200 && res.status < 300) {
    const body = res.body as { eventoXmlGZipB64?: unknown };
    if (typeof body?.eventoXmlGZipB64 !== 'string') throw new SefinUnavailableError('Event missing from the answer');
    return { ok: true, eventXml: gunzipBase64(body.eventoXmlGZipB64) };
  }
  return { ok: false, status: res.status, errors: readErrors(res.body, res.status, res.text) };
}

/**
 * Whether an NFS-e still stands: the first ending event found (a 404 for each means none). A refusal
 * other than 404 is not an answer about the NFS-e, so it throws like an unavailable service.
 */
export async function nfseStatus(o: CallOptions & { accessKey: string }): Promise<SefinNfseStatus> {
  for (const eventCode of ENDING_EVENTS) {
    const found = await findEvent({ ...o, eventCode });
    if (found.ok) {
      if (eventCode !== '105102') return { status: 'canceled', eventCode, eventXml: found.eventXml };
      const substitute = /<chSubstituta>(\d{50})<\/chSubstituta>/.exec(found.eventXml)?.[1] ?? null;
      return { status: 'substituted', eventXml: found.eventXml, substituteKey: substitute };
    }
    if (found.status !== 404) {
      throw new SefinUnavailableError(
        `SEFIN refused the event query ${eventCode}: ${found.errors.map((e) => e.code).join(', ')}`,
        found.status,
      );
    }
  }
  return { status: 'issued' };
}

export function gzipBase64(xml: string): string {
  return gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
}

export function gunzipBase64(data: string): string {
  try {
    return gunzipSync(Buffer.from(data, 'base64')).toString('utf8');
  } catch {
    throw new SefinUnavailableError('The answer holds a document that is not gzip + base64');
  }
}

/** One JSON call to the national system (SEFIN or the parameters API) with the company's certificate. */
export async function call(
  o: CallOptions,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
): Promise<{ status: number; body: unknown; text: string }> {
  const url = new URL(o.baseUrl.replace(/\/+$/, '') + path);
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') throw new RangeError(`Not an http(s) address: ${o.baseUrl}`);
  let agent: https.Agent | undefined;
  if (secure) {
    // The PEM forge reads, not the pfx itself: OpenSSL 3 refuses the RC2 encryption older A1 files use.
    const cert = openA1(o.pfx, o.password);
    agent = new https.Agent({
      key: cert.privateKeyPem,
      cert: cert.certificatePem + cert.chainPem,
      ca: o.ca ? [...(Array.isArray(o.ca) ? o.ca : [o.ca]), ...rootCertificates] : undefined,
      keepAlive: false,
    });
  }
  const data = payload === undefined ? null : Buffer.from(JSON.stringify(payload), 'utf8');
  const signal = AbortSignal.timeout(o.timeoutMs ?? 30_000);
  try {
    return await new Promise((resolve, reject) => {
      const req = (secure ? https : http).request(
        url,
        {
          method,
          agent,
          signal,
          headers: data
            ? { 'content-type': 'application/json', accept: 'application/json', 'content-length': String(data.length) }
            : { accept: 'application/json' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              body = undefined;
            }
            // 408 and 429 say "not now", like a 5xx: the caller tries again.
            if (status >= 500 || status < 200 || (status >= 300 && status < 400) || status === 408 || status === 429) {
              reject(new SefinUnavailableError(`SEFIN answered ${status}: ${text.slice(0, 300)}`, status));
            } else if (status < 300 && body === undefined) {
              reject(new SefinUnavailableError(`SEFIN answered ${status} without JSON`, status));
            } else resolve({ status, body, text });
          });
        },
      );
      req.on('error', reject);
      req.end(data ?? undefined);
    });
  } catch (err) {
    if (err instanceof SefinUnavailableError) throw err;
    const e = err as Error;
    const reason =
      e.name === 'AbortError' || e.name === 'TimeoutError' ? `no answer within ${o.timeoutMs ?? 30_000} ms` : e.message;
    throw new SefinUnavailableError(`SEFIN could not be reached: ${reason}`);
  } finally {
    agent?.destroy();
  }
}

/**
 * The refusal's messages. The service documents {erros: [{codigo, descricao, complemento}]} and sends
 * {erros: [{Codigo, Descricao, Complemento}]}; event refusals may carry one `erro` instead of a list.
 */
function readErrors(body: unknown, status: number, text: string): SefinErrors {
  const b = (body ?? {}) as Record<string, unknown>;
  const list = Array.isArray(b.erros) ? b.erros : b.erro ? [b.erro] : Array.isArray(b.Erros) ? b.Erros : [];
  const errors = list
    .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
    .map((e) => {
      const pick = (...keys: string[]) =>
        keys.map((k) => e[k]).find((v) => typeof v === 'string' && v !== '') as string | undefined;
      const description = pick('Descricao', 'descricao', 'Mensagem', 'mensagem') ?? '';
      const complement = pick('Complemento', 'complemento');
      return {
        code: pick('Codigo', 'codigo') ?? `HTTP${status}`,
        message: complement ? `${description} (${complement})` : description,
      };
    });
  return errors.length > 0 ? errors : [{ code: `HTTP${status}`, message: text.slice(0, 500) || `HTTP ${status}` }];
}

/** infNFSe's access key (its Id less 'NFS'), nNFSe and dhProc. */
function read(xml: string): { accessKey: string | null; number: string | null; processedAt: Date | null } {
  let nfse;
  try {
    nfse = readNfse(xml);
  } catch {
    throw new SefinUnavailableError('The answer holds no NFS-e (infNFSe)');
  }
  return { accessKey: nfse.accessKey, number: nfse.number, processedAt: parseDate(nfse.processedAt) };
}

/** '2025-12-31T21:43:24.2716862-03:00' (more than 3 decimals) and the usual ISO forms. */
function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const d = new Date(value.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(d.getTime()) ? null : d;
}
