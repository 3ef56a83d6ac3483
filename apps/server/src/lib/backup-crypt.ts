import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/**
 * Backups sealed with a passphrase (BACKUP_PASSPHRASE), so an archive copied off the machine — which
 * holds the database, its stored secrets among them — is of no use without it. The file is
 * `OCBACKUP1` + the scrypt salt (16 bytes) + the AES-256-GCM nonce (12) + the tag (16) + the
 * encrypted archive; the key is scrypt(passphrase, salt) with N = 2^15, r = 8, p = 1 (32 MB, a
 * fraction of a second), so guessing passphrases costs as much per try.
 */
const MAGIC = Buffer.from('OCBACKUP1');
const SALT = 16;
const NONCE = 12;
const TAG = 16;
const HEADER = MAGIC.length + SALT + NONCE + TAG;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** The passphrase does not open the archive (or the archive was changed or cut). */
export class BackupPassphraseWrong extends Error {
  constructor() {
    super('Senha do backup incorreta (ou o arquivo foi alterado).');
  }
}

const keyOf = (passphrase: string, salt: Buffer) => scryptSync(passphrase.normalize('NFC'), salt, 32, SCRYPT);

/** Whether a file is an archive sealed by encryptArchive. */
export const isEncryptedArchive = (file: Buffer) => file.subarray(0, MAGIC.length).equals(MAGIC);

export function encryptArchive(archive: Buffer, passphrase: string): Buffer {
  const salt = randomBytes(SALT);
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', keyOf(passphrase, salt), nonce);
  cipher.setAAD(MAGIC);
  const body = Buffer.concat([cipher.update(archive), cipher.final()]);
  return Buffer.concat([MAGIC, salt, nonce, cipher.getAuthTag(), body]);
}

export function decryptArchive(file: Buffer, passphrase: string): Buffer {
  if (!isEncryptedArchive(file) || file.length < HEADER) throw new BackupPassphraseWrong();
  let at = MAGIC.length;
  const salt = file.subarray(at, (at += SALT));
  const nonce = file.subarray(at, (at += NONCE));
  const tag = file.subarray(at, (at += TAG));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(passphrase, salt), nonce);
  decipher.setAAD(MAGIC);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(file.subarray(at)), decipher.final()]);
  } catch {
    throw new BackupPassphraseWrong();
  }
}
