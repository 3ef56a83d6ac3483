import { DateTime } from 'luxon';
import {
  DpsInputError,
  email,
  federalXml,
  ibsCbsXml,
  phone,
  substitutionXml,
  takerXml,
  totTribXml,
  type DpsIbsCbs,
  type DpsParty,
  type DpsSubstitution,
} from './dps-parts.ts';
import { APP_VERSION, LAYOUT_VERSION, NFSE_NS, cleanText, digitsOf, el, money, percent } from './text.ts';
import { withholdsAnything, type Withholdings } from './withholdings.ts';

export { DpsInputError, type DpsIbsCbs, type DpsParty, type DpsSubstitution } from './dps-parts.ts';

/** What a DPS (layout 1.01) is built from. Amounts in cents; rates in percent (2.5 = 2,5 %). */
export interface DpsInput {
  /** tpAmb: 'production' 1, 'homologation' 2. */
  environment: 'homologation' | 'production';
  /** dhEmi, written with the offset this IANA zone has at that instant. */
  issuedAt: Date;
  timeZone: string;
  /** dCompet, YYYY-MM-DD; not after the day of issuedAt in that zone. */
  competence: string;
  /** serie: digits, 1 to 49999 (the range of the provider's own application); nDPS: 1 to 15 digits. */
  series: string;
  number: number;
  /** cLocEmi: the IBGE code (7 digits) of the issuing municipality. */
  emitterMunicipalityCode: string;
  provider: {
    cnpj: string;
    municipalRegistration?: string | null;
    phone?: string | null;
    email?: string | null;
    /** opSimpNac: 1 not in the Simples Nacional, 2 MEI, 3 ME/EPP. */
    simplesNacional: 1 | 2 | 3;
    /** regApTribSN, only for ME/EPP (3); 1 when not given. */
    regApTribSN?: 1 | 2 | 3 | null;
    /** regEspTrib: 0 none … 6. */
    specialRegime: number;
  };
  /** The taker: left out of the DPS when it has neither CPF nor CNPJ. */
  taker: DpsParty;
  /** subst: the NFS-e this DPS replaces. */
  substitution?: DpsSubstitution | null;
  /** cLocPrestacao, cTribNac (6 digits, dots allowed: '14.01.01'), xDescServ. */
  service: { municipalityCode: string; serviceCode: string; description: string };
  values: {
    serviceCents: number;
    unconditionalDiscountCents?: number;
    /** pAliq; written only where the national rules admit it (see issRateAllowed). */
    issRate?: number | null;
    /** pTotTrib: approximate federal, state and municipal taxes in percent (Lei 12.741/2012). */
    approximateTaxes?: { federal: number; state: number; municipal: number } | null;
    /** pTotTribSN: the approximate Simples Nacional rate in percent (ME/EPP only). */
    simplesNacionalRate?: number | null;
    /** What the taker withholds: the ISS (tpRetISSQN 2) and federal taxes (tribFed, amounts of the base). */
    withholdings?: Withholdings | null;
  };
  /** IBSCBS: declared when the company's settings say so (optional until the municipality requires it). */
  ibsCbs?: DpsIbsCbs | null;
}

/**
 * The Id of infDPS (45 characters): 'DPS' + municipality (7) + kind of the provider's federal id (1 CPF,
 * 2 CNPJ, as the national rules and both reference samples have it) + that id left-padded to 14 + series
 * left-padded to 5 + DPS number left-padded to 15.
 */
