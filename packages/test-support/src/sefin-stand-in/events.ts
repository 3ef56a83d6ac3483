// Events at the SEFIN stand-in (layout 1.01): the cancellation a provider asks for (POST
// /nfse/{chave}/eventos), the cancellation by substitution the system itself registers on the replaced
// NFS-e, a cancellation made elsewhere (the national portal), and the query of an event.
import { gzipSync } from 'node:zlib';
import { el, NFSE_NS, signXml, validateXml, verifyXmlSignature } from '@ordem-certa/nfse-xml';
import { bad, brasilia, CODES, header, notFound, openPayload, parseXml, type Answer } from './answers.ts';
import type { Issued, State } from './state.ts';

/** The signed event of `code` on an NFS-e, around the request as it came (less its XML declaration). */
function registerEvent(state: State, issued: Issued, code: string, request: string, now: Date): string {
  const eventXml = signXml(
    '<?xml version="1.0" encoding="UTF-8"?>' +
      `<evento xmlns="${NFSE_NS}" versao="1.01"><infEvento Id="EVT${issued.accessKey}${code}001">` +
      el('verAplic', 'stand-in') +
      el('ambGer', 2) +
      el('nSeqEvento', 1) +
      el('dhProc', brasilia(now)) +
      el('nDFSe', state.nextNumber++) +
      request.replace(/^\s*<\?xml[^>]*\?>/, '') +
      '</infEvento></evento>',
    state.cert,
    'infEvento',
  );
  issued.events.set(code, eventXml);
  return eventXml;
}

/** A request the system writes itself (unsigned: the signature is optional in pedRegEvento). */
function systemRequest(issued: Issued, code: string, detail: string, now: Date): string {
  return (
    `<pedRegEvento xmlns="${NFSE_NS}" versao="1.01"><infPedReg Id="PRE${issued.accessKey}${code}">` +
    el('tpAmb', issued.tpAmb) +
    el('verAplic', 'stand-in') +
    el('dhEvento', brasilia(now)) +
    el('CNPJAutor', issued.federalId) +
    el('chNFSe', issued.accessKey) +
    detail +
    '</infPedReg></pedRegEvento>'
  );
}

/** POST /nfse/{chave}/eventos: a signed cancellation (e101101) checked and registered. */
export async function receiveEvent(state: State, accessKey: string, raw: string): Promise<Answer> {
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
  if (inf.getElementsByTagNameNS(NFSE_NS, 'e101101').length === 0) {
    return bad(CODES.eventNotAllowed, 'O stand-in só registra, a pedido do contribuinte, o cancelamento (e101101).');
  }
  const issued = state.byKey.get(accessKey);
  if (!issued) return bad(CODES.unknownNfse, 'NFS-e não encontrada para a chave de acesso informada.');
  if (issued.cancelled) return bad(CODES.alreadyCancelled, 'A NFS-e já está cancelada.');
  issued.cancelled = true;
  const now = new Date();
  const eventXml = registerEvent(state, issued, '101101', xml, now);
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

/** The replaced NFS-e gets the cancellation by substitution (e105102), naming the one that replaces it. */
export function registerSubstitution(
  state: State,
  replaced: Issued,
  o: { substitute: string; reasonCode: string; reason: string | null },
  now: Date,
) {
  replaced.cancelled = true;
  replaced.substitutedBy = o.substitute;
  const detail =
    '<e105102>' +
    el('xDesc', 'Cancelamento de NFS-e por Substituição') +
    el('cMotivo', o.reasonCode) +
    el('xMotivo', o.reason) +
    el('chSubstituta', o.substitute) +
    '</e105102>';
  registerEvent(state, replaced, '105102', systemRequest(replaced, '105102', detail, now), now);
}

/** A cancellation made outside this application (the national portal): the next status query shows it. */
export function cancelElsewhere(state: State, accessKey: string): boolean {
  const issued = state.byKey.get(accessKey);
  if (!issued || issued.cancelled) return false;
  issued.cancelled = true;
  const now = new Date();
  const detail =
    '<e101101>' +
    el('xDesc', 'Cancelamento de NFS-e') +
    el('cMotivo', 9) +
    el('xMotivo', 'Cancelada pelo contribuinte no Portal Nacional') +
    '</e101101>';
  registerEvent(state, issued, '101101', systemRequest(issued, '101101', detail, now), now);
  return true;
}

/** GET /nfse/{chave}/eventos/{tipoEvento}/{numSeqEvento}: the event, or 404. */
export function eventQuery(state: State, accessKey: string, code: string, seq: string): Answer {
  const issued = state.byKey.get(accessKey);
  if (!issued) return notFound('Chave de acesso não encontrada.');
  const eventXml = Number(seq) === 1 ? issued.events.get(code) : undefined;
  if (!eventXml) return notFound('Evento não encontrado para a NFS-e.');
  return {
    status: 200,
    body: { ...header(issued.tpAmb), eventoXmlGZipB64: gzipSync(Buffer.from(eventXml, 'utf8')).toString('base64') },
  };
}
