import { DOMParser } from '@xmldom/xmldom';
import { NFSE_NS } from './text.ts';

// An NFS-e as data (layouts 1.00 and 1.01 alike): what the application keeps of it and what the DANFSe
// prints. Amounts in cents, rates in percent; what the document does not carry is null.

export interface NfseParty {
  /** CNPJ (14 digits) or CPF (11). */
  federalId: string | null;
  municipalRegistration: string | null;
  name: string | null;
  tradeName: string | null;
  address: {
    street: string | null;
    number: string | null;
    complement: string | null;
    district: string | null;
    municipalityCode: string | null;
    state: string | null;
    postalCode: string | null;
  } | null;
  phone: string | null;
  email: string | null;
}

export interface NfseData {
  version: string | null;
  accessKey: string | null;
  number: string | null;
  /** dhProc: when the national system made it (ISO, with its offset as written). */
  processedAt: string | null;
  status: string | null;
  /** tpAmb of the DPS: 1 production, 2 homologation (no fiscal value). */
  environment: 1 | 2 | null;
  emitterMunicipality: string | null;
  serviceMunicipality: string | null;
  incidenceMunicipality: string | null;
  serviceCodeDescription: string | null;
  provider: NfseParty;
  taker: NfseParty | null;
  dps: {
    id: string | null;
    series: string | null;
    number: string | null;
    issuedAt: string | null;
    competence: string | null;
    serviceCode: string | null;
    nbsCode: string | null;
    description: string | null;
    simplesNacional: string | null;
    /** subst: the access key of the NFS-e this one replaces. */
    replacesKey: string | null;
  };
  values: {
    serviceCents: number | null;
    unconditionalDiscountCents: number;
    conditionalDiscountCents: number;
    baseCents: number | null;
    issRate: number | null;
    issCents: number | null;
    /** tpRetISSQN 2 or 3: the taker (or intermediary) withholds the ISS. */
    issWithheld: boolean;
    pisCents: number;
    cofinsCents: number;
    /** tpRetPisCofins as the DPS says it (null without piscofins). */
    pisCofinsRetention: string | null;
    csllCents: number;
    irrfCents: number;
    cpCents: number;
    withheldCents: number;
    netCents: number | null;
  };
  ibsCbs: {
    baseCents: number | null;
    ibsStateRate: number | null;
    ibsMunicipalRate: number | null;
    cbsRate: number | null;
    ibsCents: number | null;
    cbsCents: number | null;
    totalCents: number | null;
  } | null;
}

type El = NonNullable<ReturnType<DOMParser['parseFromString']>['documentElement']>;

const cents = (v: string | null) => (v === null || v === '' ? null : Math.round(Number(v) * 100));
const rate = (v: string | null) => (v === null || v === '' ? null : Number(v));

/** The first element named `name` under `parent` (any depth), or null. */
function find(parent: El | null | undefined, name: string): El | null {
  return (parent?.getElementsByTagNameNS(NFSE_NS, name)[0] as El | undefined) ?? null;
}
/** The text of `parent`'s own child `name` (not a grandchild's). */
function own(parent: El | null | undefined, name: string): string | null {
  for (let n = parent?.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as El).localName === name) return n.textContent?.trim() ?? null;
  }
  return null;
}
const text = (parent: El | null | undefined, name: string) => find(parent, name)?.textContent?.trim() ?? null;

function party(el: El | null, addressTag: 'enderNac' | 'end'): NfseParty | null {
  if (!el) return null;
  const end = find(el, addressTag);
  const nac = addressTag === 'end' ? find(end, 'endNac') : end;
  return {
    federalId: own(el, 'CNPJ') ?? own(el, 'CPF'),
    municipalRegistration: own(el, 'IM'),
    name: own(el, 'xNome'),
    tradeName: own(el, 'xFant'),
    address: end
      ? {
          street: own(end, 'xLgr'),
          number: own(end, 'nro'),
          complement: own(end, 'xCpl'),
          district: own(end, 'xBairro'),
          municipalityCode: own(nac, 'cMun'),
          state: own(nac, 'UF'),
          postalCode: own(nac, 'CEP'),
        }
      : null,
    phone: own(el, 'fone'),
    email: own(el, 'email'),
  };
}

