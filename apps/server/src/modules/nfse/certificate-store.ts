import { open, seal, secretsKey } from '../../lib/secrets.ts';

// A company's A1 certificate and its password are kept encrypted at rest with AES-256-GCM under the
// installation's secrets key (lib/secrets.ts). Each value is bound to its organization and company
// (additional data): a copied column does not open under another company.

export { open, seal };
/** The installation's key the certificates are sealed with. */
export const certificateKey = secretsKey;

const boundTo = (organizationId: number, companyId: number, what: string) =>
  Buffer.from(`nfse:${organizationId}:${companyId}:${what}`);

export interface SealedCertificate {
  certificatePfx: string;
  certificatePassword: string;
}

export function sealCertificate(
  key: Buffer,
  organizationId: number,
  companyId: number,
  pfx: Buffer,
  password: string,
): SealedCertificate {
  return {
    certificatePfx: seal(key, pfx, boundTo(organizationId, companyId, 'pfx')),
    certificatePassword: seal(key, Buffer.from(password, 'utf8'), boundTo(organizationId, companyId, 'password')),
  };
}

export function openCertificate(
  key: Buffer,
  organizationId: number,
  companyId: number,
  sealed: SealedCertificate,
): { pfx: Buffer; password: string } {
  return {
    pfx: open(key, sealed.certificatePfx, boundTo(organizationId, companyId, 'pfx')),
    password: open(key, sealed.certificatePassword, boundTo(organizationId, companyId, 'password')).toString('utf8'),
  };
}
