import { SignedXml } from 'xml-crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hasXmlsec1, makeTestA1, testDpsInput, xmlsec1Verify } from './testing.ts';
import { openA1, type A1Certificate } from './certificate.ts';
import { buildDps } from './dps.ts';
import { buildCancelEvent, cancelEventId } from './event.ts';
import { signXml, verifyXmlSignature } from './sign.ts';
import { validateXml } from './validate.ts';

// Each schema check compiles the layout's schemas (about a second on a busy machine).
vi.setConfig({ testTimeout: 30_000 });

let cert: A1Certificate;
let other: A1Certificate;
let signed: string;
beforeAll(() => {
  cert = openA1(makeTestA1({ cnpj: '11222333000181', password: 'x' }), 'x');
  other = openA1(makeTestA1({ cnpj: '11444777000161', password: 'y' }), 'y');
  signed = signXml(buildDps(testDpsInput()).xml, cert, 'infDPS');
});

describe('signXml', () => {
  it('signs infDPS with rsa-sha256 over sha256 (layout 1.01), right after infDPS inside DPS', () => {
    const id = /<infDPS Id="(DPS\d{42})">/.exec(signed)![1];
    expect(signed).toMatch(/<\/infDPS><Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#"><SignedInfo>/);
    expect(signed).toMatch(/<\/Signature><\/DPS>$/);
    expect(signed).toContain(
      '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>' +
        '<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>' +
        `<Reference URI="#${id}"><Transforms>` +
        '<Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>' +
        '<Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms>' +
        '<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><DigestValue>',
    );
    const certBase64 = cert.certificatePem.replace(/-----[^-]+-----|\s/g, '');
    expect(signed).toContain(
      `<KeyInfo><X509Data><X509Certificate>${certBase64}</X509Certificate></X509Data></KeyInfo>`,
    );
  });

  it('gives a document valid against DPS_v1.01.xsd; an algorithm the layout does not admit is refused', async () => {
    expect(await validateXml(signed, 'DPS')).toEqual([]);
    const sha512 = signed.replace('xmldsig-more#rsa-sha256', 'xmldsig-more#rsa-sha512');
    const errors = await validateXml(sha512, 'DPS');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/ds:SignatureMethod.*Algorithm.*rsa-sha512/);
  });

  it('refuses a document whose root does not start with the element to sign', () => {
    expect(() => signXml(buildDps(testDpsInput()).xml, cert, 'infPedReg')).toThrow(/infPedReg/);
  });
});

describe('verifyXmlSignature', () => {
  it('holds for the signed DPS', () => {
    expect(verifyXmlSignature(signed)).toBe(true);
  });

  it('fails after one changed byte in the signed content, the digest or the signature value', () => {
    expect(verifyXmlSignature(signed.replace('<nDPS>1</nDPS>', '<nDPS>2</nDPS>'))).toBe(false);
    expect(verifyXmlSignature(signed.replace('Maria da Silva', 'Maria da Silvb'))).toBe(false);
    const digest = /<DigestValue>(.)/.exec(signed)![1]!;
    expect(
      verifyXmlSignature(signed.replace(`<DigestValue>${digest}`, `<DigestValue>${digest === 'A' ? 'B' : 'A'}`)),
    ).toBe(false);
    const value = /<SignatureValue>(.)/.exec(signed)![1]!;
    expect(
      verifyXmlSignature(signed.replace(`<SignatureValue>${value}`, `<SignatureValue>${value === 'A' ? 'B' : 'A'}`)),
    ).toBe(false);
  });

  it('fails when the embedded certificate is not the signer’s, and without a signature', () => {
    const otherBase64 = other.certificatePem.replace(/-----[^-]+-----|\s/g, '');
    const swapped = signed.replace(
      /<X509Certificate>[^<]+<\/X509Certificate>/,
      `<X509Certificate>${otherBase64}</X509Certificate>`,
    );
    expect(verifyXmlSignature(swapped)).toBe(false);
    expect(verifyXmlSignature(buildDps(testDpsInput()).xml)).toBe(false);
    expect(verifyXmlSignature('not xml')).toBe(false);
  });

  it('fails when the reference points at anything but the root’s signed element', () => {
    const id = /<infDPS Id="(DPS\d{42})">/.exec(signed)![1]!;
    expect(verifyXmlSignature(signed.replace(`URI="#${id}"`, 'URI="#other"'))).toBe(false);
    expect(verifyXmlSignature(signed.replace(`Id="${id}"`, `Id="${id.replace('DPS3', 'DPS4')}"`))).toBe(false);
  });

  it('still verifies a document of layout 1.00, signed with rsa-sha1 over sha1', async () => {
    const xml = buildDps(testDpsInput()).xml.replace('versao="1.01"', 'versao="1.00"');
    const sig = new SignedXml({
      privateKey: cert.privateKeyPem,
      publicCert: cert.certificatePem,
      signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
      canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    });
    const xpath = "/*/*[local-name(.)='infDPS']";
    sig.addReference({
      xpath,
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
      ],
      digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
    });
    sig.computeSignature(xml, { location: { reference: xpath, action: 'after' } });
    const sha1 = sig.getSignedXml();
    expect(sha1).toContain('xmldsig#rsa-sha1');
    expect(verifyXmlSignature(sha1)).toBe(true);
    expect(verifyXmlSignature(sha1.replace('<nDPS>1</nDPS>', '<nDPS>2</nDPS>'))).toBe(false);
  });

  // Installed by scripts/ensure-tools.mjs; the xml-crypto checks above run without it.
  it.skipIf(!hasXmlsec1())('agrees with xmlsec1 (the reference implementation), both ways', () => {
    expect(xmlsec1Verify(signed, cert.certificatePem, 'infDPS')).toBe(true);
    expect(xmlsec1Verify(signed.replace('<nDPS>1</nDPS>', '<nDPS>2</nDPS>'), cert.certificatePem, 'infDPS')).toBe(
      false,
    );
    // xmlsec1 takes the key from the embedded certificate: another one there fails too.
    const otherBase64 = other.certificatePem.replace(/-----[^-]+-----|\s/g, '');
    const swapped = signed.replace(/<X509Certificate>[^<]+</, `<X509Certificate>${otherBase64}<`);
    expect(xmlsec1Verify(swapped, other.certificatePem, 'infDPS')).toBe(false);
  });
});

