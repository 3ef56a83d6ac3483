import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import type { A1Certificate } from './certificate.ts';

// Canonicalization and transforms are fixed by the layout's signature schema. Layout 1.01 documents are
// signed with RSA-SHA256 over SHA-256 (as the layout's own sample is); 1.00 fixed RSA-SHA1 over SHA-1,
// and documents signed that way still verify.
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** The elements a document of the layout signs: the DPS's, the event request's, and (the stand-in) the NFS-e's and event's. */
export type SignedElement = 'infDPS' | 'infPedReg' | 'infNFSe' | 'infEvento';

/**
 * Enveloped XMLDSig of `signedElement` (Reference URI '#' + its Id; transforms enveloped-signature then
 * c14n 2001; rsa-sha256 over sha256; KeyInfo/X509Data/X509Certificate with the holder's certificate),
 * placed right after the signed element inside the root. The document must not be reformatted afterwards.
 */
export function signXml(xml: string, cert: A1Certificate, signedElement: SignedElement): string {
  const doc = parse(xml);
  const target = doc?.documentElement ? firstChildElement(doc.documentElement) : null;
  if (!target || target.localName !== signedElement || !target.getAttribute('Id')) {
    throw new Error(`The document's root must start with ${signedElement} and its Id.`);
  }
  const sig = new SignedXml({
    privateKey: cert.privateKeyPem,
    publicCert: cert.certificatePem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: C14N,
  });
  const xpath = `/*/*[local-name(.)='${signedElement}']`;
  sig.addReference({ xpath, transforms: [ENVELOPED, C14N], digestAlgorithm: SHA256 });
  sig.computeSignature(xml, { location: { reference: xpath, action: 'after' } });
  return sig.getSignedXml();
}

/**
 * Whether the signature that closes the document's root (the one over its first element, e.g. infDPS)
 * holds, checked with the certificate inside it. It must reference exactly that element by its Id.
 */
export function verifyXmlSignature(xml: string): boolean {
  try {
    const doc = parse(xml);
    const root = doc?.documentElement;
    if (!root) return false;
    const signed = firstChildElement(root);
    const id = signed?.getAttribute('Id');
    const signature = childElements(root).find((e) => e.localName === 'Signature' && e.namespaceURI === DSIG_NS);
    if (!signed || !id || !signature) return false;
    const certNode = signature.getElementsByTagNameNS(DSIG_NS, 'X509Certificate')[0];
    const certText = certNode?.textContent?.replace(/\s+/g, '');
    if (!certText) return false;
    const sig = new SignedXml({ publicCert: certificatePem(certText) });
    sig.loadSignature(signature as unknown as Node);
    const refs = signature.getElementsByTagNameNS(DSIG_NS, 'Reference');
    if (refs.length !== 1 || refs[0]!.getAttribute('URI') !== `#${id}`) return false;
    return sig.checkSignature(xml);
  } catch {
    return false;
  }
}

/** The certificate (PEM) inside a document's closing signature; null when there is none. */
export function signatureCertificatePem(xml: string): string | null {
  const root = parse(xml)?.documentElement;
  const signature = root ? childElements(root).find((e) => e.localName === 'Signature') : undefined;
  const text = signature?.getElementsByTagNameNS(DSIG_NS, 'X509Certificate')[0]?.textContent?.replace(/\s+/g, '');
  return text ? certificatePem(text) : null;
}

function certificatePem(base64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

type XElement = ReturnType<DOMParser['parseFromString']>['documentElement'] & {};

function parse(xml: string) {
  let failed = false;
  const doc = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: () => {
        failed = true;
      },
      fatalError: () => {
        failed = true;
      },
    },
  }).parseFromString(xml, 'text/xml');
  return failed ? null : doc;
}

function childElements(parent: XElement): XElement[] {
  const out: XElement[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as XElement);
  return out;
}

function firstChildElement(parent: XElement): XElement | null {
  return childElements(parent)[0] ?? null;
}
