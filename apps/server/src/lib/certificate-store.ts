import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '@ordem-certa/db';
import { loadGeneratedSecret } from './secrets.ts';

// A company's A1 certificate and its password are kept encrypted at rest with AES-256-GCM. The key is
// NFSE_CERT_KEY (any string, hashed to 256 bits) or, when it is not set, a secret generated once and
// kept in app_secrets, so every instance on the database reads the same one. Each value is bound to its
// organization and company (additional data): a copied column does not open under another company.

const KEY_SECRET = 'nfse-cert-key';
const VERSION = 'v1';

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The 32-byte key of this installation (one lookup per database handle). */
export function certificateKey(db: Db, override: string | undefined): Promise<Buffer> {
  if (override) return Promise.resolve(createHash('sha256').update(override).digest());
  let key = keys.get(db);
  if (!key) {
    key = loadGeneratedSecret(db, KEY_SECRET).then((secret) => createHash('sha256').update(secret).digest());
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

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
