import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { hasOpenssl, makeTestA1, opensslA1 } from './testing.ts';
import { CertificateError, openA1 } from './certificate.ts';

// The first bytes of a PNG, and enough of one to look like a file.
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64, 7),
]);

function errorOf(fn: () => unknown): CertificateError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CertificateError) return err;
    throw err;
  }
  throw new Error('did not throw');
}

describe('openA1', () => {
  it('reads the key, certificate, subject, CNPJ and validity of an A1', () => {
    const notAfter = new Date('2027-03-31T23:59:59Z');
    const a1 = openA1(
      makeTestA1({ cnpj: '11222333000181', password: 'segredo', name: 'OFICINA AÇÃO LTDA', notAfter }),
      'segredo',
    );
    expect(a1.subject).toBe('CN=OFICINA AÇÃO LTDA:11222333000181, OU=Certificado PJ A1, O=ICP-Brasil, C=BR');
    expect(a1.cnpj).toBe('11222333000181');
    expect(a1.notAfter.toISOString()).toBe('2027-03-31T23:59:59.000Z');
    expect(a1.notBefore.getTime()).toBeLessThan(Date.now());
    expect(a1.privateKeyPem).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(a1.certificatePem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(a1.chainPem).toBe('');
  });

  it('finds the CNPJ in the otherName 2.16.76.1.3.3 when the CN has none', () => {
    const a1 = openA1(makeTestA1({ cnpj: '11444777000161', password: 'p', cnpjOnlyInAltName: true }), 'p');
    expect(a1.subject).toMatch(/^CN=EMPRESA DE TESTE LTDA, /);
    expect(a1.cnpj).toBe('11444777000161');
  });

  it('has no CNPJ for a certificate that carries none', () => {
    const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
    const cert = forge.pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = '01';
    cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
    cert.validity.notAfter = new Date('2027-01-01T00:00:00Z');
    cert.setSubject([{ shortName: 'CN', value: 'FULANO DE TAL' }]);
    cert.setIssuer([{ shortName: 'CN', value: 'FULANO DE TAL' }]);
    cert.sign(keys.privateKey, forge.md.sha256.create());
    const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], 'p', { algorithm: '3des' });
    const a1 = openA1(Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), 'p');
    expect(a1.subject).toBe('CN=FULANO DE TAL');
    expect(a1.cnpj).toBeNull();
  });

  it('says wrong_password when the password does not open the file', () => {
    const pfx = makeTestA1({ cnpj: '11222333000181', password: 'certa' });
    expect(errorOf(() => openA1(pfx, 'errada')).code).toBe('wrong_password');
    expect(errorOf(() => openA1(pfx, '')).code).toBe('wrong_password');
  });

  it('says not_a1 for a PNG, an empty file, or DER that is no PKCS#12', () => {
    expect(errorOf(() => openA1(PNG, 'x')).code).toBe('not_a1');
    expect(errorOf(() => openA1(Buffer.alloc(0), 'x')).code).toBe('not_a1');
    const certOnly = forge.asn1
      .toDer(
        forge.pki.certificateToAsn1(
          forge.pki.certificateFromPem(
            openA1(makeTestA1({ cnpj: '11222333000181', password: 'x' }), 'x').certificatePem,
          ),
        ),
      )
      .getBytes();
    expect(errorOf(() => openA1(Buffer.from(certOnly, 'binary'), 'x')).code).toBe('not_a1');
  });

  it('says not_a1 for a PKCS#12 with a certificate and no key', () => {
    const cert = forge.pki.certificateFromPem(
      openA1(makeTestA1({ cnpj: '11222333000181', password: 'x' }), 'x').certificatePem,
    );
    const p12 = forge.pkcs12.toPkcs12Asn1(null, [cert], 'x', { algorithm: '3des' });
    const error = errorOf(() => openA1(Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), 'x'));
    expect(error.code).toBe('not_a1');
    expect(error.message).toMatch(/private key/);
  });

  it.skipIf(!hasOpenssl())(
    'opens files made by OpenSSL 3, its default (AES, SHA-256 MAC) and legacy (RC2) forms',
    () => {
      const made = opensslA1({ cn: 'OFICINA OPENSSL LTDA:11222333000181', password: 'abc', days: 30 });
      for (const pfx of [made.modern, made.legacy]) {
        expect(openA1(pfx, 'abc').cnpj).toBe('11222333000181');
        expect(errorOf(() => openA1(pfx, 'abd')).code).toBe('wrong_password');
      }
    },
  );
});
