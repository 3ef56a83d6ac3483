import PdfKit from 'pdfkit';
import { FONT_FILES, fontFiles, fonts, learnCoverage, pdfText, splitRuns, wrapWords, type Run } from './pdf-fonts.ts';

/** A4 with 40 pt margins; the footer lives in the bottom margin. */
export const PAGE = { margin: 40, bottomMargin: 56, width: 595.28, height: 841.89 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const colors = {
  text: '#1f2328',
  muted: '#5f6b7a',
  accent: '#1f3a5f',
  line: '#d5dae1',
  headerBg: '#eef1f5',
  zebra: '#f8f9fb',
  danger: '#b42318',
};
export { fonts, pdfText, splitRuns, type Run } from './pdf-fonts.ts';

export type Doc = InstanceType<typeof PdfKit>;
type TextOptions = NonNullable<Parameters<Doc['text']>[1]> & object;

/** What the document is writing now: its font family and the structure role of its text. */
interface DocState {
  family: string;
  role: string;
  artifact: boolean;
  root: ReturnType<Doc['struct']>;
}
const states = new WeakMap<Doc, DocState>();

/**
 * Makes doc.text print any script: the string is cut into runs of one font each, written as one
 * continued text (one paragraph, wrapped as a whole). Each text is a structure element of the tagged PDF
 * (a paragraph unless `asHeading` says otherwise); footers are artifacts.
 */
function installText(doc: Doc, state: DocState) {
  const originalFont = doc.font.bind(doc) as (src: string, size?: number) => Doc;
  const textAt = doc.text.bind(doc) as (text: string, x?: number, y?: number, options?: TextOptions) => Doc;
  const textHere = doc.text.bind(doc) as (text: string, options?: TextOptions) => Doc;
  (doc as { font: unknown }).font = (src: string, size?: number) => {
    if (src in FONT_FILES && !src.includes('/')) state.family = src;
    return originalFont(src, size);
  };
  (doc as { text: unknown }).text = (text: string, x?: number | TextOptions, y?: number, opts?: TextOptions) => {
    let options: TextOptions = typeof x === 'object' ? x : (opts ?? {});
    const at: [number | undefined, number | undefined] = typeof x === 'object' ? [undefined, undefined] : [x, y];
    if (!state.artifact && !options.continued) {
      options = { ...options, structParent: state.root, structType: state.role };
    }
    const write = (t: string, o: TextOptions, x0 = at[0], y0 = at[1]) =>
      x0 === undefined && y0 === undefined ? textHere(t, o) : textAt(t, x0, y0, o);
    const runs = splitRuns(state.family, String(text ?? ''));
    if (runs.length <= 1) write(runs[0]?.text ?? '', options);
    else {
      const family = state.family;
      const fontOf = (run: Run) => (run.face === 'main' ? family : `${family}/${run.face}`);
      const use = (run: Run) => {
        originalFont(fontOf(run));
        if (run.face !== 'main') alignMetrics(doc, family);
      };
      // Continued text aligns each piece on its own: a centred or right-aligned line that fits is
      // placed by hand, its runs written left-aligned from where the whole line starts; a longer one is
      // cut into such lines at its spaces first.
      const startX = at[0] ?? doc.x;
      let x0 = at[0];
      if ((options.align === 'center' || options.align === 'right') && options.width) {
        const spacing = options.characterSpacing ?? 0;
        const widthOf = (pieces: Run[]) =>
          pieces.reduce((sum, run) => {
            originalFont(fontOf(run));
            return sum + doc.widthOfString(run.text, { characterSpacing: spacing });
          }, 0);
        const total = widthOf(runs);
        const plain = !runs.some((r) => r.text.includes('\n'));
        if (total <= options.width && plain) {
          const free = options.width - total;
          const shift = options.align === 'center' ? free / 2 : free;
          x0 = (x0 ?? doc.x) + shift;
          options = { ...options, align: 'left', width: options.width - shift };
        } else if (plain) {
          const lines = wrapWords(String(text), options.width, (t) => widthOf(splitRuns(family, t)));
          originalFont(family);
          if (lines.length > 1) {
            lines.forEach((lineText, k) => {
              const y0 = k === 0 ? (at[1] ?? doc.y) : doc.y;
              const last = k === lines.length - 1;
              (doc.text as (t: string, x: number, y: number, o: TextOptions) => Doc)(lineText, startX, y0, {
                ...options,
                continued: last ? options.continued : false,
              });
            });
            return doc;
          }
        }
      }
      runs.forEach((run, k) => {
        use(run);
        const last = k === runs.length - 1;
        const o = { ...(k === 0 ? options : {}), continued: last ? (options.continued ?? false) : true };
        if (k === 0) write(run.text, o, x0, at[1] ?? (x0 === undefined ? undefined : doc.y));
        else textHere(run.text, o);
      });
      originalFont(family);
      if (!options.continued) doc.x = startX;
    }
    // The text's marked content ends with it, so the rules and boxes drawn next are not part of it.
    if (!state.artifact && !options.continued) {
      const page = doc.page as unknown as { markings: unknown[] };
      while (page.markings.length) doc.endMarkedContent();
    }
    return doc;
  };
}

type Metrics = { ascender: number; descender: number; lineGap: number; aligned?: boolean };
/** pdfkit's current font (it has no getter): its vertical metrics place each piece of text. */
// oxlint-disable-next-line no-underscore-dangle -- see above
const currentFont = (doc: Doc) => (doc as unknown as { _font: Metrics })._font;

/**
 * A fallback font takes the main font's vertical metrics (pdfkit places a piece of text by its font's
 * ascender), so a Hebrew or Arabic word sits on the same baseline as the Latin text around it.
 */
function alignMetrics(doc: Doc, family: string) {
  const fallback = currentFont(doc);
  if (fallback.aligned) return;
  // oxlint-disable-next-line no-underscore-dangle -- the fonts pdfkit opened for this document, by name
  const current = (doc as unknown as { _fontFamilies: Record<string, Metrics> })._fontFamilies[family];
  if (!current) return;
  fallback.ascender = current.ascender;
  fallback.descender = current.descender;
  fallback.lineGap = current.lineGap;
  fallback.aligned = true;
}

/** Text written by `write` is tagged as a heading of that level for screen readers. */
export function asHeading(doc: Doc, level: 'H1' | 'H2' | 'H3', write: () => void) {
  const state = states.get(doc)!;
  state.role = level;
  try {
    write();
  } finally {
    state.role = 'P';
  }
}

/** Writes page furniture (footers): marked as an artifact, left out of what a screen reader reads. */
function asArtifact(doc: Doc, write: () => void) {
  const state = states.get(doc)!;
  state.artifact = true;
  doc.markContent('Artifact', { type: 'Pagination' });
  try {
    write();
  } finally {
    doc.endMarkedContent();
    state.artifact = false;
  }
}

export function newDocument(info: { title: string; author: string }): Doc {
  const doc = new PdfKit({
    size: 'A4',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottomMargin },
    bufferPages: true,
    info: { Title: pdfText(info.title), Author: pdfText(info.author), Creator: 'Ordem Certa' },
    lang: 'pt-BR',
    displayTitle: true,
    pdfVersion: '1.7',
    tagged: true,
    // No standard font: every font is embedded (registered below).
    font: null as unknown as string,
  });
  for (const [name, data] of fontFiles()) doc.registerFont(name, data);
  learnCoverage();
  const root = doc.struct('Document');
  doc.addStructure(root);
  const state: DocState = { family: fonts.regular, role: 'P', artifact: false, root };
  states.set(doc, state);
  installText(doc, state);
  doc.font(fonts.regular);
  return doc;
}

