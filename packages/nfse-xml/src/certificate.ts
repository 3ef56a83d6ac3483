import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** ICP-Brasil puts the holder's CNPJ in an otherName of the subject alternative name under this OID. */
export const CNPJ_OID = '2.16.76.1.3.3';

/**
 * Why a file could not be opened as an A1 certificate: the password does not open it, or it is not a
 * PKCS#12 file holding a private key and its certificate.
 */
export class CertificateError extends Error {
  constructor(
    readonly code: 'wrong_password' | 'not_a1',
    message: string,
  ) {
    super(message);
    this.name = 'CertificateError';
  }
}

/** A company's ICP-Brasil A1 certificate (PKCS#12), opened. */
export interface A1Certificate {
  /** The private key, PKCS#1 PEM. */
  privateKeyPem: string;
  /** The holder's certificate, PEM. */
  certificatePem: string;
  /** The other certificates in the file (the issuing chain), PEM one after another; '' when none. */
  chainPem: string;
  /** The holder's name, most specific first: 'CN=EMPRESA LTDA:12345678000199, OU=..., O=ICP-Brasil, C=BR'. */
  subject: string;
  /** The 14 digits of the holder's CNPJ, from the otherName 2.16.76.1.3.3 or the CN after ':'; else null. */
  cnpj: string | null;
  notBefore: Date;
  notAfter: Date;
}

/** Opens a PKCS#12 (.pfx/.p12) file; throws CertificateError. Node's crypto cannot read PKCS#12 itself. */
export function openA1(pfx: Buffer, password: string): A1Certificate {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')));
  } catch {
    throw new CertificateError('not_a1', 'The file is not a PKCS#12 certificate.');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // forge checks the file's MAC with the password before anything else; a wrong password fails it.
    if (/MAC could not be verified|Invalid password/i.test(message)) {
      throw new CertificateError('wrong_password', 'The password does not open this certificate.');
    }
    throw new CertificateError('not_a1', `The file is not a PKCS#12 certificate (${message}).`);
  }

  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ];
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [])
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const key = keyBags.map((bag) => bag.key).find((k): k is forge.pki.rsa.PrivateKey => !!k && 'n' in k);
  if (!key) throw new CertificateError('not_a1', 'The certificate file holds no RSA private key.');
  // The holder's certificate is the one whose public key pairs with the private key; the rest is the chain.
  const own = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return 'n' in pub && pub.n.equals(key.n) && pub.e.equals(key.e);
  });
  if (!own) throw new CertificateError('not_a1', 'The certificate file holds no certificate for its private key.');

  const subject = describeName(own.subject.attributes);
  return {
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePem: forge.pki.certificateToPem(own),
    chainPem: certs
      .filter((c) => c !== own)
      .map((c) => forge.pki.certificateToPem(c))
      .join(''),
    subject,
    cnpj: cnpjFromAltName(own) ?? cnpjFromSubject(own.subject.attributes),
    notBefore: own.validity.notBefore,
    notAfter: own.validity.notAfter,
  };
}

/** The name the way people read it (RFC 4514 order: most specific first). */
function describeName(attributes: forge.pki.CertificateField[]): string {
  return attributes
    .toReversed()
    .map((a) => `${a.shortName ?? a.name ?? a.type}=${attributeText(a)}`)
    .join(', ');
}

/** forge leaves UTF8String values as their raw bytes. */
function attributeText(a: forge.pki.CertificateField): string {
  const value = String(a.value ?? '');
  // forge's typings call it a class; it holds the value's ASN.1 type.
  if ((a.valueTagClass as unknown as number) !== forge.asn1.Type.UTF8) return value;
  try {
    return forge.util.decodeUtf8(value);
  } catch {
    return value;
  }
}

function cnpjFromSubject(attributes: forge.pki.CertificateField[]): string | null {
  const cn = attributes.find((a) => a.type === forge.pki.oids.commonName || a.shortName === 'CN');
  const match = cn ? /:(\d{14})\s*$/.exec(attributeText(cn)) : null;
  return match?.[1] ?? null;
}

/** The otherName 2.16.76.1.3.3 of the subject alternative name: [0] { OID, [0] EXPLICIT value }. */
function cnpjFromAltName(cert: forge.pki.Certificate): string | null {
  const ext = cert.extensions.find((e: { id?: string }) => e.id === '2.5.29.17') as { value?: string } | undefined;
  if (!ext?.value) return null;
  try {
    const names = forge.asn1.fromDer(ext.value);
    for (const name of asArray(names.value)) {
      if (name.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC || name.type !== 0) continue;
      const [oid, wrapped] = asArray(name.value);
      if (!oid || typeof oid.value !== 'string' || forge.asn1.derToOid(oid.value) !== CNPJ_OID) continue;
      const inner = wrapped ? asArray(wrapped.value)[0] : undefined;
      const digits = typeof inner?.value === 'string' ? inner.value.replace(/\D/g, '') : '';
      if (/^\d{14}$/.test(digits)) return digits;
    }
  } catch {
    // A malformed extension is as good as none; the CN is looked at next.
  }
  return null;
}

function asArray(value: forge.asn1.Asn1['value']): forge.asn1.Asn1[] {
  return Array.isArray(value) ? value : [];
}

/**
 * A self-signed A1 shaped like an ICP-Brasil one (CN 'NAME:CNPJ' and the otherName 2.16.76.1.3.3),
 * as PKCS#12: for the SEFIN stand-in's own signature and for tests. No authority trusts it.
 */
export function makeSelfSignedA1(o: {
  cnpj: string;
  password: string;
  name?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** Leave the CNPJ out of the CN (only the otherName then carries it). */
  cnpjOnlyInAltName?: boolean;
}): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  const notBefore = o.notBefore ?? new Date(Date.now() - 24 * 3600_000);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = o.notAfter ?? new Date(notBefore.getTime() + 365 * 24 * 3600_000);
  const name = o.name ?? 'EMPRESA DE TESTE LTDA';
  const attrs = [
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'ICP-Brasil' },
    { shortName: 'OU', value: 'Certificado PJ A1' },
    { shortName: 'CN', value: o.cnpjOnlyInAltName ? name : `${name}:${o.cnpj}` },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  const otherName = forge.asn1.create(forge.asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.OID, false, forge.asn1.oidToDer(CNPJ_OID).getBytes()),
    forge.asn1.create(forge.asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.OCTETSTRING, false, o.cnpj),
    ]),
  ]);
  const altNames = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, [otherName]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
    { id: '2.5.29.17', value: forge.asn1.toDer(altNames).getBytes() },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], o.password, { algorithm: '3des', friendlyName: name });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
