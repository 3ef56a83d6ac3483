import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { pixSpec, type PixSpec, type Violation } from './pix-psp-stand-in/spec.ts';
import { PspState, pixView, problem, type Answer, type StoredPix } from './pix-psp-stand-in/state.ts';
import { AutomaticoState } from './pix-psp-stand-in/automatico.ts';
import { AUTOMATICO_SCOPES, automaticoHandlers, simulateAutomatico } from './pix-psp-stand-in/automatico-routes.ts';
import { parseJson, readBody, reply, same } from './pix-psp-stand-in/http.ts';

/**
 * A local PSP speaking the API Pix for the tests and the demo. Every request to the API is checked
 * against the Banco Central's specification (`spec.ts`) before anything else: a request that breaks
 * it is answered 400 with the violations and kept in `violations`, so a test can say the product never
 * sent one. Then the OAuth 2 bearer token (issued at `tokenUrl` for the client credentials, with the
 * scopes each operation requires), then the operation on its in-memory state. `pay` (or POST
 * /simulate/pay/{txid}) pays a charge and POSTs the webhook `{pix: [...]}` to the registered URL + '/pix';
 * POST /simulate/receive {chave, valor, infoPagador} is a Pix paid to the key without a charge, and POST
 * /simulate/settle-refunds settles the refunds in processing (DEVOLVIDO), each told to the webhook.
 * Pix Automático (/rec, /solicrec, /cobr, /webhookrec, /webhookcobr) is `pix-psp-stand-in/automatico.ts`,
 * with POST /simulate/rec/{idRec}/approve|reject and /simulate/cobr/{txid}/pay|fail.
 * On https it asks for the client's certificate (mutual TLS) and refuses a connection without one the
 * given authority signed.
 */
export interface PixStandInOptions {
  host?: string;
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /**
   * Call webhooks registered at any address (the demo, whose APP_URL may be the shop's server name);
   * without it only loopback ones are called, as tests talk to loopback only.
   */
  webhooksAnywhere?: boolean;
  tokenTtlSeconds?: number;
  /** Answer on https with these, asking for a client certificate signed by `ca`. */
  tls?: { key: string; cert: string; ca: string };
}

export interface RecordedRequest {
  method: string;
  path: string;
  operationId: string | null;
  body: unknown;
  violations: Violation[];
  status: number;
}

export interface PixStandIn {
  /** Origin: http(s)://127.0.0.1:port */
  url: string;
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  state: PspState;
  /** Pix Automático: recurrences, requests to the payer, recurring charges and their webhooks. */
  automatico: AutomaticoState;
  /** Every API request received, in order. */
  requests: RecordedRequest[];
  /** Tokens issued so far. */
  readonly tokensIssued: number;
  /** The requests that broke the specification. */
  violations(): RecordedRequest[];
  /** The next `times` API requests answer `status` (a 5xx) or, with 'hang', no answer until `close`. */
  failNext(times: number, status: number | 'hang'): void;
  /** The next `times` API requests are carried out, but answered 504 (the answer lost on its way). */
  loseNext(times: number): void;
  /** Every token issued so far stops being accepted (the PSP restarted). */
  revokeTokens(): void;
  /** Pays an active charge and tells the webhook (unless notify: false). Null when no such active charge. */
  pay(txid: string, o?: { valor?: string; horario?: Date; notify?: boolean }): Promise<StoredPix | null>;
  /** POSTs these Pix to the webhook of their key; answers the webhook's status. */
  notify(pix: StoredPix[]): Promise<number | null>;
  /** Settles the refunds in processing (DEVOLVIDO) and tells the webhook. */
  settleRefunds(): Promise<void>;
  close(): Promise<void>;
}

const API_ROOT = '/api/v2';