describe('buildCancelEvent', () => {
  const accessKey = '35503082211222333000181000000000000126117458721680';
  const input = {
    environment: 'homologation' as const,
    accessKey,
    providerCnpj: '11.222.333/0001-81',
    reason: '  Valor do serviço digitado errado  ',
    at: new Date('2026-11-21T15:00:00Z'),
    timeZone: 'America/Sao_Paulo',
  };

  it('has the Id PRE + key + 101101 (59 characters: layout 1.01 dropped the request number)', () => {
    const { id } = buildCancelEvent(input);
    expect(id).toBe(`PRE${accessKey}101101`);
    expect(id).toHaveLength(59);
    expect(cancelEventId(accessKey)).toBe(id);
  });

  it('is valid against pedRegEvento_v1.01.xsd once signed over infPedReg, and verifies', async () => {
    const { id, xml } = buildCancelEvent({ ...input, reasonCode: 1 });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><pedRegEvento xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01">' +
        `<infPedReg Id="${id}"><tpAmb>2</tpAmb><verAplic>OrdemCerta-1</verAplic><dhEvento>2026-11-21T12:00:00-03:00</dhEvento>` +
        `<CNPJAutor>11222333000181</CNPJAutor><chNFSe>${accessKey}</chNFSe>` +
        '<e101101><xDesc>Cancelamento de NFS-e</xDesc><cMotivo>1</cMotivo><xMotivo>Valor do serviço digitado errado</xMotivo>' +
        '</e101101></infPedReg></pedRegEvento>',
    );
    const signedEvent = signXml(xml, cert, 'infPedReg');
    expect(signedEvent).toMatch(/<\/infPedReg><Signature xmlns=".*"><SignedInfo>.*<Reference URI="#PRE\d{56}">/);
    expect(await validateXml(signedEvent, 'pedRegEvento')).toEqual([]);
    expect(verifyXmlSignature(signedEvent)).toBe(true);
    expect(verifyXmlSignature(signedEvent.replace('<cMotivo>1</cMotivo>', '<cMotivo>2</cMotivo>'))).toBe(false);
    if (hasXmlsec1()) {
      expect(xmlsec1Verify(signedEvent, cert.certificatePem, 'infPedReg')).toBe(true);
    }
  });

  it('writes reason code 9 (other) unless told, and refuses a reason under 15 characters or a bad key', () => {
    expect(buildCancelEvent(input).xml).toContain('<cMotivo>9</cMotivo>');
    expect(() => buildCancelEvent({ ...input, reason: 'Erro     bobo  ' })).toThrow(/15 characters/);
    expect(() => buildCancelEvent({ ...input, accessKey: '123' })).toThrow(/50 digits/);
    expect(() => buildCancelEvent({ ...input, providerCnpj: '123' })).toThrow(/14 digits/);
  });
});
