import { inflateSync } from 'node:zlib';

const cp1252 = new TextDecoder('windows-1252');

/** The stream of one object, inflated; null when it has none or it is not deflated (an image). */
function streamOf(pdf: Buffer, raw: string, objectNumber: number): string | null {
  const start = raw.search(new RegExp(`(?:^|\\n)${objectNumber} 0 obj\\b`));
  if (start < 0) return null;
  const s = raw.indexOf('stream', start);
  const end = raw.indexOf('endobj', start);
  if (s < 0 || s > end) return null;
  const dataStart = s + (raw[s + 6] === '\r' ? 8 : 7);
  try {
    return inflateSync(pdf.subarray(dataStart, raw.indexOf('endstream', dataStart))).toString('latin1');
  } catch {
    return null;
  }
}

/** An embedded font's ToUnicode CMap as code → text (pdfkit writes bfrange arrays of UTF-16BE). */
function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    const first = parseInt(range[1]!, 16);
    [...range[3]!.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((m, k) => {
      const hex = m[1]!.replace(/\s/g, '');
      const units = hex.match(/.{4}/g)?.map((h) => parseInt(h, 16)) ?? [];
      map.set(first + k, String.fromCharCode(...units));
    });
  }
  for (const single of cmap.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>(?=\s*\n|\s*<)/g)) {
    if (cmap.lastIndexOf('beginbfchar', single.index) < 0) continue;
    const units = single[2]!.match(/.{4}/g)?.map((h) => parseInt(h, 16)) ?? [];
    map.set(parseInt(single[1]!, 16), String.fromCharCode(...units));
  }
  return map;
}

/**
 * The text a PDF made by pdfkit shows, one line per text operation: its content streams inflated, the
 * hex strings of each TJ array decoded with the font in use: an embedded font through its ToUnicode
 * map, a standard font as Windows-1252. Letters are in the order they are drawn, so a right-to-left
 * word comes out reversed (use pdftotext for those). Enough for tests to check what a document says
 * without a PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  // Font resource name (F1, F2...: unique in a pdfkit document) → object, → its ToUnicode map.
  const cmaps = new Map<string, Map<number, string>>();
  for (const [, name, obj] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    if (cmaps.has(name!)) continue;
    const dict = raw.slice(raw.search(new RegExp(`(?:^|\\n)${obj} 0 obj\\b`)));
    const toUnicode = dict.slice(0, dict.indexOf('endobj')).match(/\/ToUnicode (\d+) 0 R/);
    const cmap = toUnicode ? streamOf(pdf, raw, Number(toUnicode[1])) : null;
    if (cmap) cmaps.set(name!, parseCmap(cmap));
  }
  const lines: string[] = [];
  const streamRe = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamRe.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // an image or an uncompressed stream
    }
    let font: Map<number, string> | undefined;
    for (const op of content.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (op[1]) {
        font = cmaps.get(op[1]);
        continue;
      }
      const hex = [...op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      if (font) {
        const codes = hex.match(/.{4}/g) ?? [];
        lines.push(codes.map((c) => font!.get(parseInt(c, 16)) ?? '\ufffd').join(''));
      } else lines.push(cp1252.decode(Buffer.from(hex, 'hex')));
    }
    streamRe.lastIndex = end;
  }
  return lines.join('\n');
}

/** How many pages a PDF has. */
export const pdfPageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
