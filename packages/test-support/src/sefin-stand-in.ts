import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { header, notFound, refusal, type Answer } from './sefin-stand-in/answers.ts';
import { receiveEvent } from './sefin-stand-in/cancel.ts';
import { receiveDps } from './sefin-stand-in/issue.ts';
import { newState, type State } from './sefin-stand-in/state.ts';

/**
 * A local SEFIN Nacional for tests and demos, speaking the web service's protocol over plain http:
 * POST /nfse takes {dpsXmlGZipB64}, checks gzip + base64, the DPS schema and its signature, and answers
 * 201 with a signed NFS-e (valid against NFSe_v1.00.xsd) or 400 {erros: [{Codigo, Descricao}]};
 * POST /nfse/{chave}/eventos takes {pedidoRegistroEventoXmlGZipB64} and registers a cancellation;
 * GET /dps/{id} and GET /nfse/{chave} find what it issued.
 * To drive refusals: a DPS whose xDescServ contains 'REJEITAR' is refused with E0999, and the same DPS
 * Id twice with E0014. It keeps what it issued in memory.
 */
export async function startSefinStandIn(o: { port?: number; host?: string } = {}): Promise<{
  url: string;
  close(): Promise<void>;
}> {
  const state = newState();
  const server = http.createServer((req, res) => {
    handle(state, req)
      .then(({ status, body }) => reply(res, status, body))
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
  if (req.method === 'POST' && /(^|\/)nfse$/.test(path)) {
    return receiveDps(state, await readBody(req));
  }
  const event = /(?:^|\/)nfse\/(\d{50})\/eventos$/.exec(path);
  if (req.method === 'POST' && event) return receiveEvent(state, event[1]!, await readBody(req));
  const byDps = /(?:^|\/)dps\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && byDps) {
    const issued = state.byDpsId.get(byDps[1]!);
    if (!issued) return notFound('Não foi gerada uma NFS-e com o identificador de DPS informado.');
    return { status: 200, body: { ...header(issued.tpAmb), idDps: issued.dpsId, chaveAcesso: issued.accessKey } };
  }
  const byKey = /(?:^|\/)nfse\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && byKey) {
    const issued = state.byKey.get(byKey[1]!);
    if (!issued) return notFound('Chave de acesso não encontrada.');
    const nfseXmlGZipB64 = gzipSync(Buffer.from(issued.nfseXml, 'utf8')).toString('base64');
    return { status: 200, body: { ...header(issued.tpAmb), chaveAcesso: issued.accessKey, nfseXmlGZipB64 } };
  }
  return notFound(`Recurso não encontrado: ${req.method} ${path}`);
}

function reply(res: http.ServerResponse, status: number, body: unknown) {
  const data = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(data),
  });
  res.end(data);
}

/** The request body, at most 5 MB. */
function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 5 * 1024 * 1024) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

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
