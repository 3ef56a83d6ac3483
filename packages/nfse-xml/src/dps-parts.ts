// The groups of a DPS that depend on who the parties are and what is withheld: the taker, the
// substitution, the federal withholdings, totTrib and the IBS/CBS declaration (layout 1.01).
import { cleanText, digitsOf, el, money, percent } from './text.ts';
import { pisCofinsRetentionCode, withheldAmounts, type Withholdings } from './withholdings.ts';

/** A person or company as the DPS names it (the taker, or the IBS/CBS destination). */
export interface DpsParty {
  cpf?: string;
  cnpj?: string;
  name: string;
  phone?: string | null;
  email?: string | null;
  address?: {
    ibgeCode: string;
    postalCode: string;
    street: string;
    number: string;
    complement?: string | null;
    neighborhood: string;
  } | null;
}

/** subst: the NFS-e this DPS replaces. */
export interface DpsSubstitution {
  /** chSubstda: the replaced NFS-e's access key (50 digits). */
  accessKey: string;
  /** cMotivo: 01 left the Simples Nacional, 02 joined it, 03/04 immunity or exemption added/removed after the fact, 05 refused by the taker, 99 other. */
  reasonCode: '01' | '02' | '03' | '04' | '05' | '99';
  /** xMotivo: 15 to 255 characters once cleaned; required with code 99. */
  reason?: string | null;
}

/** IBSCBS of the DPS: what the issuer declares of the IBS and the CBS (the national system computes them). */
export interface DpsIbsCbs {
  /** cIndOp: the operation indicator (6 digits) of the national table. */
  operationIndicator: string;
  /** CST of the IBS/CBS (3 digits) and its cClassTrib (6 digits). */
  cst: string;
  classification: string;
  /** indFinal: 1 when the service is for the taker's own use or consumption. */
  finalConsumer?: boolean | null;
  /** Whoever receives the service when it is not the taker (indDest 1 with dest); none: the taker (indDest 0). */
  destination?: DpsParty | null;
}

/** A DPS part that cannot be built as asked; `field` names the input, e.g. 'taker.cpf'. */
export class DpsInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'DpsInputError';
  }
}

/** DDD + number, 6 to 20 digits; anything else is left out. */
export function phone(value: string | null | undefined): string | null {
  const digits = digitsOf(value);
  return digits.length >= 6 && digits.length <= 20 ? digits : null;
}

/** An address the national system will take (E0148: '@' and a dot), at most 80 characters. */
export function email(value: string | null | undefined): string | null {
  const text = cleanText(value, 200);
  return text && text.length <= 80 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? text : null;
}

/** CNPJ or CPF, name (the national rules keep it to 150 characters), address, phone, e-mail. */
function partyXml(party: DpsParty, field: string): string | null {
  const cnpj = digitsOf(party.cnpj);
  const cpf = digitsOf(party.cpf);
  let idXml: string;
  if (cnpj.length === 14) idXml = el('CNPJ', cnpj);
  else if (cpf.length === 11) idXml = el('CPF', cpf);
  else if (cnpj || cpf) throw new DpsInputError(`${field}.${cnpj ? 'cnpj' : 'cpf'}`, 'The CPF or CNPJ is incomplete.');
  else return null;
  const name = cleanText(party.name, 150);
  if (!name) throw new DpsInputError(`${field}.name`, 'A party of the DPS needs a name.');
  return (
    idXml +
    el('xNome', name) +
    addressXml(party.address) +
    el('fone', phone(party.phone)) +
    el('email', email(party.email))
  );
}

/** toma: left out when the taker has neither CPF nor CNPJ. */
export function takerXml(taker: DpsParty): string {
  const inner = partyXml(taker, 'taker');
  return inner ? `<toma>${inner}</toma>` : '';
}

/**
 * end: layout 1.01 requires endNac (IBGE code and CEP) or endExt, and street and neighbourhood; an
 * address short of any of them is left out.
 */
function addressXml(address: DpsParty['address']): string {
  if (!address) return '';
  const street = cleanText(address.street, 255);
  const neighborhood = cleanText(address.neighborhood, 60);
  const ibge = digitsOf(address.ibgeCode);
  const cep = digitsOf(address.postalCode);
  if (!street || !neighborhood || ibge.length !== 7 || cep.length !== 8) return '';
  return (
    `<end><endNac>${el('cMun', ibge)}${el('CEP', cep)}</endNac>` +
    el('xLgr', street) +
    el('nro', cleanText(address.number, 60) ?? 'S/N') +
    el('xCpl', cleanText(address.complement, 156)) +
    el('xBairro', neighborhood) +
    '</end>'
  );
}

/** subst, right after cLocEmi. */
export function substitutionXml(s: DpsSubstitution | null | undefined): string {
  if (!s) return '';
  if (!/^\d{50}$/.test(s.accessKey)) {
    throw new DpsInputError('substitution.accessKey', `An access key has 50 digits: '${s.accessKey}'`);
  }
  if (!['01', '02', '03', '04', '05', '99'].includes(s.reasonCode)) {
    throw new DpsInputError('substitution.reasonCode', `cMotivo is 01 to 05 or 99: '${s.reasonCode}'`);
  }
  const reason = cleanText(s.reason, 255);
  if (reason !== null && reason.length < 15) {
    throw new DpsInputError('substitution.reason', 'The reason of a substitution has at least 15 characters.');
  }
  if (s.reasonCode === '99' && !reason) {
    throw new DpsInputError('substitution.reason', "A substitution for 'other' reasons says why.");
  }
  return `<subst>${el('chSubstda', s.accessKey)}${el('cMotivo', s.reasonCode)}${el('xMotivo', reason)}</subst>`;
}

