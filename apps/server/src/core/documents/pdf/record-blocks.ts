// The PDF blocks an estimate and a service order print alike: the company header, the equipment and
// priced-line tables, the customer beside the record's facts, the comments, the totals and the photos.
import {
  formatIdentifier,
  formatMoney,
  formatPhone,
  formatQuantityUnit,
  fromCents,
  lineTotalCents,
  PersonType,
} from '@ordem-certa/contracts';
import {
  asHeading,
  colors,
  CONTENT_WIDTH,
  ensureSpace,
  fieldList,
  fonts,
  PAGE,
  pageBottom,
  pdfText,
  rule,
  sectionTitle,
  type Doc,
} from './pdf-layout.ts';
import { table, type Cell, type Column } from './pdf-table.ts';
import { MAX_PRINTED_COMMENTS, type PrintedPix } from './printed-data.ts';

const money = (cents: number) => formatMoney(fromCents(cents));
const identifierLabel = (type: number) => (type === PersonType.Natural ? 'CPF' : 'CNPJ');

/** A company or customer as a document prints it. */
export interface PdfParty {
  name: string;
  alias: string | null;
  identifier: string;
  type: number;
  email: string | null;
  phone: string | null;
  address: string | null;
}

/** What the document of every kind of record (estimate, service order) prints alike. */
export interface PrintedRecord {
  timeZone: string;
  generatedAt: Date;
  company: PdfParty & { logo: Buffer | null; signature: Buffer | null };
  customer: PdfParty;
  services: Array<{
    name: string;
    description: string | null;
    quantity: number;
    priceCents: number;
    warrantyDays?: number | null;
  }>;
  products: Array<{ name: string; unit: string; quantity: number; priceCents: number; warrantyDays?: number | null }>;
  equipments: Array<{ name: string; brand: string; model: string; serialNumber: string; description: string | null }>;
  photos: Array<{ name: string; data: Buffer; width: number; height: number }>;
  /** The PIX payment the document offers (null: no key, values hidden or nothing to pay). */
  pix?: PrintedPix | null;
}

/** Whether the document prints prices and totals (not for someone who may not see them). */
type Values = { showValues: boolean };

/** The document's heading: what it is, its number, when it was opened and its status. */
export interface DocumentHeading {
  kind: string;
  number: number;
  dateLine: string;
  statusLabel: string;
}

/** The company block (logo, name, identifiers, contacts) and the heading on the right. */
export function header(doc: Doc, d: Pick<PrintedRecord, 'company'>, heading: DocumentHeading) {
  const top = PAGE.margin;
  let textX = PAGE.margin;
  if (d.company.logo) {
    doc.image(d.company.logo, PAGE.margin, top, { fit: [120, 64] });
    textX = PAGE.margin + 132;
  }
  const rightWidth = 150;
  const textWidth = PAGE.margin + CONTENT_WIDTH - rightWidth - 12 - textX;
  const c = d.company;
  doc.font(fonts.bold).fontSize(13).fillColor(colors.text);
  doc.text(pdfText(c.name), textX, top, { width: textWidth });
  doc.font(fonts.regular).fontSize(8.5).fillColor(colors.muted);
  const lines = [
    c.type === PersonType.Juridical && c.alias ? c.alias : null,
    `${identifierLabel(c.type)} ${formatIdentifier(c.identifier, c.type)}`,
    [c.email, c.phone ? formatPhone(c.phone) : null].filter(Boolean).join('  ·  '),
    c.address,
  ].filter((l): l is string => !!l);
  for (const line of lines) doc.text(pdfText(line), textX, doc.y + 1, { width: textWidth });
  const leftBottom = Math.max(doc.y, d.company.logo ? top + 64 : 0);

  const rx = PAGE.margin + CONTENT_WIDTH - rightWidth;
  doc.font(fonts.bold).fontSize(8).fillColor(colors.muted);
  asHeading(doc, 'H1', () =>
    doc.text(heading.kind, rx, top, { width: rightWidth, align: 'right', characterSpacing: 0.5 }),
  );
  doc.font(fonts.bold).fontSize(22).fillColor(colors.accent);
  doc.text(`Nº ${heading.number}`, rx, doc.y + 1, { width: rightWidth, align: 'right' });
  doc.font(fonts.regular).fontSize(8.5).fillColor(colors.muted);
  doc.text(heading.dateLine, rx, doc.y + 1, { width: rightWidth, align: 'right' });
  doc.font(fonts.bold).fontSize(9).fillColor(colors.text);
  doc.text(pdfText(heading.statusLabel), rx, doc.y + 2, { width: rightWidth, align: 'right' });
  const bottom = Math.max(leftBottom, doc.y) + 10;
  rule(doc, bottom, { weight: 1.2, color: colors.accent });
  doc.y = bottom + 12;
}

