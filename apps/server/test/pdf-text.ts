import { inflateSync } from 'node:zlib';

const cp1252 = new TextDecoder('windows-1252');

/**
 * The text a PDF made by pdfkit shows, one line per text operation: its content streams inflated, the
 * hex strings of each TJ array decoded (standard fonts print Windows-1252). Enough for tests to check
 * what a document says without a PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
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
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(cp1252.decode(Buffer.from(hex, 'hex')));
    }
    streamRe.lastIndex = end;
  }
  return lines.join('\n');
}

/** How many pages a PDF has. */
export const pdfPageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
