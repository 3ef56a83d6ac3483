import PdfKit from 'pdfkit';

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
export const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

// Windows-1252 above 0x7f: the characters the standard PDF fonts can print.
const CP1252_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const printable = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.includes(ch) || ch === '\n';
};

/**
 * Text as the standard fonts can print it: accents of Portuguese stay; other letters lose their marks
 * ('ő' → 'o'); what has no print form (emoji, arrows) goes. Tabs and CRs become spaces or newlines.
 */
export function pdfText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).replace(/\r\n?/g, '\n').replace(/\t/g, ' ').normalize('NFC');
  let out = '';
  for (const ch of text) {
    if (printable(ch)) out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += [...base].filter(printable).join('');
    }
  }
  return out;
}

export type Doc = InstanceType<typeof PdfKit>;

export function newDocument(info: { title: string; author: string }): Doc {
  return new PdfKit({
    size: 'A4',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottomMargin },
    bufferPages: true,
    info: { Title: pdfText(info.title), Author: pdfText(info.author), Creator: 'Ordem Certa' },
    lang: 'pt-BR',
    displayTitle: true,
  });
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
  doc.text(pdfText(title.toUpperCase()), PAGE.margin, y, { width: CONTENT_WIDTH, characterSpacing: 0.6 });
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

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}
/** A cell: text, or a main text with a smaller muted line under it (a service's description). */
export type Cell = string | { main: string; sub?: string | null };

const PAD_X = 5;
const PAD_Y = 4;

function cellHeight(doc: Doc, cell: Cell, width: number) {
  const main = typeof cell === 'string' ? cell : cell.main;
  const sub = typeof cell === 'string' ? null : cell.sub;
  doc.font(fonts.regular).fontSize(9);
  let h = doc.heightOfString(pdfText(main) || ' ', { width });
  if (sub) {
    doc.fontSize(7.5);
    h += 1.5 + doc.heightOfString(pdfText(sub), { width });
  }
  return h;
}

function drawHeader(doc: Doc, columns: Column[], y: number) {
  const h = 18;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, h).fill(colors.headerBg);
  let x = PAGE.margin;
  doc.font(fonts.bold).fontSize(8).fillColor(colors.muted);
  for (const c of columns) {
    doc.text(pdfText(c.header), x + PAD_X, y + 5, { width: c.width - 2 * PAD_X, align: c.align ?? 'left' });
    x += c.width;
  }
  return y + h;
}

/**
 * A table that breaks across pages, repeating its header; rows never split. Column widths are given
 * in points and should add up to CONTENT_WIDTH.
 */
export function table(doc: Doc, columns: Column[], rows: Cell[][]) {
  ensureSpace(doc, 18 + 24);
  let y = drawHeader(doc, columns, doc.y);
  rows.forEach((row, index) => {
    const h = Math.max(...row.map((cell, c) => cellHeight(doc, cell, columns[c]!.width - 2 * PAD_X))) + 2 * PAD_Y;
    if (y + h > pageBottom(doc)) {
      doc.addPage();
      y = drawHeader(doc, columns, doc.page.margins.top);
    }
    if (index % 2 === 1) doc.rect(PAGE.margin, y, CONTENT_WIDTH, h).fill(colors.zebra);
    let x = PAGE.margin;
    row.forEach((cell, c) => {
      const col = columns[c]!;
      const width = col.width - 2 * PAD_X;
      const main = typeof cell === 'string' ? cell : cell.main;
      const sub = typeof cell === 'string' ? null : cell.sub;
      doc.font(fonts.regular).fontSize(9).fillColor(colors.text);
      doc.text(pdfText(main), x + PAD_X, y + PAD_Y, { width, align: col.align ?? 'left' });
      if (sub) {
        doc.fontSize(7.5).fillColor(colors.muted);
        doc.text(pdfText(sub), x + PAD_X, doc.y + 1.5, { width, align: col.align ?? 'left' });
      }
      x += col.width;
    });
    y += h;
    rule(doc, y);
  });
  doc.x = PAGE.margin;
  doc.y = y + 4;
}

/** Writes the footer on every page (left text, 'Página i de n' on the right). */
export function footers(doc: Doc, left: string) {
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start a new page
    const y = doc.page.height - 34;
    rule(doc, y - 6);
    doc.font(fonts.regular).fontSize(7.5).fillColor(colors.muted);
    doc.text(pdfText(left), PAGE.margin, y, { width: CONTENT_WIDTH - 80, lineBreak: false });
    doc.text(`Página ${p - range.start + 1} de ${range.count}`, PAGE.margin + CONTENT_WIDTH - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
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
