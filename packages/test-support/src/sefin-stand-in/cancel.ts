// POST /nfse/{chave}/eventos at the SEFIN stand-in: a signed cancellation request registered.
import { gzipSync } from 'node:zlib';
import { el, NFSE_NS, signXml, validateXml, verifyXmlSignature } from '@ordem-certa/nfse-xml';
import { bad, brasilia, CODES, openPayload, parseXml, type Answer } from './answers.ts';
import type { State } from './state.ts';

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
