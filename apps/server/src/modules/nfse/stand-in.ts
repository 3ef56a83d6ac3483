import { X509Certificate, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { DateTime } from 'luxon';
import { makeSelfSignedA1, openA1, type A1Certificate } from './certificate.ts';
import { signatureCertificatePem, signXml, verifyXmlSignature } from './xml/sign.ts';
import { NFSE_NS, el, money, percent } from './xml/text.ts';
import { validateXml } from './xml/validate.ts';

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

// Codes the stand-in answers with; E0014 and E0714 are the national system's, the others its own.
const CODES = {
  notJson: 'E9001',
  notGzip: 'E9002',
  schema: 'RNG6110',
  noSignature: 'E0717',
  badSignature: 'E0714',
  duplicate: 'E0014',
  refusedOnPurpose: 'E0999',
  unknownNfse: 'E9003',
  keyMismatch: 'E9004',
  alreadyCancelled: 'E9005',
  notFound: 'E9404',
};

interface Issued {
  accessKey: string;
  dpsId: string;
  nfseXml: string;
  tpAmb: number;
  cancelled: boolean;
}

interface State {
  cert: A1Certificate;
  nextNumber: number;
  byDpsId: Map<string, Issued>;
  byKey: Map<string, Issued>;
}

function newState(): State {
  const password = 'stand-in';
  const pfx = makeSelfSignedA1({ cnpj: '00394460005887', password, name: 'SEFIN NACIONAL STAND-IN' });
  return { cert: openA1(pfx, password), nextNumber: 1, byDpsId: new Map(), byKey: new Map() };
}

type Answer = { status: number; body: unknown };

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

async function receiveDps(state: State, raw: string): Promise<Answer> {
  const opened = openPayload(raw, 'dpsXmlGZipB64');
  if ('refused' in opened) return opened.refused;
  const xml = opened.xml;
  const problems = await validateXml(xml, 'DPS');
  if (problems.length > 0) return bad(CODES.schema, `Falha de schema: ${problems.slice(0, 5).join(' | ')}`);
  if (!/<(\w+:)?Signature[\s>]/.test(xml)) return bad(CODES.noSignature, 'A assinatura é obrigatória.');
  if (!verifyXmlSignature(xml)) return bad(CODES.badSignature, 'Arquivo enviado com erro na assinatura.');

  const dps = readDps(xml);
  if (dps.description.includes('REJEITAR')) {
    return bad(CODES.refusedOnPurpose, 'DPS recusada pelo stand-in (a descrição pede REJEITAR).');
  }
  if (state.byDpsId.has(dps.id)) {
    return bad(
      CODES.duplicate,
      'Conjunto de Série, Número, Código do Município Emissor e CNPJ/CPF informado nesta DPS já existe em uma NFS-e gerada a partir de uma DPS enviada anteriormente.',
    );
  }

  const number = state.nextNumber++;
  const now = new Date();
  const accessKey = accessKeyFor(dps, number, now);
  const nfseXml = signXml(nfseDocument(state, dps, xml, accessKey, number, now), state.cert, 'infNFSe');
  const issued: Issued = { accessKey, dpsId: dps.id, nfseXml, tpAmb: Number(dps.tpAmb), cancelled: false };
  state.byDpsId.set(dps.id, issued);
  state.byKey.set(accessKey, issued);
  return {
    status: 201,
    body: {
      tipoAmbiente: Number(dps.tpAmb),
      versaoAplicativo: 'stand-in',
      dataHoraProcessamento: brasilia(now),
      idDps: dps.id,
      chaveAcesso: accessKey,
      nfseXmlGZipB64: gzipSync(Buffer.from(nfseXml, 'utf8')).toString('base64'),
    },
  };
}

async function receiveEvent(state: State, accessKey: string, raw: string): Promise<Answer> {
  const opened = openPayload(raw, 'pedidoRegistroEventoXmlGZipB64');
  if ('refused' in opened) return opened.refused;
  const xml = opened.xml;
  const problems = await validateXml(xml, 'pedRegEvento');
  if (problems.length > 0) return bad(CODES.schema, `Falha de schema: ${problems.slice(0, 5).join(' | ')}`);
  if (!/<(\w+:)?Signature[\s>]/.test(xml)) return bad(CODES.noSignature, 'A assinatura é obrigatória.');
  if (!verifyXmlSignature(xml)) return bad(CODES.badSignature, 'Arquivo enviado com erro na assinatura.');
  const doc = parseXml(xml);
  const inf = doc.getElementsByTagNameNS(NFSE_NS, 'infPedReg')[0]!;
  const text = (name: string) => inf.getElementsByTagNameNS(NFSE_NS, name)[0]?.textContent ?? '';
  if (text('chNFSe') !== accessKey) return bad(CODES.keyMismatch, 'A chave do pedido difere da chave do endereço.');
  const issued = state.byKey.get(accessKey);
  if (!issued) return bad(CODES.unknownNfse, 'NFS-e não encontrada para a chave de acesso informada.');
  if (issued.cancelled) return bad(CODES.alreadyCancelled, 'A NFS-e já está cancelada.');
  issued.cancelled = true;

  const now = new Date();
  const seq = state.nextNumber++;
  const eventCode = inf.getElementsByTagNameNS(NFSE_NS, 'e101101').length > 0 ? '101101' : '000000';
  // The request goes inside the event as it came, less its XML declaration.
  const request = xml.replace(/^\s*<\?xml[^>]*\?>/, '');
  const eventXml = signXml(
    '<?xml version="1.0" encoding="UTF-8"?>' +
      `<evento xmlns="${NFSE_NS}" versao="1.00"><infEvento Id="EVT${accessKey}${eventCode}001">` +
      el('verAplic', 'stand-in') +
      el('ambGer', 2) +
      el('nSeqEvento', 1) +
      el('dhProc', brasilia(now)) +
      el('nDFe', seq) +
      request +
      '</infEvento></evento>',
    state.cert,
    'infEvento',
  );
  return {
    status: 201,
    body: {
      tipoAmbiente: Number(text('tpAmb')),
      versaoAplicativo: 'stand-in',
      dataHoraProcessamento: brasilia(now),
      eventoXmlGZipB64: gzipSync(Buffer.from(eventXml, 'utf8')).toString('base64'),
    },
  };
}

/** The XML inside {field: gzip+base64}, or the refusal to answer. */
function openPayload(raw: string, field: string): { xml: string } | { refused: Answer } {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { refused: bad(CODES.notJson, 'O corpo da requisição não é JSON.') };
  }
  const data = (body as Record<string, unknown> | null)?.[field];
  if (typeof data !== 'string' || data === '')
    return { refused: bad(CODES.notJson, `O campo ${field} é obrigatório.`) };
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 !== 0) {
    return { refused: bad(CODES.notGzip, `${field} não está em base64.`) };
  }
  try {
    return { xml: gunzipSync(Buffer.from(data, 'base64')).toString('utf8') };
  } catch {
    return { refused: bad(CODES.notGzip, `${field} não está compactado com gzip.`) };
  }
}