/**
 * tribFed: what the taker retains of the federal taxes. PIS and COFINS go in piscofins (CST 01, the base,
 * the rates and amounts of what is retained, tpRetPisCofins saying which of PIS, COFINS and CSLL are);
 * CP, IRRF and CSLL as amounts. Nothing when nothing federal is retained.
 */
export function federalXml(o: {
  serviceCents: number;
  unconditionalDiscountCents: number;
  withholdings: Withholdings | null | undefined;
}): string {
  const w = o.withholdings;
  if (!w) return '';
  const amounts = withheldAmounts({
    serviceCents: o.serviceCents,
    unconditionalDiscountCents: o.unconditionalDiscountCents,
    withholdings: { ...w, iss: false },
  });
  const pis = (w.pis ?? 0) > 0;
  const cofins = (w.cofins ?? 0) > 0;
  const csll = (w.csll ?? 0) > 0;
  const piscofins =
    pis || cofins || csll
      ? '<piscofins>' +
        el('CST', '01') +
        el('vBCPisCofins', money(amounts.baseCents)) +
        (pis ? el('pAliqPis', percent(w.pis!)) : '') +
        (cofins ? el('pAliqCofins', percent(w.cofins!)) : '') +
        (pis ? el('vPis', money(amounts.pisCents)) : '') +
        (cofins ? el('vCofins', money(amounts.cofinsCents)) : '') +
        el('tpRetPisCofins', pisCofinsRetentionCode(pis, cofins, csll)) +
        '</piscofins>'
      : '';
  const cp = (w.cp ?? 0) > 0 ? el('vRetCP', money(amounts.cpCents)) : '';
  const irrf = (w.irrf ?? 0) > 0 ? el('vRetIRRF', money(amounts.irrfCents)) : '';
  const csllXml = csll ? el('vRetCSLL', money(amounts.csllCents)) : '';
  const inner = piscofins + cp + irrf + csllXml;
  return inner ? `<tribFed>${inner}</tribFed>` : '';
}

/**
 * totTrib, which the schema requires. A company outside the Simples Nacional may not send indTotTrib nor
 * pTotTribSN (E0713), an ME/EPP may not send indTotTrib (E0712): both send the approximate percentages,
 * zero when unknown, or an ME/EPP its Simples Nacional rate. A MEI says it informs none (indTotTrib 0).
 */
export function totTribXml(
  regime: 1 | 2 | 3,
  approximateTaxes: { federal: number; state: number; municipal: number } | null | undefined,
  simplesNacionalRate: number | null | undefined,
): string {
  if (regime === 3 && simplesNacionalRate !== null && simplesNacionalRate !== undefined) {
    if (simplesNacionalRate > 99.99) throw new DpsInputError('values.simplesNacionalRate', 'At most 99.99 %.');
    return `<totTrib>${el('pTotTribSN', percent(simplesNacionalRate))}</totTrib>`;
  }
  if (regime === 2 && !approximateTaxes) return '<totTrib><indTotTrib>0</indTotTrib></totTrib>';
  const t = approximateTaxes ?? { federal: 0, state: 0, municipal: 0 };
  for (const [k, v] of Object.entries(t)) {
    if (!(v >= 0 && v <= 100)) throw new DpsInputError(`values.approximateTaxes.${k}`, `0 to 100 %: ${v}`);
  }
  return (
    '<totTrib><pTotTrib>' +
    el('pTotTribFed', percent(t.federal)) +
    el('pTotTribEst', percent(t.state)) +
    el('pTotTribMun', percent(t.municipal)) +
    '</pTotTrib></totTrib>'
  );
}

/** IBSCBS, the last group of infDPS: finNFSe 0 (a regular NFS-e), the operation, the destination, CST and cClassTrib. */
export function ibsCbsXml(g: DpsIbsCbs | null | undefined): string {
  if (!g) return '';
  const code = (value: string, digits: number, field: string) => {
    const d = digitsOf(value);
    if (d.length !== digits || d !== value.replace(/[.\s-]/g, '')) {
      throw new DpsInputError(`ibsCbs.${field}`, `${field} has ${digits} digits: '${value}'`);
    }
    return d;
  };
  const indOp = code(g.operationIndicator, 6, 'operationIndicator');
  const cst = code(g.cst, 3, 'cst');
  const classTrib = code(g.classification, 6, 'classification');
  const dest = g.destination ? partyXml(g.destination, 'ibsCbs.destination') : null;
  if (g.destination && !dest)
    throw new DpsInputError('ibsCbs.destination.cnpj', 'The destination needs a CPF or CNPJ.');
  return (
    '<IBSCBS>' +
    el('finNFSe', 0) +
    (g.finalConsumer === null || g.finalConsumer === undefined ? '' : el('indFinal', g.finalConsumer ? 1 : 0)) +
    el('cIndOp', indOp) +
    el('indDest', dest ? 1 : 0) +
    (dest ? `<dest>${dest}</dest>` : '') +
    `<valores><trib><gIBSCBS>${el('CST', cst)}${el('cClassTrib', classTrib)}</gIBSCBS></trib></valores>` +
    '</IBSCBS>'
  );
}