export function equipmentTable(doc: Doc, d: Pick<PrintedRecord, 'equipments'>) {
  if (!d.equipments.length) return;
  sectionTitle(doc, 'Equipamentos');
  const columns: Column[] = [
    { header: 'Equipamento', width: 140 },
    { header: 'Marca', width: 80 },
    { header: 'Modelo', width: 85 },
    { header: 'N/S', width: 90 },
    { header: 'Observações', width: CONTENT_WIDTH - 395 },
  ];
  table(
    doc,
    columns,
    d.equipments.map((e) => [e.name, e.brand, e.model, e.serialNumber, e.description ?? '']),
  );
}

/** Services or products, with unit price and line total only when values are shown. */
export function linesTable(
  doc: Doc,
  d: Values,
  title: string,
  lines: Array<{
    name: string;
    description?: string | null;
    unit?: string;
    quantity: number;
    priceCents: number;
    warrantyDays?: number | null;
  }>,
) {
  if (!lines.length) return;
  sectionTitle(doc, title);
  // The line's own note, then the warranty it carries (copied from the catalogue when it was added).
  const sub = (l: (typeof lines)[number]) =>
    [l.description, l.warrantyDays ? `Garantia: ${l.warrantyDays} ${l.warrantyDays === 1 ? 'dia' : 'dias'}` : null]
      .filter(Boolean)
      .join(' · ') || null;
  const numbered = (l: (typeof lines)[number], n: number): Cell[] => [
    String(n + 1),
    { main: l.name, sub: sub(l) },
    formatQuantityUnit(l.quantity, l.unit),
  ];
  if (d.showValues) {
    const columns: Column[] = [
      { header: '#', width: 24, align: 'right' },
      { header: title === 'Serviços' ? 'Serviço' : 'Produto', width: CONTENT_WIDTH - 24 - 60 - 85 - 90 },
      { header: 'Qtd.', width: 60, align: 'right' },
      { header: 'Valor unit.', width: 85, align: 'right' },
      { header: 'Total', width: 90, align: 'right' },
    ];
    table(
      doc,
      columns,
      lines.map((l, n) => [...numbered(l, n), money(l.priceCents), money(lineTotalCents(l.quantity, l.priceCents))]),
    );
  } else {
    const columns: Column[] = [
      { header: '#', width: 24, align: 'right' },
      { header: title === 'Serviços' ? 'Serviço' : 'Produto', width: CONTENT_WIDTH - 24 - 60 },
      { header: 'Qtd.', width: 60, align: 'right' },
    ];
    table(doc, columns, lines.map(numbered));
  }
}

export function totals(
  doc: Doc,
  d: Values & { invoice: { subtotalCents: number; discountCents: number } },
  /** Rows after the total (what was received, the balance): label, amount in cents (negative: taken off), strong. */
  after: Array<[string, number, boolean]> = [],
) {
  if (!d.showValues) return;
  const { subtotalCents, discountCents } = d.invoice;
  const rows: Array<[string, string, boolean]> = [['Subtotal', money(subtotalCents), false]];
  if (discountCents > 0) rows.push(['Desconto', `- ${money(discountCents)}`, false]);
  rows.push(['Total', money(subtotalCents - discountCents), true]);
  for (const [label, cents, strong] of after)
    rows.push([label, cents < 0 ? `- ${money(-cents)}` : money(cents), strong]);
  ensureSpace(doc, rows.length * 18 + 16);
  // Wider when it lists what was received ('Recebido em 02/12/2026 · Cartão de crédito').
  const width = after.length ? 300 : 220;
  const labelWidth = width - 130;
  const x = PAGE.margin + CONTENT_WIDTH - width;
  let y = doc.y + 6;
  for (const [label, value, strong] of rows) {
    if (strong) {
      doc.rect(x, y - 3, width, 20).fill(colors.headerBg);
      y += 1;
    }
    doc
      .font(strong ? fonts.bold : fonts.regular)
      .fontSize(strong ? 11 : 9.5)
      .fillColor(strong ? colors.accent : colors.text);
    doc.text(label, x + 8, y, { width: labelWidth, lineBreak: false });
    doc.text(value, x + 8 + labelWidth, y, { width: width - 16 - labelWidth, align: 'right' });
    y += strong ? 22 : 16;
  }
  doc.x = PAGE.margin;
  doc.y = y;
}

/** The line after the printed comments saying how many older ones are left out. */
/**
 * The customer on the left and the record's own facts on the right, each under its small heading; the
 * page goes on below the longer of the two.
 */