interface DpsFacts {
  id: string;
  tpAmb: string;
  cLocEmi: string;
  cLocPrestacao: string;
  federalKind: string;
  federalId: string;
  im: string;
  cTribNac: string;
  description: string;
  vServ: string;
  vDescIncond: string | null;
  pAliq: string | null;
}

function readDps(xml: string): DpsFacts {
  const doc = parseXml(xml);
  const inf = doc.getElementsByTagNameNS(NFSE_NS, 'infDPS')[0]!;
  const prest = inf.getElementsByTagNameNS(NFSE_NS, 'prest')[0]!;
  const first = (parent: typeof inf, name: string) =>
    parent.getElementsByTagNameNS(NFSE_NS, name)[0]?.textContent ?? null;
  const cnpj = first(prest, 'CNPJ');
  return {
    id: inf.getAttribute('Id') ?? '',
    tpAmb: first(inf, 'tpAmb') ?? '2',
    cLocEmi: first(inf, 'cLocEmi') ?? '',
    cLocPrestacao: first(inf, 'cLocPrestacao') ?? first(inf, 'cLocEmi') ?? '',
    federalKind: cnpj ? '2' : '1',
    federalId: (cnpj ?? first(prest, 'CPF') ?? '').padStart(14, '0'),
    im: first(prest, 'IM') ?? '',
    cTribNac: first(inf, 'cTribNac') ?? '',
    description: first(inf, 'xDescServ') ?? '',
    vServ: first(inf, 'vServ') ?? '0',
    vDescIncond: first(inf, 'vDescIncond'),
    pAliq: first(inf, 'pAliq'),
  };
}

/**
 * The 50-digit key: municipality (7) + generating environment (1, '2' national) + kind of federal id (1)
 * + federal id (14) + NFS-e number (13) + year and month (4) + random code (9) + check digit (1, mod 11).
 */
function accessKeyFor(dps: DpsFacts, number: number, at: Date): string {
  const yymm = DateTime.fromJSDate(at, { zone: 'America/Sao_Paulo' }).toFormat('yyMM');
  const body =
    dps.cLocEmi +
    '2' +
    dps.federalKind +
    dps.federalId +
    String(number).padStart(13, '0') +
    yymm +
    String(randomInt(0, 1_000_000_000)).padStart(9, '0');
  return body + mod11(body);
}

function mod11(digits: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? '0' : String(11 - rest);
}

