import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

// Certificates for the mutual TLS between the product and the stand-in PSP on https: an authority, the
// PSP's server certificate for 127.0.0.1 and a client certificate as the PKCS#12 file a PSP hands its
// customer. None is trusted outside the test that made it.

const rsa = () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
};

function certificate(o: {
  cn: string;
  key: forge.pki.rsa.PrivateKey;
  issuer?: { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey };
  extensions: object[];
  notAfter?: Date;
}) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(o.key.n, o.key.e);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = o.notAfter ?? new Date(Date.now() + 30 * 86_400_000);
  const subject = [
    { shortName: 'CN', value: o.cn },
    { shortName: 'O', value: 'PSP de testes' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(o.issuer ? o.issuer.cert.subject.attributes : subject);
  cert.setExtensions(o.extensions);
  cert.sign(o.issuer?.key ?? o.key, forge.md.sha256.create());
  return cert;
}

export function mutualTlsCertificates(password = 'senha-do-certificado') {
  const caKey = rsa();
  const ca = certificate({
    cn: 'AC de testes',
    key: caKey,
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true },
    ],
  });
  const serverKey = rsa();
  const server = certificate({
    cn: '127.0.0.1',
    key: serverKey,
    issuer: { cert: ca, key: caKey },
    extensions: [
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const clientKey = rsa();
  const client = certificate({
    cn: 'EMPRESA CLIENTE LTDA',
    key: clientKey,
    issuer: { cert: ca, key: caKey },
    extensions: [{ name: 'extKeyUsage', clientAuth: true }],
  });
  const p12 = forge.pkcs12.toPkcs12Asn1(clientKey, [client], password, { algorithm: '3des' });
  return {
    caPem: forge.pki.certificateToPem(ca),
    server: { key: forge.pki.privateKeyToPem(serverKey), cert: forge.pki.certificateToPem(server) },
    clientPfx: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
    password,
  };
}
