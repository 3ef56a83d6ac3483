// Helpers for the tests of the NFS-e code (imported as '@ordem-certa/nfse-xml/testing'); no app code uses them.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSelfSignedA1 } from './certificate.ts';
import type { DpsInput } from './dps.ts';

/**
 * A self-signed test A1 (PKCS#12, RSA 2048) with CN 'NAME:CNPJ' and the CNPJ otherName ICP-Brasil
 * certificates carry, valid from yesterday until notAfter (a year by default). For tests and E2E fixtures.
 */
export function makeTestA1(o: Parameters<typeof makeSelfSignedA1>[0]): Buffer {
  return makeSelfSignedA1(o);
}

/** A DPS of a Simples Nacional (ME/EPP) workshop in São Paulo for a person; parts replaced by `over`. */
export function testDpsInput(over: Partial<DpsInput> = {}): DpsInput {
  return {
    environment: 'homologation',
    issuedAt: new Date('2026-11-20T13:45:30.250Z'),
    timeZone: 'America/Sao_Paulo',
    competence: '2026-11-20',
    series: '1',
    number: 1,
    emitterMunicipalityCode: '3550308',
    provider: {
      cnpj: '11222333000181',
      municipalRegistration: '1234567',
      phone: '(11) 3333-4444',
      email: 'oficina@example.com.br',
      simplesNacional: 3,
      regApTribSN: 1,
      specialRegime: 0,
    },
    taker: {
      cpf: '12345678909',
      name: 'Maria da Silva',
      phone: '11 98765-4321',
      email: 'maria@example.com',
      address: {
        ibgeCode: '3550308',
        postalCode: '01310-100',
        street: 'Avenida Paulista',
        number: '1000',
        complement: 'Apto 12',
        neighborhood: 'Bela Vista',
      },
    },
    service: { municipalityCode: '3550308', serviceCode: '14.01.01', description: 'Revisão do ar-condicionado' },
    values: { serviceCents: 25_000 },
    ...over,
  };
}

/**
 * Verifies a signed document with xmlsec1 (the reference implementation) and the certificate given;
 * null when xmlsec1 is not installed (Debian package xmlsec1).
 */
export function hasXmlsec1(): boolean {
  return spawnSync('sh', ['-c', 'command -v xmlsec1']).status === 0;
}

export function xmlsec1Verify(xml: string, certificatePem: string, signedElement: string): boolean | null {
  if (!hasXmlsec1()) return null;
  const dir = mkdtempSync(join(tmpdir(), 'nfse-xmlsec-'));
  try {
    writeFileSync(join(dir, 'signed.xml'), xml);
    writeFileSync(join(dir, 'cert.pem'), certificatePem);
    const run = spawnSync(
      'xmlsec1',
      [
        '--verify',
        '--insecure',
        '--pubkey-cert-pem',
        join(dir, 'cert.pem'),
        '--id-attr:Id',
        signedElement,
        join(dir, 'signed.xml'),
      ],
      { encoding: 'utf8' },
    );
    return run.status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether the openssl command is installed (the tests of A1 files made by OpenSSL need it). */
export function hasOpenssl(): boolean {
  return spawnSync('sh', ['-c', 'command -v openssl']).status === 0;
}

/**
 * An A1 made by OpenSSL 3 with subject CN `cn` and `password`: in its default form (AES, SHA-256
 * MAC) and in the legacy one (RC2, which Node cannot read as pfx), with the certificate's PEM.
 */
export function opensslA1(o: { cn: string; password: string; days: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'nfse-openssl-'));
  try {
    const run = (args: string[]) => {
      const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(r.stderr);
    };
    const subject = `/C=BR/O=ICP-Brasil/CN=${o.cn}`;
    run(
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'k.pem', '-out', 'c.pem'].concat([
        '-days',
        String(o.days),
        '-subj',
        subject,
      ]),
    );
    const pass = `pass:${o.password}`;
    run(['pkcs12', '-export', '-inkey', 'k.pem', '-in', 'c.pem', '-out', 'modern.pfx', '-passout', pass]);
    run(['pkcs12', '-export', '-legacy', '-inkey', 'k.pem', '-in', 'c.pem', '-out', 'legacy.pfx', '-passout', pass]);
    return {
      modern: readFileSync(join(dir, 'modern.pfx')),
      legacy: readFileSync(join(dir, 'legacy.pfx')),
      certificatePem: readFileSync(join(dir, 'c.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
