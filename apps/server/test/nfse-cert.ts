import { makeSelfSignedA1 } from '../src/modules/nfse/certificate.ts';

/**
 * A self-signed test A1 (PKCS#12, RSA 2048) with CN 'NAME:CNPJ' and the CNPJ otherName ICP-Brasil
 * certificates carry, valid from yesterday until notAfter (a year by default). For tests and E2E fixtures.
 */
export function makeTestA1(o: {
  cnpj: string;
  password: string;
  name?: string;
  notBefore?: Date;
  notAfter?: Date;
  cnpjOnlyInAltName?: boolean;
}): Buffer {
  return makeSelfSignedA1(o);
}