export function customerAndFacts(doc: Doc, cu: PdfParty, factsHeading: string, facts: Array<[string, string]>) {
  const colWidth = (CONTENT_WIDTH - 24) / 2;
  const y = doc.y;
  doc.font(fonts.bold).fontSize(8).fillColor(colors.accent).text('CLIENTE', PAGE.margin, y, { characterSpacing: 0.6 });
  doc.font(fonts.bold).fontSize(11).fillColor(colors.text);
  doc.text(pdfText(cu.name), PAGE.margin, doc.y + 3, { width: colWidth });
  const leftBottom = fieldList(doc, PAGE.margin, doc.y + 4, colWidth, [
    ['Nome fantasia', cu.type === PersonType.Juridical ? (cu.alias ?? '') : ''],
    [identifierLabel(cu.type), formatIdentifier(cu.identifier, cu.type)],
    ['E-mail', cu.email ?? ''],
    ['Telefone', cu.phone ? formatPhone(cu.phone) : ''],
    ['Endereço', cu.address ?? ''],
  ]);
  const rx = PAGE.margin + colWidth + 24;
  doc.font(fonts.bold).fontSize(8).fillColor(colors.accent).text(factsHeading, rx, y, { characterSpacing: 0.6 });
  const rightBottom = fieldList(doc, rx, doc.y + 3, colWidth, facts);
  doc.x = PAGE.margin;
  doc.y = Math.max(leftBottom, rightBottom);
}

/**
 * 'Observações': the latest MAX_PRINTED_COMMENTS entries, oldest first, each under a muted line (when,
 * and who wrote it), then how many older ones are left out (`leftOut` of them were never loaded).
 */
export function commentsBlock(doc: Doc, entries: Array<{ meta: string; comment: string }>, leftOut: number) {
  const shown = entries.slice(-MAX_PRINTED_COMMENTS);
  if (!shown.length) return;
  sectionTitle(doc, 'Observações');
  for (const c of shown) {
    doc.font(fonts.regular).fontSize(9.5);
    ensureSpace(doc, Math.min(doc.heightOfString(pdfText(c.comment), { width: CONTENT_WIDTH }) + 16, 120));
    doc.font(fonts.regular).fontSize(7.5).fillColor(colors.muted).text(pdfText(c.meta), PAGE.margin, doc.y);
    doc.font(fonts.regular).fontSize(9.5).fillColor(colors.text);
    doc.text(pdfText(c.comment), PAGE.margin, doc.y + 1.5, { width: CONTENT_WIDTH });
    doc.y += 6;
  }
  leftOutLine(doc, leftOut + entries.length - shown.length);
}

export function leftOutLine(doc: Doc, leftOut: number) {
  if (leftOut <= 0) return;
  const text = leftOut === 1 ? '… e mais 1 comentário anterior' : `… e mais ${leftOut} comentários anteriores`;
  ensureSpace(doc, 16);
  doc
    .font(fonts.regular)
    .fontSize(8.5)
    .fillColor(colors.muted)
    .text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.y += 6;
}

export function photos(doc: Doc, d: Pick<PrintedRecord, 'photos'>) {
  if (!d.photos.length) return;
  sectionTitle(doc, 'Fotos', 200);
  const gap = 15;
  const cellWidth = (CONTENT_WIDTH - gap) / 2;
  const maxHeight = 190;
  for (let n = 0; n < d.photos.length; n += 2) {
    const pair = d.photos.slice(n, n + 2);
    const sizes = pair.map((p) => {
      const scale = Math.min(cellWidth / p.width, maxHeight / p.height, 1e9);
      return { w: p.width * scale, h: p.height * scale };
    });
    const rowHeight = Math.max(...sizes.map((s) => s.h)) + 16;
    if (doc.y + rowHeight > pageBottom(doc)) doc.addPage();
    const y = doc.y;
    pair.forEach((p, k) => {
      const x = PAGE.margin + k * (cellWidth + gap);
      const { w, h } = sizes[k]!;
      doc.image(p.data, x + (cellWidth - w) / 2, y, { width: w, height: h });
      doc
        .rect(x + (cellWidth - w) / 2, y, w, h)
        .lineWidth(0.5)
        .strokeColor(colors.line)
        .stroke();
      doc.font(fonts.regular).fontSize(7.5).fillColor(colors.muted);
      doc.text(pdfText(p.name), x, y + h + 3, { width: cellWidth, align: 'center', lineBreak: false, ellipsis: true });
    });
    doc.x = PAGE.margin;
    doc.y = y + rowHeight + 6;
  }
}
