import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { header, notFound, refusal, type Answer } from './sefin-stand-in/answers.ts';
import { cancelElsewhere, eventQuery, receiveEvent } from './sefin-stand-in/events.ts';
import { receiveDps } from './sefin-stand-in/issue.ts';
import { parametersAnswer } from './sefin-stand-in/parameters.ts';
import { newState, type Municipality, type State } from './sefin-stand-in/state.ts';
import { readBodyUpTo } from './read-body.ts';

export type { Municipality } from './sefin-stand-in/state.ts';

export interface SefinStandIn {
  /** The SEFIN base URL; the municipal parameters answer under `${url}/parametrizacao`. */
  url: string;
  close(): Promise<void>;
  /** Cancels an NFS-e as if on the national portal (e101101 registered): the next status query finds it. */
  cancelElsewhere(accessKey: string): boolean;
  /** A municipality's parameters (any other: joined, 2 % for every service). */
  setMunicipality(code: string, m: Municipality): void;
  /** Every request received ('POST /nfse', 'GET /parametrizacao/3550308/convenio'), in order. */
  readonly requests: readonly string[];
}

/**
 * A local SEFIN Nacional (layout 1.01) for tests and demos, speaking the web service's protocol over
 * plain http:
 * - POST /nfse takes {dpsXmlGZipB64}, checks gzip + base64, the DPS schema and its signature, and
 *   answers 201 with a signed NFS-e (valid against NFSe_v1.01.xsd: base, ISS, withholdings, vLiq,
 *   IBS/CBS) or 400 {erros: [{Codigo, Descricao}]}. A DPS with subst replaces the NFS-e it names (which
 *   gets the event e105102).
 * - POST /nfse/{chave}/eventos takes {pedidoRegistroEventoXmlGZipB64} and registers a cancellation.
 * - GET /dps/{id}, GET /nfse/{chave} and GET /nfse/{chave}/eventos/{tipo}/{seq} find what it issued.
 * - GET /parametrizacao/{municipio}/convenio and …/{municipio}/{servico}/{competencia}/aliquota: the
 *   municipal parameters.
 * To drive it: a DPS whose xDescServ contains 'REJEITAR' is refused with E0999; 'PERDER-RESPOSTA' is
 * issued and its answer dropped (the connection cut); the same DPS Id twice is refused with E0014;
 * POST /_stand-in/nfse/{chave}/cancelar cancels an NFS-e "elsewhere", PUT /_stand-in/municipios/{code}
 * {joined, rates} sets a municipality (also as methods of the returned object). In memory.
 */
export async function startSefinStandIn(o: { port?: number; host?: string } = {}): Promise<SefinStandIn> {
  const state = newState();
  const server = http.createServer((req, res) => {
    handle(state, req)
      .then(({ status, body, drop }) => (drop ? req.socket.destroy() : reply(res, status, body)))
      .catch((err: unknown) => reply(res, 500, refusal([['E9999', `Falha no processamento: ${String(err)}`]])));
  });
  const host = o.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    cancelElsewhere: (key) => cancelElsewhere(state, key),
    setMunicipality: (code, m) => void state.municipalities.set(code, m),
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

async function handle(state: State, req: http.IncomingMessage): Promise<Answer> {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const path = url.pathname.replace(/\/+$/, '');
  state.requests.push(`${req.method} ${path}`);
  const control = await controlAnswer(state, req, path);
  if (control) return control;
  if (req.method === 'GET') {
    const parameters = parametersAnswer(state, path);
    if (parameters) return parameters;
  }
  if (req.method === 'POST' && /(^|\/)nfse$/.test(path)) {
    return receiveDps(state, await readBody(req));
  }
  const posted = /(?:^|\/)nfse\/(\d{50})\/eventos$/.exec(path);
  if (req.method === 'POST' && posted) return receiveEvent(state, posted[1]!, await readBody(req));
  const byDps = /(?:^|\/)dps\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && byDps) {
    const issued = state.byDpsId.get(byDps[1]!);
    if (!issued) return notFound('Não foi gerada uma NFS-e com o identificador de DPS informado.');
    return { status: 200, body: { ...header(issued.tpAmb), idDps: issued.dpsId, chaveAcesso: issued.accessKey } };
  }
  const event = /(?:^|\/)nfse\/(\d{50})\/eventos\/(\d{6})\/(\d+)$/.exec(path);
  if (req.method === 'GET' && event) return eventQuery(state, event[1]!, event[2]!, event[3]!);
  const byKey = /(?:^|\/)nfse\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && byKey) {
    const issued = state.byKey.get(byKey[1]!);
    if (!issued) return notFound('Chave de acesso não encontrada.');
    const nfseXmlGZipB64 = gzipSync(Buffer.from(issued.nfseXml, 'utf8')).toString('base64');
    return { status: 200, body: { ...header(issued.tpAmb), chaveAcesso: issued.accessKey, nfseXmlGZipB64 } };
  }
  return notFound(`Recurso não encontrado: ${req.method} ${path}`);
}

/** The stand-in's own controls, for tests and demos that run it in another process. */
async function controlAnswer(state: State, req: http.IncomingMessage, path: string): Promise<Answer | null> {
  const cancel = /^\/_stand-in\/nfse\/(\d{50})\/cancelar$/.exec(path);
  if (req.method === 'POST' && cancel) {
    return cancelElsewhere(state, cancel[1]!)
      ? { status: 200, body: { cancelada: true } }
      : notFound('NFS-e não encontrada ou já cancelada.');
  }
  const municipality = /^\/_stand-in\/municipios\/(\d{7})$/.exec(path);
  if (req.method === 'PUT' && municipality) {
    const body = JSON.parse((await readBody(req)) || '{}') as Partial<Municipality>;
    state.municipalities.set(municipality[1]!, { joined: body.joined !== false, rates: body.rates ?? {} });
    return { status: 204, body: null };
  }
  return null;
}

function reply(res: http.ServerResponse, status: number, body: unknown) {
  if (status === 204) {
    res.writeHead(204).end();
    return;
  }
  const data = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(data),
  });
  res.end(data);
}

/** The request body, at most 5 MB. */
const readBody = (req: http.IncomingMessage) => readBodyUpTo(req, 5 * 1024 * 1024);

// `node --import tsx packages/test-support/src/sefin-stand-in.ts --port 4600`: a stand-in for demos.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const standIn = await startSefinStandIn({ port: Number(arg('--port') ?? 4600), host: arg('--host') ?? '127.0.0.1' });
  console.log(`SEFIN Nacional stand-in listening at ${standIn.url}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
