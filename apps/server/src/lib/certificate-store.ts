import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets kept in the database (a company's A1 certificate and its password, a PSP's credentials, an
// organization's WhatsApp token and app secret) are encrypted at rest with AES-256-GCM, under the
// installation's secrets key (lib/secrets.ts: NFSE_CERT_KEY or SECRETS_KEY_FILE; outside production,
// one kept in the database when neither is set). Each value is sealed with additional data naming what
// it is and whose: a copied column does not open under another owner.

const VERSION = 'v1';

const boundTo = (organizationId: number, companyId: number, what: string) =>
  Buffer.from(`nfse:${organizationId}:${companyId}:${what}`);

/** 'v1:' + base64(iv ‖ tag ‖ ciphertext). */
export function seal(key: Buffer, data: Buffer, aad: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(data), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function open(key: Buffer, sealed: string, aad: Buffer): Buffer {
  const [version, payload] = sealed.split(':');
  if (version !== VERSION || !payload) throw new Error('unknown sealed value');
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(aad);
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

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

/**
 * The certificate opened with the first of `keys` that opens it; `key` is that one's position (0: the
 * sealing key; later: an older key, so the caller seals it again).
 */
export function openCertificate(
  keys: Buffer[],
  organizationId: number,
  companyId: number,
  sealed: SealedCertificate,
): { pfx: Buffer; password: string; key: number } {
  let failure: unknown = new Error('no key to open the certificate with');
  for (const [n, key] of keys.entries()) {
    try {
      return {
        pfx: open(key, sealed.certificatePfx, boundTo(organizationId, companyId, 'pfx')),
        password: open(key, sealed.certificatePassword, boundTo(organizationId, companyId, 'password')).toString(
          'utf8',
        ),
        key: n,
      };
    } catch (err) {
      failure = err;
    }
  }
  throw failure;
}