export async function startPixStandIn(o: PixStandInOptions = {}): Promise<PixStandIn> {
  const spec = await pixSpec();
  const clientId = o.clientId ?? 'stand-in-client';
  const clientSecret = o.clientSecret ?? `secret-${randomBytes(12).toString('hex')}`;
  const issued = new Map<string, { expiresAt: number; scopes: Set<string> }>();
  const requests: RecordedRequest[] = [];
  const failures: Array<number | 'hang'> = [];
  const hanging = new Set<http.ServerResponse>();
  let state!: PspState;
  let automaticoState!: AutomaticoState;
  let tokenCount = 0;
  let lostAnswers = 0;

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    readBody(req)
      .then(async (raw) => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        if (req.method === 'POST' && url.pathname === '/oauth/token') return reply(res, token(req, raw));
        const simulated = /^\/simulate\/pay\/([A-Za-z0-9]{1,35})$/.exec(url.pathname);
        if (req.method === 'POST' && simulated) {
          const paid = await standIn.pay(simulated[1]!, parseJson(raw) as { valor?: string });
          return reply(
            res,
            paid
              ? { status: 200, body: pixView(paid) }
              : problem(404, 'CobNaoEncontrado', 'Cobrança não encontrada.', 'Nenhuma cobrança ATIVA com esse txid.'),
          );
        }
        // A Pix paid straight to a key (no charge: a 'Pix não identificado'), told to that key's webhook.
        if (req.method === 'POST' && url.pathname === '/simulate/receive') {
          const p = parseJson(raw) as { chave?: string; valor?: string; infoPagador?: string } | null;
          if (!p?.chave || !/^\d{1,10}\.\d{2}$/.test(p.valor ?? ''))
            return reply(res, problem(400, 'RequisicaoInvalida', 'Informe chave e valor ("12.34").'));
          const pix = state.receive({ chave: p.chave, valor: p.valor!, infoPagador: p.infoPagador });
          await notify([pix]);
          return reply(res, { status: 200, body: pixView(pix) });
        }
        const automatico =
          req.method === 'POST' && url.pathname.startsWith('/simulate/')
            ? await simulateAutomatico(
                standIn.automatico,
                url.pathname,
                (parseJson(raw) ?? {}) as never,
                !!o.webhooksAnywhere,
              )
            : null;
        if (automatico) return reply(res, automatico);
        if (req.method === 'POST' && url.pathname === '/simulate/settle-refunds') {
          await standIn.settleRefunds();
          return reply(res, { status: 204 });
        }
        if (!url.pathname.startsWith(`${API_ROOT}/`))
          return reply(res, problem(404, 'NaoEncontrado', 'Não encontrado.'));
        const failure = failures.shift();
        if (failure === 'hang') return void hanging.add(res);
        let answer = failure ? problem(failure, 'ServicoIndisponivel', 'Serviço indisponível.') : api(req, url, raw);
        if (!failure && lostAnswers > 0) {
          lostAnswers--;
          answer = problem(504, 'ServicoIndisponivel', 'Tempo esgotado.');
        }
        reply(res, answer);
      })
      .catch((err: unknown) => reply(res, problem(500, 'ErroInternoDoServidor', 'Erro interno.', String(err))));
  };

  function token(req: http.IncomingMessage, raw: string): Answer {
    const form = new URLSearchParams(raw);
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(/:(.*)/s)
      : [form.get('client_id'), form.get('client_secret')];
    if (form.get('grant_type') !== 'client_credentials')
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    if (!same(id ?? '', clientId) || !same(secret ?? '', clientSecret))
      return { status: 401, body: { error: 'invalid_client' } };
    const scopes = form.get('scope')?.split(' ').filter(Boolean) ?? ALL_SCOPES;
    const accessToken = randomBytes(24).toString('base64url');
    tokenCount++;
    const ttl = o.tokenTtlSeconds ?? 3600;
    issued.set(accessToken, { expiresAt: Date.now() + ttl * 1000, scopes: new Set(scopes) });
    return {
      status: 200,
      body: { access_token: accessToken, token_type: 'Bearer', expires_in: ttl, scope: scopes.join(' ') },
    };
  }

  function api(req: http.IncomingMessage, url: URL, raw: string): Answer {
    const method = req.method ?? 'GET';
    const path = url.pathname.slice(API_ROOT.length);
    const body = raw ? parseJson(raw) : undefined;
    const query: Record<string, string> = Object.fromEntries(url.searchParams);
    const found = spec.match(method, path);
    const record: RecordedRequest = {
      method,
      path,
      operationId: found?.operationId ?? null,
      body,
      violations: [],
      status: 0,
    };
    requests.push(record);
    const answer = checkedAnswer(spec, record, found, query, req, body);
    record.status = answer.status;
    return answer;
  }

  function checkedAnswer(
    s: PixSpec,
    record: RecordedRequest,
    found: ReturnType<PixSpec['match']>,
    query: Record<string, string>,
    req: http.IncomingMessage,
    body: unknown,
  ): Answer {
    if (!found)
      return problem(404, 'NaoEncontrado', 'Não encontrado.', `${record.method} ${record.path} não existe na API Pix.`);
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = auth ? issued.get(auth) : undefined;
    if (!grant || grant.expiresAt < Date.now()) return { status: 401, body: { error: 'invalid_token' } };
    record.violations = s.check({
      method: record.method,
      path: record.path,
      query,
      headers: { 'content-type': String(req.headers['content-type'] ?? 'application/json') },
      body,
    });
    if (body === null) record.violations.push({ razao: 'JSON inválido', propriedade: '(corpo)' });
    if (record.violations.length) {
      return problem(
        400,
        'RequisicaoInvalida',
        'Requisição inválida.',
        'A requisição não respeita o schema da API Pix.',
        record.violations,
      );
    }
    if (found.scopes.length && !found.scopes.some((scope) => grant.scopes.has(scope))) {
      return problem(403, 'AcessoNegado', 'Acesso negado.', `O token não tem o escopo ${found.scopes.join(' ou ')}.`);
    }
    const automaticoHandle = automaticoHandlers[found.operationId];
    if (automaticoHandle)
      return automaticoHandle(automaticoState, {
        params: found.params,
        query,
        body: (body ?? {}) as Record<string, unknown>,
      });
    const handle = handlers[found.operationId];
    if (!handle)
      return problem(
        501,
        'ErroInternoDoServidor',
        'Não implementado.',
        `${found.operationId} não é atendido por este PSP de testes.`,
      );
    return handle(state, { params: found.params, query, body: (body ?? {}) as Record<string, unknown> });
  }

  const server = o.tls
    ? https.createServer(
        { key: o.tls.key, cert: o.tls.cert, ca: o.tls.ca, requestCert: true, rejectUnauthorized: true },
        handler,
      )
    : http.createServer(handler);
  const host = o.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `${o.tls ? 'https' : 'http'}://${host}:${port}`;
  state = new PspState(`${host}:${port}`);
  automaticoState = new AutomaticoState(state);

  async function notify(pix: StoredPix[]): Promise<number | null> {
    const chave = pix[0]?.chave;
    const hook = chave ? state.webhooks.get(chave) : undefined;
    if (!hook) return null;
    // Tests talk to loopback only: a webhook registered at any other address (an app configured with a
    // public APP_URL) is never called; the test injects that call instead.
    const { hostname } = new URL(hook.webhookUrl);
    if (!o.webhooksAnywhere && !/^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/.test(hostname)) return null;
    try {
      const answer = await fetch(`${hook.webhookUrl}/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pix: pix.map(pixView) }),
        signal: AbortSignal.timeout(10_000),
      });
      await answer.arrayBuffer();
      return answer.status;
    } catch {
      return null;
    }
  }

  const standIn: PixStandIn = {
    url: origin,
    baseUrl: `${origin}${API_ROOT}`,
    tokenUrl: `${origin}/oauth/token`,
    clientId,
    clientSecret,
    get state() {
      return state;
    },
    get automatico() {
      return automaticoState;
    },
    requests,
    get tokensIssued() {
      return tokenCount;
    },
    violations: () => requests.filter((r) => r.violations.length > 0),
    failNext: (times, status) => failures.push(...Array.from({ length: times }, () => status)),
    revokeTokens: () => issued.clear(),
    loseNext: (times) => {
      lostAnswers += times;
    },
    async pay(txid, p = {}) {
      const paid = state.pay(txid, p);
      if (paid && p.notify !== false) await notify([paid]);
      return paid;
    },
    notify,
    async settleRefunds() {
      for (const pix of state.settleRefunds()) await notify([pix]);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return standIn;
}

type Handler = (
  state: PspState,
  r: { params: Record<string, string>; query: Record<string, string>; body: Record<string, unknown> },
) => Answer;

const ALL_SCOPES = [
  'cob.write',
  'cob.read',
  'cobv.write',
  'cobv.read',
  'pix.read',
  'pix.write',
  'webhook.read',
  'webhook.write',
  ...AUTOMATICO_SCOPES,
];

const notFoundCharge = (kind: 'cob' | 'cobv', txid: string) =>
  problem(
    404,
    kind === 'cob' ? 'CobNaoEncontrado' : 'CobVNaoEncontrada',
    'Cobrança não encontrada.',
    `Nenhuma cobrança encontrada para o txid ${txid}.`,
  );

/** The operations this PSP serves, by the specification's operation id. */
const handlers: Record<string, Handler> = {
  'PUT /cob/{txid}': (s, r) => s.put('cob', r.params.txid!, r.body),
  'PATCH /cob/{txid}': (s, r) => s.patch('cob', r.params.txid!, r.body),
  'GET /cob/{txid}': (s, r) => {
    const c = s.charge('cob', r.params.txid!);
    return c ? { status: 200, body: s.view(c) } : notFoundCharge('cob', r.params.txid!);
  },
  'PUT /cobv/{txid}': (s, r) => s.put('cobv', r.params.txid!, r.body),
  'PATCH /cobv/{txid}': (s, r) => s.patch('cobv', r.params.txid!, r.body),
  'GET /cobv/{txid}': (s, r) => {
    const c = s.charge('cobv', r.params.txid!);
    return c ? { status: 200, body: s.view(c) } : notFoundCharge('cobv', r.params.txid!);
  },
  'GET /pix': (s, r) => {
    const inicio = new Date(r.query.inicio!);
    const fim = new Date(r.query.fim!);
    if (fim < inicio)
      return problem(
        400,
        'PixConsultaInvalida',
        'Consulta inválida.',
        'O parâmetro fim é anterior ao parâmetro inicio.',
      );
    const page = Number(r.query['paginacao.paginaAtual'] ?? 0);
    const perPage = Number(r.query['paginacao.itensPorPagina'] ?? 100);
    return { status: 200, body: s.listPix(inicio, fim, page, perPage) };
  },
  'GET /pix/{e2eid}': (s, r) => {
    const pix = s.received.find((p) => p.endToEndId === r.params.e2eid);
    return pix ? { status: 200, body: pixView(pix) } : problem(404, 'PixNaoEncontrado', 'Pix não encontrado.');
  },
  'PUT /pix/{e2eid}/devolucao/{id}': (s, r) => s.refund(r.params.e2eid!, r.params.id!, r.body),
  'GET /pix/{e2eid}/devolucao/{id}': (s, r) => {
    const d = s.received.find((p) => p.endToEndId === r.params.e2eid)?.devolucoes.find((x) => x.id === r.params.id);
    return d ? { status: 200, body: d } : problem(404, 'DevolucaoNaoEncontrada', 'Devolução não encontrada.');
  },
  'PUT /webhook/{chave}': (s, r) => {
    s.webhooks.set(r.params.chave!, { webhookUrl: String(r.body.webhookUrl), criacao: new Date().toISOString() });
    return { status: 200 };
  },
  'GET /webhook/{chave}': (s, r) => {
    const hook = s.webhooks.get(r.params.chave!);
    return hook
      ? { status: 200, body: { ...hook, chave: r.params.chave } }
      : problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.');
  },
  'DELETE /webhook/{chave}': (s, r) => {
    s.webhooks.delete(r.params.chave!);
    return { status: 204 };
  },
};
