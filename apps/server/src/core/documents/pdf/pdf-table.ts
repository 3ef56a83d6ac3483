// Tables in a PDF: a header row repeated on each page, cells of a main line and an optional second line.
import { colors, CONTENT_WIDTH, ensureSpace, fonts, PAGE, pageBottom, pdfText, rule, type Doc } from './pdf-layout.ts';

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
