// The SEFIN stand-in's answers: its refusal codes, the body of a refusal or a 404, the XML a request
// carries (gzip + base64 in a JSON field) and the date-time it writes (Brasília's offset).
import { gunzipSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { DateTime } from 'luxon';

/** What the stand-in answers: an HTTP status and a JSON body; `drop`: the connection is cut instead (a lost answer). */
export type Answer = { status: number; body: unknown; drop?: boolean };

// Codes the stand-in answers with; E0014, E0037, E0617 and E0714 are the national system's, the others
// (E9…) its own.
export const CODES = {
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
  eventNotAllowed: 'E9006',
  layoutVersion: 'E9007',
  noRate: 'E9008',
  substitution: 'E9009',
  notFound: 'E9404',
  /** The emitting municipality has not joined the national system. */
  notJoined: 'E0037',
  /** A rate sent where the municipality of incidence sets it. */
  rateNotAllowed: 'E0617',
};

/** The XML inside {field: gzip+base64}, or the refusal to answer. */
export function openPayload(raw: string, field: string): { xml: string } | { refused: Answer } {
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

/** dhProc as Brasília writes it. */
export function brasilia(at: Date): string {
  return DateTime.fromJSDate(at, { zone: 'America/Sao_Paulo' }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");
}

export function parseXml(xml: string) {
  return new DOMParser({ errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} } }).parseFromString(
    xml,
    'text/xml',
  );
}

export function refusal(errors: Array<[string, string]>) {
  return {
    tipoAmbiente: 2,
    versaoAplicativo: 'stand-in',
    dataHoraProcessamento: brasilia(new Date()),
    erros: errors.map(([Codigo, Descricao]) => ({ Codigo, Descricao })),
  };
}

export function header(tpAmb: number) {
  return { tipoAmbiente: tpAmb, versaoAplicativo: 'stand-in', dataHoraProcessamento: brasilia(new Date()) };
}

/** The queries answer 404 with one `erro`, the shape the service documents for them. */
export function notFound(descricao: string): Answer {
  return { status: 404, body: { ...header(2), erro: { codigo: CODES.notFound, descricao } } };
}

export function bad(code: string, message: string): Answer {
  return { status: 400, body: refusal([[code, message]]) };
}
