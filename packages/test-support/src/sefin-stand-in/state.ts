// What the SEFIN stand-in issued, kept in memory, and the certificate it signs its answers with.
import { makeSelfSignedA1, openA1, type A1Certificate } from '@ordem-certa/nfse-xml';

export interface Issued {
  accessKey: string;
  dpsId: string;
  nfseXml: string;
  tpAmb: number;
  cancelled: boolean;
}

export interface State {
  cert: A1Certificate;
  nextNumber: number;
  byDpsId: Map<string, Issued>;
  byKey: Map<string, Issued>;
}

export function newState(): State {
  const password = 'stand-in';
  const pfx = makeSelfSignedA1({ cnpj: '00394460005887', password, name: 'SEFIN NACIONAL STAND-IN' });
  return { cert: openA1(pfx, password), nextNumber: 1, byDpsId: new Map(), byKey: new Map() };
}