export function dpsId(
  municipalityCode: string,
  provider: { cnpj?: string; cpf?: string },
  series: string,
  number: number,
): string {
  if (!/^\d{7}$/.test(municipalityCode)) {
    throw new DpsInputError('emitterMunicipalityCode', `An IBGE municipality code has 7 digits: '${municipalityCode}'`);
  }
  const cnpj = digitsOf(provider.cnpj);
  const cpf = digitsOf(provider.cpf);
  let kind: string;
  let federalId: string;
  if (cnpj) {
    if (cnpj.length !== 14) throw new DpsInputError('provider.cnpj', `A CNPJ has 14 digits: '${provider.cnpj}'`);
    kind = '2';
    federalId = cnpj;
  } else if (cpf) {
    if (cpf.length !== 11) throw new DpsInputError('provider.cpf', `A CPF has 11 digits: '${provider.cpf}'`);
    kind = '1';
    federalId = cpf.padStart(14, '0');
  } else {
    throw new DpsInputError('provider.cnpj', 'The provider needs a CNPJ or a CPF.');
  }
  if (!/^\d{1,5}$/.test(series)) throw new DpsInputError('series', `A DPS series is 1 to 5 digits: '${series}'`);
  if (!Number.isSafeInteger(number) || number < 1 || number > 999_999_999_999_999) {
    throw new DpsInputError('number', `A DPS number is a whole number from 1 to 15 digits: ${number}`);
  }
  return `DPS${municipalityCode}${kind}${federalId}${series.padStart(5, '0')}${String(number).padStart(15, '0')}`;
}

/**
 * Whether pAliq may be written. The national system refuses a rate when the provider has a special
 * regime (E0604), is a MEI (E0600), or is an ME/EPP paying the ISS inside the Simples Nacional without
 * withholding (E0625/E0631: with the ISS withheld, its Simples rate is the one withheld); for a company
 * outside the Simples, or an ME/EPP paying the ISS outside it, the rate is refused where the
 * municipality has joined the national system (E0617/E0635) and required where it has not
 * (E0619/E0640) — which only the caller knows, so it gives issRate for the latter.
 */
export function issRateAllowed(provider: DpsInput['provider'], issWithheld = false): boolean {
  if (provider.specialRegime !== 0) return false;
  if (provider.simplesNacional === 1) return true;
  if (provider.simplesNacional === 3) return (provider.regApTribSN ?? 1) !== 1 || issWithheld;
  return false;
}

