import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/** The documents the official schemas describe, by their root element. */
export type NfseSchema = 'DPS' | 'NFSe' | 'pedRegEvento' | 'evento';

const schemaDir = fileURLToPath(new URL('../schemas/', import.meta.url));
let files: XMLFileInfo[] | undefined;

/** The schema files, read once: each document's main XSD includes its siblings by file name. */
function schemaFiles(): XMLFileInfo[] {
  files ??= readdirSync(schemaDir)
    .filter((name) => name.endsWith('.xsd'))
    .map((name) => ({ fileName: name, contents: readFileSync(schemaDir + name) }));
  return files;
}

/**
 * Checks a document against the official schema of layout 1.00 with libxml2 (compiled to WebAssembly,
 * so no system tool is needed). Returns readable error lines, [] when the document is valid.
 */
export async function validateXml(xml: string, schema: NfseSchema): Promise<string[]> {
  const all = schemaFiles();
  const main = all.find((f) => f.fileName === `${schema}_v1.00.xsd`)!;
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