/** The NFS-e's data; throws when the XML holds no infNFSe. */
export function readNfse(xml: string): NfseData {
  const doc = new DOMParser({
    errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} },
  }).parseFromString(xml, 'text/xml');
  const inf = find(doc?.documentElement as El | undefined, 'infNFSe');
  if (!inf) throw new Error('The document holds no NFS-e (infNFSe).');
  const id = inf.getAttribute('Id') ?? '';
  const infDps = find(inf, 'infDPS');
  const nfseValues = find(inf, 'valores');
  const dpsValues = find(infDps, 'valores');
  const tribMun = find(dpsValues, 'tribMun');
  const tribFed = find(dpsValues, 'tribFed');
  const tpAmb = own(infDps, 'tpAmb');
  const ibs = (() => {
    const g = Array.from({ length: inf.childNodes.length }, (_, i) => inf.childNodes[i]).find(
      (n): n is El => n?.nodeType === 1 && (n as El).localName === 'IBSCBS',
    );
    if (!g) return null;
    const ibsUf = cents(text(g, 'vIBSUF'));
    const ibsMun = cents(text(g, 'vIBSMun'));
    return {
      baseCents: cents(text(g, 'vBC')),
      ibsStateRate: rate(text(g, 'pIBSUF')),
      ibsMunicipalRate: rate(text(g, 'pIBSMun')),
      cbsRate: rate(text(g, 'pCBS')),
      ibsCents: cents(text(g, 'vIBSTot')) ?? (ibsUf ?? 0) + (ibsMun ?? 0),
      cbsCents: cents(text(g, 'vCBS')),
      totalCents: cents(text(g, 'vTotNF')),
    };
  })();
  const withheld = cents(own(nfseValues, 'vTotalRet')) ?? 0;
  const retIss = own(tribMun, 'tpRetISSQN');
  return {
    version: doc.documentElement?.getAttribute('versao') ?? null,
    accessKey: /^NFS\d{50}$/.test(id) ? id.slice(3) : null,
    number: own(inf, 'nNFSe'),
    processedAt: own(inf, 'dhProc'),
    status: own(inf, 'cStat'),
    environment: tpAmb === '1' ? 1 : tpAmb === '2' ? 2 : null,
    emitterMunicipality: own(inf, 'xLocEmi'),
    serviceMunicipality: own(inf, 'xLocPrestacao'),
    incidenceMunicipality: own(inf, 'xLocIncid'),
    serviceCodeDescription: own(inf, 'xTribNac'),
    provider: party(find(inf, 'emit'), 'enderNac')!,
    taker: party(find(infDps, 'toma'), 'end'),
    dps: {
      id: infDps?.getAttribute('Id') ?? null,
      series: own(infDps, 'serie'),
      number: own(infDps, 'nDPS'),
      issuedAt: own(infDps, 'dhEmi'),
      competence: own(infDps, 'dCompet'),
      serviceCode: text(infDps, 'cTribNac'),
      nbsCode: text(infDps, 'cNBS'),
      description: text(infDps, 'xDescServ'),
      simplesNacional: text(infDps, 'opSimpNac'),
      replacesKey: text(find(infDps, 'subst'), 'chSubstda'),
    },
    values: {
      serviceCents: cents(text(dpsValues, 'vServ')),
      unconditionalDiscountCents: cents(text(dpsValues, 'vDescIncond')) ?? 0,
      conditionalDiscountCents: cents(text(dpsValues, 'vDescCond')) ?? 0,
      baseCents: cents(own(nfseValues, 'vBC')),
      issRate: rate(own(nfseValues, 'pAliqAplic')) ?? rate(own(tribMun, 'pAliq')),
      issCents: cents(own(nfseValues, 'vISSQN')),
      issWithheld: retIss === '2' || retIss === '3',
      pisCents: cents(text(tribFed, 'vPis')) ?? 0,
      cofinsCents: cents(text(tribFed, 'vCofins')) ?? 0,
      pisCofinsRetention: text(tribFed, 'tpRetPisCofins'),
      csllCents: cents(own(tribFed, 'vRetCSLL')) ?? 0,
      irrfCents: cents(own(tribFed, 'vRetIRRF')) ?? 0,
      cpCents: cents(own(tribFed, 'vRetCP')) ?? 0,
      withheldCents: withheld,
      netCents: cents(own(nfseValues, 'vLiq')),
    },
    ibsCbs: ibs,
  };
}
