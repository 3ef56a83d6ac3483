// POST /nfse at the SEFIN stand-in: a signed DPS of layout 1.01 checked and answered with a signed
// NFS-e. A DPS with subst replaces the NFS-e it names, which the system cancels by substitution.
import { randomInt } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { DateTime } from 'luxon';
import { NFSE_NS, signXml, validateXml, verifyXmlSignature } from '@ordem-certa/nfse-xml';
import { bad, brasilia, CODES, openPayload, parseXml, type Answer } from './answers.ts';
import { registerSubstitution } from './events.ts';
import { nfseDocument, type DpsFacts } from './nfse-document.ts';
import { municipalityOf, municipalRate, type Issued, type State } from './state.ts';

export async function receiveDps(state: State, raw: string): Promise<Answer> {
  const opened = openPayload(raw, 'dpsXmlGZipB64');
  if ('refused' in opened) return opened.refused;
  const xml = opened.xml;
  const problems = await validateXml(xml, 'DPS');
  if (problems.length > 0) return bad(CODES.schema, `Falha de schema: ${problems.slice(0, 5).join(' | ')}`);
  if (!/<(\w+:)?Signature[\s>]/.test(xml)) return bad(CODES.noSignature, 'A assinatura é obrigatória.');
  if (!verifyXmlSignature(xml)) return bad(CODES.badSignature, 'Arquivo enviado com erro na assinatura.');

  const dps = readDps(xml);
  if (dps.version !== '1.01') return bad(CODES.layoutVersion, `Leiaute ${dps.version} não é mais aceito: use 1.01.`);
  if (!municipalityOf(state, dps.cLocEmi).joined) {
    return bad(CODES.notJoined, 'Município emissor inexistente no cadastro de convênio.');
  }
  if (dps.description.includes('REJEITAR')) {
    return bad(CODES.refusedOnPurpose, 'DPS recusada pelo stand-in (a descrição pede REJEITAR).');
  }
  if (state.byDpsId.has(dps.id)) {
    return bad(
      CODES.duplicate,
      'Conjunto de Série, Número, Código do Município Emissor e CNPJ/CPF informado nesta DPS já existe em uma NFS-e gerada a partir de uma DPS enviada anteriormente.',
    );
  }
  const rate = issRate(state, dps);
  if ('refused' in rate) return rate.refused;
  let replaced: Issued | undefined;
  if (dps.subst) {
    replaced = state.byKey.get(dps.subst.key);
    if (!replaced) return bad(CODES.substitution, 'A NFS-e a substituir não foi encontrada.');
    if (replaced.cancelled) return bad(CODES.substitution, 'A NFS-e a substituir já está cancelada ou substituída.');
    if (replaced.federalId !== dps.federalId) {
      return bad(CODES.substitution, 'A NFS-e a substituir é de outro prestador.');
    }
  }

  const number = state.nextNumber++;
  const now = new Date();
  const accessKey = accessKeyFor(dps, number, now);
  const nfseXml = signXml(
    nfseDocument({ dps, dpsXml: xml, accessKey, number, now, issRate: rate.value }),
    state.cert,
    'infNFSe',
  );
  const issued: Issued = {
    accessKey,
    dpsId: dps.id,
    nfseXml,
    tpAmb: Number(dps.tpAmb),
    federalId: dps.federalId,
    cancelled: false,
    substitutedBy: null,
    events: new Map(),
  };
  state.byDpsId.set(dps.id, issued);
  state.byKey.set(accessKey, issued);
  if (replaced && dps.subst) {
    registerSubstitution(
      state,
      replaced,
      { substitute: accessKey, reasonCode: dps.subst.code, reason: dps.subst.reason },
      now,
    );
  }
  return {
    status: 201,
    // 'PERDER-RESPOSTA' in the description: the NFS-e is made and its answer lost on the way back.
    drop: dps.description.includes('PERDER-RESPOSTA'),
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

/**
 * The ISS rate the NFS-e applies: the municipality's where it has joined the national system (a rate
 * in the DPS is then refused, E0617, except the Simples Nacional rate of an ME/EPP whose ISS is
 * withheld), else the DPS's. None where the ISS is paid inside the Simples Nacional and not withheld;
 * a withheld ISS without any rate is refused.
 */
function issRate(state: State, dps: DpsFacts): { value: number | null } | { refused: Answer } {
  const withheld = dps.tpRetISSQN !== '1';
  const insideSimples = dps.opSimpNac === '2' || (dps.opSimpNac === '3' && (dps.regApTribSN ?? '1') === '1');
  const parametrized = municipalRate(state, dps.cLocPrestacao, dps.cTribNac);
  if (dps.pAliq !== null && parametrized !== null && !(insideSimples && withheld)) {
    return {
      refused: bad(CODES.rateNotAllowed, 'Alíquota informada para município que a parametriza no sistema nacional.'),
    };
  }
  const value = dps.pAliq !== null ? Number(dps.pAliq) : insideSimples && !withheld ? null : parametrized;
  if (withheld && value === null) {
    return { refused: bad(CODES.noRate, 'ISSQN retido sem alíquota: informe pAliq.') };
  }
  return { value };
}

function readDps(xml: string): DpsFacts {
  const doc = parseXml(xml);
  const inf = doc.getElementsByTagNameNS(NFSE_NS, 'infDPS')[0]!;
  const prest = inf.getElementsByTagNameNS(NFSE_NS, 'prest')[0]!;
  const first = (parent: typeof inf, name: string) =>
    parent.getElementsByTagNameNS(NFSE_NS, name)[0]?.textContent ?? null;
  const cnpj = first(prest, 'CNPJ');
  const subst = inf.getElementsByTagNameNS(NFSE_NS, 'subst')[0];
  return {
    id: inf.getAttribute('Id') ?? '',
    version: doc.documentElement?.getAttribute('versao') ?? '',
    tpAmb: first(inf, 'tpAmb') ?? '2',
    cLocEmi: first(inf, 'cLocEmi') ?? '',
    cLocPrestacao: first(inf, 'cLocPrestacao') ?? first(inf, 'cLocEmi') ?? '',
    federalKind: cnpj ? '2' : '1',
    federalId: (cnpj ?? first(prest, 'CPF') ?? '').padStart(14, '0'),
    im: first(prest, 'IM') ?? '',
    opSimpNac: first(prest, 'opSimpNac') ?? '1',
    regApTribSN: first(prest, 'regApTribSN'),
    cTribNac: first(inf, 'cTribNac') ?? '',
    description: first(inf, 'xDescServ') ?? '',
    vServ: first(inf, 'vServ') ?? '0',
    vDescIncond: first(inf, 'vDescIncond'),
    vDescCond: first(inf, 'vDescCond'),
    pAliq: first(inf, 'pAliq'),
    tpRetISSQN: first(inf, 'tpRetISSQN') ?? '1',
    vPis: first(inf, 'vPis'),
    vCofins: first(inf, 'vCofins'),
    tpRetPisCofins: first(inf, 'tpRetPisCofins'),
    vRetCP: first(inf, 'vRetCP'),
    vRetIRRF: first(inf, 'vRetIRRF'),
    vRetCSLL: first(inf, 'vRetCSLL'),
    ibsCbs: inf.getElementsByTagNameNS(NFSE_NS, 'IBSCBS').length > 0,
    subst: subst
      ? {
          key: first(subst, 'chSubstda') ?? '',
          code: first(subst, 'cMotivo') ?? '99',
          reason: first(subst, 'xMotivo'),
        }
      : null,
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