/** The DPS, unsigned; valid against DPS_v1.01.xsd once signed (signXml with 'infDPS'). */
export function buildDps(input: DpsInput): { id: string; xml: string } {
  const { provider, taker, service, values } = input;
  const cnpj = digitsOf(provider.cnpj);
  const id = dpsId(input.emitterMunicipalityCode, { cnpj }, input.series, input.number);
  const seriesValue = Number(input.series);
  // Series 00001 to 49999 belong to the provider's own application (E0010).
  if (seriesValue < 1 || seriesValue > 49_999) {
    throw new DpsInputError('series', `The series of a DPS sent by an application is 1 to 49999: '${input.series}'`);
  }

  const issued = DateTime.fromJSDate(input.issuedAt, { zone: input.timeZone });
  if (!issued.isValid) throw new DpsInputError('timeZone', `Unknown time zone or date: ${input.timeZone}`);
  // The layout admits whole-hour offsets from -11:00 to +12:00 only.
  if (issued.offset % 60 !== 0 || issued.offset < -11 * 60 || issued.offset > 12 * 60) {
    throw new DpsInputError('timeZone', `The layout has no place for the offset of ${input.timeZone}`);
  }
  const competence = DateTime.fromISO(input.competence, { zone: input.timeZone });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.competence) || !competence.isValid) {
    throw new DpsInputError('competence', `The competence is a date YYYY-MM-DD: '${input.competence}'`);
  }
  if (input.competence > issued.toISODate()!) {
    throw new DpsInputError('competence', 'The competence cannot be after the day the DPS is issued (E0015).');
  }

  const regime = provider.simplesNacional;
  if (![1, 2, 3].includes(regime))
    throw new DpsInputError('provider.simplesNacional', `opSimpNac is 1, 2 or 3: ${regime}`);
  if (!Number.isInteger(provider.specialRegime) || provider.specialRegime < 0 || provider.specialRegime > 6) {
    throw new DpsInputError('provider.specialRegime', `regEspTrib is 0 to 6: ${provider.specialRegime}`);
  }
  const regApTribSN = regime === 3 ? (provider.regApTribSN ?? 1) : null;
  if (provider.specialRegime !== 0 && (regime === 2 || regApTribSN === 1)) {
    // E0174 (MEI) and E0175 (ME/EPP paying everything inside the Simples Nacional).
    throw new DpsInputError(
      'provider.specialRegime',
      'A MEI, or an ME/EPP paying the ISS in the Simples, has no special regime.',
    );
  }

  const serviceCents = Math.round(values.serviceCents);
  if (!Number.isSafeInteger(serviceCents) || serviceCents <= 0) {
    throw new DpsInputError('values.serviceCents', `The service value must be positive: ${values.serviceCents}`);
  }
  const discountCents = Math.round(values.unconditionalDiscountCents ?? 0);
  if (!Number.isSafeInteger(discountCents) || discountCents < 0 || discountCents > serviceCents) {
    throw new DpsInputError('values.unconditionalDiscountCents', 'The discount is between zero and the service value.');
  }

  const serviceCode = digitsOf(service.serviceCode);
  if (!/^\d{6}$/.test(serviceCode)) {
    throw new DpsInputError('service.serviceCode', `The national service code has 6 digits: '${service.serviceCode}'`);
  }
  if (!/^\d{7}$/.test(service.municipalityCode)) {
    throw new DpsInputError('service.municipalityCode', `An IBGE code has 7 digits: '${service.municipalityCode}'`);
  }
  const description = cleanText(service.description, 2000, { multiline: true });
  if (!description) throw new DpsInputError('service.description', 'The service needs a description.');

  const prest =
    '<prest>' +
    el('CNPJ', cnpj) +
    el('IM', cleanText(provider.municipalRegistration, 15)) +
    el('fone', phone(provider.phone)) +
    el('email', email(provider.email)) +
    '<regTrib>' +
    el('opSimpNac', regime) +
    el('regApTribSN', regApTribSN) +
    el('regEspTrib', provider.specialRegime) +
    '</regTrib></prest>';

  const withholdings = values.withholdings ?? null;
  const issWithheld = !!withholdings?.iss;
  // A MEI pays a fixed monthly amount: nobody withholds its ISS, nor its federal taxes.
  if (regime === 2 && withholdsAnything(withholdings)) {
    throw new DpsInputError('values.withholdings', 'Nothing is withheld from a MEI.');
  }
  if (issWithheld && !takerXml(taker)) {
    throw new DpsInputError('values.withholdings.iss', 'Only an identified taker withholds the ISS.');
  }

  let pAliq: string | null = null;
  if (values.issRate !== null && values.issRate !== undefined && issRateAllowed(provider, issWithheld)) {
    // E0595: no rate above 5 %.
    if (!(values.issRate > 0 && values.issRate <= 5)) {
      throw new DpsInputError('values.issRate', `The ISS rate is above 0 and at most 5 %: ${values.issRate}`);
    }
    pAliq = percent(values.issRate);
  }

  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<DPS xmlns="${NFSE_NS}" versao="${LAYOUT_VERSION}"><infDPS Id="${id}">` +
    el('tpAmb', input.environment === 'production' ? 1 : 2) +
    el('dhEmi', issued.set({ millisecond: 0 }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ")) +
    el('verAplic', APP_VERSION) +
    el('serie', input.series) +
    el('nDPS', input.number) +
    el('dCompet', input.competence) +
    el('tpEmit', 1) +
    el('cLocEmi', input.emitterMunicipalityCode) +
    substitutionXml(input.substitution) +
    prest +
    takerXml(taker) +
    '<serv><locPrest>' +
    el('cLocPrestacao', service.municipalityCode) +
    '</locPrest><cServ>' +
    el('cTribNac', serviceCode) +
    el('xDescServ', description) +
    '</cServ></serv>' +
    '<valores><vServPrest>' +
    el('vServ', money(serviceCents)) +
    '</vServPrest>' +
    (discountCents > 0 ? `<vDescCondIncond>${el('vDescIncond', money(discountCents))}</vDescCondIncond>` : '') +
    // Layout 1.01 puts pAliq after tpRetISSQN (1.00 had it before).
    '<trib><tribMun>' +
    el('tribISSQN', 1) +
    el('tpRetISSQN', issWithheld ? 2 : 1) +
    el('pAliq', pAliq) +
    '</tribMun>' +
    federalXml({ serviceCents, unconditionalDiscountCents: discountCents, withholdings }) +
    totTribXml(regime as 1 | 2 | 3, values.approximateTaxes, values.simplesNacionalRate) +
    '</trib></valores>' +
    ibsCbsXml(input.ibsCbs) +
    '</infDPS></DPS>';
  return { id, xml };
}
