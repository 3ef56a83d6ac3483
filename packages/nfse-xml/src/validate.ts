import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/** The documents the official schemas describe, by their root element. */
export type NfseSchema = 'DPS' | 'NFSe' | 'pedRegEvento' | 'evento';

/** The layout versions whose schemas are kept (../schemas/<version>/). */
export type LayoutVersion = '1.00' | '1.01';
export const LAYOUT_VERSIONS: readonly LayoutVersion[] = ['1.00', '1.01'];

const files = new Map<LayoutVersion, XMLFileInfo[]>();

/** A version's schema files, read once: each document's main XSD includes its siblings by file name. */
function schemaFiles(version: LayoutVersion): XMLFileInfo[] {
  let list = files.get(version);
  if (!list) {
    const dir = fileURLToPath(new URL(`../schemas/${version}/`, import.meta.url));
    list = readdirSync(dir)
      .filter((name) => name.endsWith('.xsd'))
      .map((name) => ({ fileName: name, contents: readFileSync(dir + name) }));
    files.set(version, list);
  }
  return list;
}

/** The `versao` of the document's root ('1.00', '1.01'), or null when it has none the library knows. */
export function layoutVersionOf(xml: string): LayoutVersion | null {
  const root = /<(?:\w+:)?(?:DPS|NFSe|pedRegEvento|evento)\b[^>]*?\sversao="([^"]*)"/.exec(xml);
  const version = root?.[1];
  return version && (LAYOUT_VERSIONS as readonly string[]).includes(version) ? (version as LayoutVersion) : null;
}

/**
 * Checks a document against the official schema of its layout version (the root's `versao`; 1.01 when
 * it says none the library knows) with libxml2 compiled to WebAssembly, so no system tool is needed.
 * Returns readable error lines, [] when the document is valid.
 */
export async function validateXml(xml: string, schema: NfseSchema, version?: LayoutVersion): Promise<string[]> {
  const all = schemaFiles(version ?? layoutVersionOf(xml) ?? '1.01');
  const main = all.find((f) => f.fileName.startsWith(`${schema}_v`))!;
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [main],
    preload: all.filter((f) => f !== main),
  });
  if (result.valid) return [];
  const lines = result.errors
    .map((e) => readable(e.rawMessage))
    // libxml2 follows a parser error with the offending source line and a caret under it.
    .filter((line) => /^line \d+: /.test(line) && !line.endsWith('fails to validate'));
  return lines.length > 0 ? lines : ['The document does not validate against the schema.'];
}

/** 'document.xml:1: element x: Schemas validity error : Element '{ns}x': …' → "line 1: Element 'x': …". */
function readable(raw: string): string {
  return raw
    .replace(/^document\.xml:(\d+):\s*/, 'line $1: ')
    .replace(/(element \S+: )?Schemas validity error : /, '')
    .replace(/Schemas parser error : /, '')
    .replace(/\{http:\/\/www\.sped\.fazenda\.gov\.br\/nfse\}/g, '')
    .replace(/\{http:\/\/www\.w3\.org\/2000\/09\/xmldsig#\}/g, 'ds:')
    .trim();
}