export const pageBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** A horizontal line from x over `width` at y. */
export function rule(doc: Doc, y: number, opts: { x?: number; width?: number; weight?: number; color?: string } = {}) {
  const x = opts.x ?? PAGE.margin;
  doc
    .moveTo(x, y)
    .lineTo(x + (opts.width ?? CONTENT_WIDTH), y)
    .lineWidth(opts.weight ?? 0.5)
    .strokeColor(opts.color ?? colors.line)
    .stroke();
}

/** A new page when `height` does not fit below the current position. */
export function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

/** A section heading: small capitals in the accent colour over a hairline. Kept with `keepWith` pt below it. */
export function sectionTitle(doc: Doc, title: string, keepWith = 40) {
  doc.moveDown(0.8);
  ensureSpace(doc, 22 + keepWith);
  const y = doc.y;
  doc.font(fonts.bold).fontSize(9.5).fillColor(colors.accent);
  asHeading(doc, 'H2', () =>
    doc.text(pdfText(title.toUpperCase()), PAGE.margin, y, { width: CONTENT_WIDTH, characterSpacing: 0.6 }),
  );
  const lineY = doc.y + 2;
  rule(doc, lineY, { weight: 0.8, color: colors.accent });
  doc.x = PAGE.margin;
  doc.y = lineY + 6;
}

