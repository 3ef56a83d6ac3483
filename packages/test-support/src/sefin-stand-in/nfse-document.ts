// The NFS-e (layout 1.01) the SEFIN stand-in answers with, around the DPS as it came: the values the
// national system computes (base, ISS, withholdings, net, and the IBS/CBS of 2026's test rates), and
// for what the real system takes from its registers (the provider's name and address, the names of the
// municipalities) what the stand-in has.
import { X509Certificate } from 'node:crypto';
import { el, money, NFSE_NS, percent, signatureCertificatePem } from '@ordem-certa/nfse-xml';
import { brasilia } from './answers.ts';

/** What the stand-in reads of a DPS. */
export interface DpsFacts {
  id: string;
  version: string;
  tpAmb: string;
  cLocEmi: string;
  cLocPrestacao: string;
  federalKind: string;
  federalId: string;
  im: string;
  opSimpNac: string;
  regApTribSN: string | null;
  cTribNac: string;
  description: string;
  vServ: string;
  vDescIncond: string | null;
  vDescCond: string | null;
  pAliq: string | null;
  tpRetISSQN: string;
  vPis: string | null;
  vCofins: string | null;
  tpRetPisCofins: string | null;
  vRetCP: string | null;
  vRetIRRF: string | null;
  vRetCSLL: string | null;
  ibsCbs: boolean;
  subst: { key: string; code: string; reason: string | null } | null;
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

const cents = (v: string | null) => (v ? Math.round(Number(v) * 100) : 0);
/** `rate` % of `amount` cents, half up (an exact product of integers, then one division). */
const share = (amount: number, rate: number) => Math.round((amount * Math.round(rate * 100)) / 10_000);

/** tpRetPisCofins codes under which PIS, and COFINS, are retained. */
const PIS_RETAINED = ['1', '3', '4', '5', '9'];
const COFINS_RETAINED = ['1', '3', '4', '6', '7'];

/** The values the system computes: vBC, the ISS, what the taker withholds (vTotalRet) and vLiq. */
function values(dps: DpsFacts, issRate: number | null) {
  const base = cents(dps.vServ) - cents(dps.vDescIncond);
  const iss = issRate !== null ? share(base, issRate) : null;
  const retCode = dps.tpRetPisCofins ?? '0';
  const withheld =
    (dps.tpRetISSQN !== '1' ? (iss ?? 0) : 0) +
    cents(dps.vRetCP) +
    cents(dps.vRetIRRF) +
    cents(dps.vRetCSLL) +
    (PIS_RETAINED.includes(retCode) ? cents(dps.vPis) : 0) +
    (COFINS_RETAINED.includes(retCode) ? cents(dps.vCofins) : 0);
  const net = cents(dps.vServ) - cents(dps.vDescIncond) - cents(dps.vDescCond) - withheld;
  const xml =
    '<valores>' +
    el('vBC', money(base)) +
    (issRate !== null ? el('pAliqAplic', percent(issRate)) + el('vISSQN', money(iss!)) : '') +
    (withheld > 0 ? el('vTotalRet', money(withheld)) : '') +
    el('vLiq', money(net)) +
    '</valores>';
  return { base, net, xml };
}

/** IBSCBS of the NFS-e at the 2026 test rates (IBS 0.1 % for the state, 0 for the municipality; CBS 0.9 %). */
function ibsCbs(dps: DpsFacts, base: number, net: number): string {
  const ibsUf = share(base, 0.1);
  const cbs = share(base, 0.9);
  return (
    '<IBSCBS>' +
    el('cLocalidadeIncid', dps.cLocPrestacao) +
    el('xLocalidadeIncid', `Município ${dps.cLocPrestacao}`) +
    '<valores>' +
    el('vBC', money(base)) +
    `<uf>${el('pIBSUF', '0.10')}${el('pAliqEfetUF', '0.10')}</uf>` +
    `<mun>${el('pIBSMun', '0.00')}${el('pAliqEfetMun', '0.00')}</mun>` +
    `<fed>${el('pCBS', '0.90')}${el('pAliqEfetCBS', '0.90')}</fed>` +
    '</valores><totCIBS>' +
    el('vTotNF', money(net)) +
    `<gIBS>${el('vIBSTot', money(ibsUf))}<gIBSUFTot>${el('vIBSUF', money(ibsUf))}</gIBSUFTot>` +
    `<gIBSMunTot>${el('vIBSMun', '0.00')}</gIBSMunTot></gIBS>` +
    `<gCBS>${el('vCBS', money(cbs))}</gCBS>` +
    '</totCIBS></IBSCBS>'
  );
}

/** The NFS-e, unsigned. */
export function nfseDocument(o: {
  dps: DpsFacts;
  dpsXml: string;
  accessKey: string;
  number: number;
  now: Date;
  issRate: number | null;
}): string {
  const { dps } = o;
  const v = values(dps, o.issRate);
  const providerName = signerName(o.dpsXml) ?? `Prestador ${dps.federalId}`;
  const dpsElement = o.dpsXml.replace(/^\s*<\?xml[^>]*\?>/, '');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<NFSe xmlns="${NFSE_NS}" versao="1.01"><infNFSe Id="NFS${o.accessKey}">` +
    el('xLocEmi', `Município ${dps.cLocEmi}`) +
    el('xLocPrestacao', `Município ${dps.cLocPrestacao}`) +
    el('nNFSe', o.number) +
    el('cLocIncid', dps.cLocPrestacao) +
    el('xLocIncid', `Município ${dps.cLocPrestacao}`) +
    el('xTribNac', `Serviço de código ${dps.cTribNac}`) +
    el('verAplic', 'stand-in') +
    el('ambGer', 2) +
    el('tpEmis', 1) +
    el('procEmi', 1) +
    el('cStat', 100) +
    el('dhProc', brasilia(o.now)) +
    el('nDFSe', o.number) +
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
    v.xml +
    (dps.ibsCbs ? ibsCbs(dps, v.base, v.net) : '') +
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
