// POST /nfse at the SEFIN stand-in: a signed DPS checked and answered with a signed NFS-e.
import { X509Certificate, randomInt } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { DateTime } from 'luxon';
import {
  el,
  money,
  NFSE_NS,
  percent,
  signatureCertificatePem,
  signXml,
  validateXml,
  verifyXmlSignature,
} from '@ordem-certa/nfse-xml';
import { bad, brasilia, CODES, openPayload, parseXml, type Answer } from './answers.ts';
import type { Issued, State } from './state.ts';

export async function receiveDps(state: State, raw: string): Promise<Answer> {
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
