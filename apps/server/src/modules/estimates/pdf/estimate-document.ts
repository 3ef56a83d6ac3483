import { formatDate, formatDateTime, formatIdentifier, formatPhone, PersonType } from '@oficina/contracts';
import {
  equipmentTable,
  header,
  leftOutLine,
  linesTable,
  MAX_PRINTED_COMMENTS,
  photos,
  totals,
  type PrintedRecord,
} from '../../documents/pdf/record-blocks.ts';
import {
  colors,
  CONTENT_WIDTH,
  ensureSpace,
  fieldList,
  fonts,
  footers,
  newDocument,
  PAGE,
  pdfText,
  sectionTitle,
  toBuffer,
  type Doc,
} from '../../documents/pdf/pdf-layout.ts';
import { pixBlock } from '../../documents/pdf/pix-block.ts';

/** Everything the estimate document prints. A quote always shows its values. */
export interface EstimatePdfData extends PrintedRecord {
  estimate: {
    number: number;
    /** The status in the customer's words (a draft reads 'RASCUNHO'). */
    statusLabel: string;
    /** A draft is marked across every page, so a copy sent by mistake cannot pass for the quote. */
    isDraft: boolean;
    natureName: string;
    createdAt: Date;
    subtotalCents: number;
    discountCents: number;
  };
  /** The latest notes, oldest first: at most MAX_PRINTED_COMMENTS. */
  notes: Array<{ comment: string; createdAt: Date }>;
  /** How many older notes the document leaves out. */
  notesLeftOut: number;
}

function customerBlock(doc: Doc, d: EstimatePdfData) {
  const colWidth = (CONTENT_WIDTH - 24) / 2;
  const y = doc.y;
  const cu = d.customer;
  const label = cu.type === PersonType.Natural ? 'CPF' : 'CNPJ';
  doc.font(fonts.bold).fontSize(8).fillColor(colors.accent).text('CLIENTE', PAGE.margin, y, { characterSpacing: 0.6 });
  doc.font(fonts.bold).fontSize(11).fillColor(colors.text);
  doc.text(pdfText(cu.name), PAGE.margin, doc.y + 3, { width: colWidth });
  const leftBottom = fieldList(doc, PAGE.margin, doc.y + 4, colWidth, [
    ['Nome fantasia', cu.type === PersonType.Juridical ? (cu.alias ?? '') : ''],
    [label, formatIdentifier(cu.identifier, cu.type)],
    ['E-mail', cu.email ?? ''],
    ['Telefone', cu.phone ? formatPhone(cu.phone) : ''],
    ['Endereço', cu.address ?? ''],
  ]);
  const rx = PAGE.margin + colWidth + 24;
  doc.font(fonts.bold).fontSize(8).fillColor(colors.accent).text('ORÇAMENTO', rx, y, { characterSpacing: 0.6 });
  const rightBottom = fieldList(doc, rx, doc.y + 3, colWidth, [
    ['Natureza da operação', d.estimate.natureName],
    ['Data', formatDate(d.estimate.createdAt, d.timeZone)],
  ]);
  doc.x = PAGE.margin;
  doc.y = Math.max(leftBottom, rightBottom);
}

function notes(doc: Doc, d: EstimatePdfData) {
  const shown = d.notes.slice(-MAX_PRINTED_COMMENTS);
  if (!shown.length) return;
  sectionTitle(doc, 'Observações');
  for (const n of shown) {
    doc.font(fonts.regular).fontSize(9.5);
    ensureSpace(doc, Math.min(doc.heightOfString(pdfText(n.comment), { width: CONTENT_WIDTH }) + 16, 120));
    doc
      .font(fonts.regular)
      .fontSize(7.5)
      .fillColor(colors.muted)
      .text(formatDateTime(n.createdAt, d.timeZone), PAGE.margin, doc.y);
    doc.font(fonts.regular).fontSize(9.5).fillColor(colors.text);
    doc.text(pdfText(n.comment), PAGE.margin, doc.y + 1.5, { width: CONTENT_WIDTH });
    doc.y += 6;
  }
  leftOutLine(doc, d.notesLeftOut + d.notes.length - shown.length);
}

/** 'RASCUNHO' across every page, faint enough to read the quote through it. */
function draftMarks(doc: Doc) {
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start a new page
    doc.save();
    doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
    doc.font(fonts.bold).fontSize(96).fillColor(colors.danger).fillOpacity(0.12);
    doc.text('RASCUNHO', 0, PAGE.height / 2 - 48, { width: PAGE.width, align: 'center', lineBreak: false });
    doc.restore();
    doc.page.margins.bottom = bottom;
  }
}

/** The estimate as the quote a shop sends its customer (A4, pt-BR), in the order document's layout. */
export async function renderEstimatePdf(d: EstimatePdfData): Promise<Buffer> {
  const draft = d.estimate.isDraft ? ' (rascunho)' : '';
  const doc = newDocument({ title: `Orçamento nº ${d.estimate.number}${draft}`, author: d.company.name });
  header(doc, d, {
    kind: d.estimate.isDraft ? 'RASCUNHO DE ORÇAMENTO' : 'ORÇAMENTO',
    number: d.estimate.number,
    dateLine: `Emitido em ${formatDate(d.estimate.createdAt, d.timeZone)}`,
    statusLabel: d.estimate.statusLabel,
  });
  customerBlock(doc, d);
  equipmentTable(doc, d);
  const values = { showValues: true };
  linesTable(doc, values, 'Serviços', d.services);
  linesTable(doc, values, 'Produtos', d.products);
  totals(doc, { showValues: true, invoice: d.estimate });
  pixBlock(doc, d.pix);
  notes(doc, d);
  photos(doc, d);
  if (d.estimate.isDraft) draftMarks(doc);
  footers(
    doc,
    `Orçamento nº ${d.estimate.number}${draft}  ·  ${d.company.name}  ·  Gerado em ${formatDateTime(d.generatedAt, d.timeZone)}`,
  );
  return toBuffer(doc);
}