const UF_BY_CODE: Record<string, string> = {
  '11': 'RO',
  '12': 'AC',
  '13': 'AM',
  '14': 'RR',
  '15': 'PA',
  '16': 'AP',
  '17': 'TO',
  '21': 'MA',
  '22': 'PI',
  '23': 'CE',
  '24': 'RN',
  '25': 'PB',
  '26': 'PE',
  '27': 'AL',
  '28': 'SE',
  '29': 'BA',
  '31': 'MG',
  '32': 'ES',
  '33': 'RJ',
  '35': 'SP',
  '41': 'PR',
  '42': 'SC',
  '43': 'RS',
  '50': 'MS',
  '51': 'MT',
  '52': 'GO',
  '53': 'DF',
};

/**
 * The NFS-e (unsigned) around the DPS as it came. What the real system takes from its registers (the
 * provider's name and address, the municipalities' names) the stand-in fills with what it has.
 */
function nfseDocument(
  state: State,
  dps: DpsFacts,
  dpsXml: string,
  accessKey: string,
  number: number,
  now: Date,
): string {
  const cents = (v: string | null) => (v ? Math.round(Number(v) * 100) : 0);
  const net = cents(dps.vServ) - cents(dps.vDescIncond);
  const rate = dps.pAliq ? Number(dps.pAliq) : null;
  const providerName = signerName(dpsXml) ?? `Prestador ${dps.federalId}`;
  const dpsElement = dpsXml.replace(/^\s*<\?xml[^>]*\?>/, '');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<NFSe xmlns="${NFSE_NS}" versao="1.00"><infNFSe Id="NFS${accessKey}">` +
    el('xLocEmi', `Município ${dps.cLocEmi}`) +
    el('xLocPrestacao', `Município ${dps.cLocPrestacao}`) +
    el('nNFSe', number) +
    el('cLocIncid', dps.cLocPrestacao) +
    el('xLocIncid', `Município ${dps.cLocPrestacao}`) +
    el('xTribNac', `Serviço de código ${dps.cTribNac}`) +
    el('verAplic', 'stand-in') +
    el('ambGer', 2) +
    el('tpEmis', 1) +
    el('procEmi', 1) +
    el('cStat', 100) +
    el('dhProc', brasilia(now)) +
    el('nDFSe', number) +
    '<emit>' +
    (dps.federalKind === '2' ? el('CNPJ', dps.federalId) : el('CPF', dps.federalId.slice(3))) +
    (dps.im ? el('IM', dps.im) : '') +
    el('xNome', providerName) +
    '<enderNac>' +
    el('xLgr', 'Endereço do cadastro nacional') +
    el('nro', 'S/N') +
    el('xBairro', 'Centro') +
    el('cMun', dps.cLocEmi) +
    el('UF', UF_BY_CODE[dps.cLocEmi.slice(0, 2)] ?? 'SP') +
    el('CEP', '01001000') +
    '</enderNac></emit>' +
    '<valores>' +
    el('vBC', money(net)) +
    (rate !== null ? el('pAliqAplic', percent(rate)) + el('vISSQN', money((net * rate) / 100)) : '') +
    el('vLiq', money(net)) +
    '</valores>' +
    dpsElement +
    '</infNFSe></NFSe>'
  );
}

/** The name in the CN ('NAME:CNPJ') of the certificate that signed the DPS. */
function signerName(xml: string): string | null {
  const pem = signatureCertificatePem(xml);
  if (!pem) return null;
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(new X509Certificate(pem).subject)?.[1];
  return cn?.replace(/:\d{11,14}$/, '').trim() || null;
}

/** dhProc as Brasília writes it. */
function brasilia(at: Date): string {
  return DateTime.fromJSDate(at, { zone: 'America/Sao_Paulo' }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");
}

function parseXml(xml: string) {
  return new DOMParser({ errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} } }).parseFromString(
    xml,
    'text/xml',
  );
}

function refusal(errors: Array<[string, string]>) {
  return {
    tipoAmbiente: 2,
    versaoAplicativo: 'stand-in',
    dataHoraProcessamento: brasilia(new Date()),
    erros: errors.map(([Codigo, Descricao]) => ({ Codigo, Descricao })),
  };
}

function header(tpAmb: number) {
  return { tipoAmbiente: tpAmb, versaoAplicativo: 'stand-in', dataHoraProcessamento: brasilia(new Date()) };
}

/** The queries answer 404 with one `erro`, the shape the service documents for them. */
function notFound(descricao: string): Answer {
  return { status: 404, body: { ...header(2), erro: { codigo: CODES.notFound, descricao } } };
}

function bad(code: string, message: string): Answer {
  return { status: 400, body: refusal([[code, message]]) };
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

// `node --import tsx apps/server/src/modules/nfse/stand-in.ts --port 4600`: a stand-in for demos.
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
