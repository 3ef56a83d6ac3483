import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BackupPassphraseWrong, decryptArchive, encryptArchive, isEncryptedArchive } from './backup-crypt.ts';

// A backup sealed with BACKUP_PASSPHRASE: unreadable without it, and refused with another one.
describe('encrypted backups', () => {
  const archive = gzipSync(Buffer.concat([Buffer.from('manifest.json'), randomBytes(100_000)]));

  it('round trip: the same bytes back with the passphrase; nothing of the archive shows', () => {
    const sealed = encryptArchive(archive, 'frase secreta do backup');
    expect(isEncryptedArchive(sealed)).toBe(true);
    expect(isEncryptedArchive(archive)).toBe(false);
    expect(sealed.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
    expect(sealed.includes(archive.subarray(0, 64))).toBe(false);
    expect(decryptArchive(sealed, 'frase secreta do backup').equals(archive)).toBe(true);
    // A new salt and nonce each time: two archives of the same data differ.
    expect(encryptArchive(archive, 'frase secreta do backup').equals(sealed)).toBe(false);
  });

  it('a wrong passphrase, or a changed byte, is refused', () => {
    const sealed = encryptArchive(archive, 'a certa');
    expect(() => decryptArchive(sealed, 'a errada')).toThrow(BackupPassphraseWrong);
    const changed = Buffer.from(sealed);
    changed[changed.length - 100]! ^= 1;
    expect(() => decryptArchive(changed, 'a certa')).toThrow(BackupPassphraseWrong);
    expect(() => decryptArchive(sealed.subarray(0, 20), 'a certa')).toThrow(BackupPassphraseWrong);
  });
});