/** Label over value pairs in a column; returns the y below the last one. */
export function fieldList(doc: Doc, x: number, y: number, width: number, fields: Array<[string, string]>) {
  let cy = y;
  for (const [label, value] of fields) {
    if (!value) continue;
    doc.font(fonts.regular).fontSize(7.5).fillColor(colors.muted);
    doc.text(pdfText(label), x, cy, { width });
    doc.font(fonts.regular).fontSize(9.5).fillColor(colors.text);
    doc.text(pdfText(value), x, doc.y + 0.5, { width });
    cy = doc.y + 5;
  }
  return cy;
}

/**
 * A word across every page ('RASCUNHO', 'NÃO INICIADA'), faint enough to read the document through it,
 * as large as fits the page's width up to 96 pt.
 */
export function watermark(doc: Doc, word: string) {
  const range = doc.bufferedPageRange();
  doc.font(fonts.bold).fontSize(1);
  const size = Math.min(96, (PAGE.width * 0.9) / doc.widthOfString(word));
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start a new page
    doc.save();
    doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
    doc.font(fonts.bold).fontSize(size).fillColor(colors.danger).fillOpacity(0.12);
    doc.text(word, 0, PAGE.height / 2 - size / 2, { width: PAGE.width, align: 'center', lineBreak: false });
    doc.restore();
    doc.page.margins.bottom = bottom;
  }
}

/** The width of a text in a family at the current size, each run in the font that draws it. */
function runsWidth(doc: Doc, family: string, text: string) {
  let width = 0;
  for (const run of splitRuns(family, text)) {
    doc.font(run.face === 'main' ? family : `${family}/${run.face}`);
    width += doc.widthOfString(run.text);
  }
  doc.font(family);
  return width;
}

/**
 * Writes the footer on every page (left text, 'Página i de n' on the right). The left text keeps to one
 * line: past it (a long company name), it is cut at a space and ends in '…'.
 */
export function footers(doc: Doc, text: string) {
  const room = CONTENT_WIDTH - 80;
  doc.font(fonts.regular).fontSize(7.5);
  let left = pdfText(text);
  if (runsWidth(doc, fonts.regular, left) > room) {
    const cut = wrapWords(left, room - runsWidth(doc, fonts.regular, ' …'), (t) => runsWidth(doc, fonts.regular, t));
    let first = [...cut[0]!];
    // One word longer than the line (no space to cut at) loses characters from its end.
    while (first.length > 1 && runsWidth(doc, fonts.regular, `${first.join('')} …`) > room) first = first.slice(0, -1);
    left = `${first.join('')} …`;
  }
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start a new page
    const y = doc.page.height - 34;
    rule(doc, y - 6);
    doc.font(fonts.regular).fontSize(7.5).fillColor(colors.muted);
    asArtifact(doc, () => {
      doc.text(left, PAGE.margin, y, { width: room, lineBreak: false });
      doc.text(`Página ${p - range.start + 1} de ${range.count}`, PAGE.margin + CONTENT_WIDTH - 80, y, {
        width: 80,
        align: 'right',
        lineBreak: false,
      });
    });
    doc.page.margins.bottom = bottom;
  }
}

/** The finished document as one buffer. */
export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
