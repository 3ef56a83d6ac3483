// What the SEFIN stand-in issued and registered, kept in memory, the municipal parameters it answers
// with, and the certificate it signs its answers with.
import { makeSelfSignedA1, openA1, type A1Certificate } from '@ordem-certa/nfse-xml';

export interface Issued {
  accessKey: string;
  dpsId: string;
  nfseXml: string;
  tpAmb: number;
  /** The provider's CNPJ (or CPF padded to 14), to check a substitution comes from the same provider. */
  federalId: string;
  /** How the NFS-e ended, if it did: canceled (by the provider, here or on the national portal) or replaced. */
  cancelled: boolean;
  substitutedBy: string | null;
  /** The registered events, by event code ('101101', '105102'), as signed XML. */
  events: Map<string, string>;
}

/** A municipality's parameters: whether it uses the national system, and its ISS rate by national service code. */
export interface Municipality {
  joined: boolean;
  /** Rate in percent by cTribNac (6 digits); `default` for any other code. */
  rates: Record<string, number>;
}

export interface State {
  cert: A1Certificate;
  nextNumber: number;
  byDpsId: Map<string, Issued>;
  byKey: Map<string, Issued>;
  municipalities: Map<string, Municipality>;
  /** Every request received, in order ('GET /parametrizacao/3550308/convenio'), for tests to count. */
  requests: string[];
}

/** Any municipality not configured: joined, 2 % for every service. */
export const DEFAULT_MUNICIPALITY: Municipality = { joined: true, rates: { default: 2 } };

export function newState(): State {
  const password = 'stand-in';
  const pfx = makeSelfSignedA1({ cnpj: '00394460005887', password, name: 'SEFIN NACIONAL STAND-IN' });
  return {
    cert: openA1(pfx, password),
    nextNumber: 1,
    byDpsId: new Map(),
    byKey: new Map(),
    municipalities: new Map(),
    requests: [],
  };
}

export function municipalityOf(state: State, code: string): Municipality {
  return state.municipalities.get(code) ?? DEFAULT_MUNICIPALITY;
}

/** The ISS rate a municipality set for a service, or null when it has not joined. */
export function municipalRate(state: State, municipality: string, serviceCode: string): number | null {
  const m = municipalityOf(state, municipality);
  if (!m.joined) return null;
  return m.rates[serviceCode] ?? m.rates.default ?? null;
}
