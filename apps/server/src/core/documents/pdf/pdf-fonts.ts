// The fonts every PDF embeds, and how a string is cut into runs of the font that draws each character.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PdfKit from 'pdfkit';

/**
 * The embedded Noto families (files under apps/server/assets/fonts, subset into each PDF): any Latin,
 * Greek or Cyrillic name prints in Noto Sans; Hebrew, Arabic and emoji, which it lacks, print in the
 * fallback fonts of the same weight, picked for each run of text (see `writeText`).
 */
export const fonts = { regular: 'Sans', bold: 'Sans-Bold', italic: 'Sans' };
const FALLBACKS = ['Hebrew', 'Arabic', 'Emoji'] as const;
export const FONT_FILES: Record<string, string> = {
  Sans: 'NotoSans-Regular.ttf',
  'Sans/Hebrew': 'NotoSansHebrew-Regular.ttf',
  'Sans/Arabic': 'NotoSansArabic-Regular.ttf',
  'Sans/Emoji': 'NotoEmoji-Regular.ttf',
  'Sans-Bold': 'NotoSans-Bold.ttf',
  'Sans-Bold/Hebrew': 'NotoSansHebrew-Bold.ttf',
  'Sans-Bold/Arabic': 'NotoSansArabic-Bold.ttf',
  'Sans-Bold/Emoji': 'NotoEmoji-Regular.ttf',
};
const RTL = new Set<string>(['Hebrew', 'Arabic']);
const FONT_DIR = fileURLToPath(new URL('../../../../assets/fonts/', import.meta.url));

/** The font files, read once per process (a worker keeps them for every document it renders). */
let fontData: Map<string, Buffer> | undefined;
export const fontFiles = () => {
  fontData ??= new Map(Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(FONT_DIR + file)]));
  return fontData;
};
/** Which code points each font draws, learnt from the fonts themselves on first use. */
const coverage = new Map<string, Set<number>>();
export function learnCoverage() {
  if (coverage.size) return;
  // A document only for opening the fonts (never written out): fontkit's font behind each of pdfkit's.
  const probe = new PdfKit({ font: null as unknown as string });
  for (const [name, data] of fontFiles()) {
    probe.font(data);
    // oxlint-disable-next-line no-underscore-dangle -- pdfkit keeps the current font there, with no getter
    const face = (probe as unknown as { _font: { font: { characterSet: number[] } } })._font.font;
    coverage.set(name, new Set(face.characterSet));
  }
}

// Controls, then what no font draws on its own: they stay with the character before them.
const joins = (ch: string) => {
  const cp = ch.codePointAt(0)!;
  return (
    cp === 0x200c || // zero-width non-joiner
    cp === 0x200d || // zero-width joiner (emoji sequences)
    cp === 0x20e3 || // keycap
    (cp >= 0xfe00 && cp <= 0xfe0f) || // variation selectors (text or emoji presentation)
    (cp >= 0x1f3fb && cp <= 0x1f3ff) || // skin tones
    (cp >= 0xe0020 && cp <= 0xe007f) || // tag characters (subdivision flags)
    /\p{M}/u.test(ch) // combining marks
  );
};
const printable = (ch: string) => ch === '\n' || !/[\p{Cc}\p{Cs}\p{Co}\p{Cn}]/u.test(ch);

/**
 * Text as the document prints it: NFC, tabs and CRs as spaces and newlines, control characters and
 * unassigned code points dropped. Every other character is kept: the fonts print it.
 */
export function pdfText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).replace(/\r\n?/g, '\n').replace(/\t/g, ' ').normalize('NFC');
  let out = '';
  for (const ch of text) if (printable(ch)) out += ch;
  return out;
}

type Face = 'main' | (typeof FALLBACKS)[number];
export interface Run {
  face: Face;
  text: string;
}

/**
 * A string cut into runs of one font each: the main font where it has the glyph, otherwise the first
 * fallback that has it. Spaces between two runs of the same fallback stay inside it (a Hebrew phrase is
 * one run); marks, joiners and variation selectors follow their base character. Within a right-to-left
 * run the words are put in reading order for a left-to-right line, so a phrase that fits on one line reads
 * right; fontkit shapes and orders the letters of each word.
 */
export function splitRuns(family: string, text: string): Run[] {
  const faceOf = (ch: string): Face | null => {
    if (/\s/u.test(ch)) return null;
    const cp = ch.codePointAt(0)!;
    if (coverage.get(family)?.has(cp) ?? true) return 'main';
    return FALLBACKS.find((f) => coverage.get(`${family}/${f}`)?.has(cp)) ?? 'main';
  };
  const chars = [...text];
  const faces: Array<Face | null> = [];
  for (const ch of chars) faces.push(joins(ch) && faces.length ? (faces.at(-1) ?? 'main') : faceOf(ch));
  // Spaces: inside a fallback when the same fallback is on both sides, otherwise the main font's.
  for (let n = 0; n < faces.length; n++) {
    if (faces[n] !== null) continue;
    let end = n;
    while (end < faces.length && faces[end] === null) end++;
    const before = faces[n - 1];
    const same = before && before !== 'main' && faces[end] === before ? before : 'main';
    for (let k = n; k < end; k++) faces[k] = same;
    n = end - 1;
  }
  const runs: Run[] = [];
  chars.forEach((ch, n) => {
    const face = faces[n]!;
    const last = runs.at(-1);
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  });
  for (const r of runs)
    if (RTL.has(r.face) && !r.text.includes('\n')) r.text = r.text.split(' ').toReversed().join(' ');
  // Right-to-left runs of different scripts next to each other (with only spaces between them) are one
  // right-to-left stretch: drawn left to right, the last comes first.
  const rtlOrSpace = (r: Run) => RTL.has(r.face) || (r.face === 'main' && /^ +$/.test(r.text));
  const out: Run[] = [];
  for (let n = 0; n < runs.length;) {
    let end = n;
    while (end < runs.length && rtlOrSpace(runs[end]!)) end++;
    while (end > n && !RTL.has(runs[end - 1]!.face)) end--; // it ends on a right-to-left run
    if (end - n > 1 && RTL.has(runs[n]!.face)) {
      out.push(...runs.slice(n, end).toReversed());
      n = end;
    } else out.push(runs[n++]!);
  }
  return out;
}

/** Words laid into lines no wider than `width` (a word wider than that stands on its own line). */
export function wrapWords(text: string, width: number, widthOf: (t: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const tried = line ? `${line} ${word}` : word;
    if (line && widthOf(tried) > width) {
      lines.push(line);
      line = word;
    } else line = tried;
  }
  if (line) lines.push(line);
  return lines;
}
