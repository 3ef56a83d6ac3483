import {
  CommentType,
  commentTypeLabels,
  formatDate,
  formatDateTime,
  formatIdentifier,
  formatMoney,
  formatPhone,
  formatQuantityUnit,
  fromCents,
  lineTotalCents,
  PersonType,
  type CommentTypeValue,
} from '@oficina/contracts';
import {
  asHeading,
  colors,
  CONTENT_WIDTH,
  ensureSpace,
  fieldList,
  fonts,
  footers,
  newDocument,
  PAGE,
  pageBottom,
  pdfText,
  rule,
  sectionTitle,
  table,
  toBuffer,
  type Cell,
  type Column,
  type Doc,
} from './pdf-layout.ts';
import { checklistsBlock, type PrintedChecklist } from './checklists-block.ts';
import { pixBlock, type PrintedPix } from './pix-block.ts';

export interface PdfParty {
  name: string;
  alias: string | null;
  identifier: string;
  type: number;
  email: string | null;
  phone: string | null;
  address: string | null;
}

/** Everything the service-order document prints, loaded and checked by the service. */
export interface InvoicePdfData {
  timeZone: string;
  showValues: boolean;
  generatedAt: Date;
  company: PdfParty & { logo: Buffer | null; signature: Buffer | null };
  customer: PdfParty;
  invoice: {
    number: number;
    statusLabel: string;
    natureName: string;
    createdAt: Date;
    startedAt: Date | null;
    finishedAt: Date | null;
    scheduledAt: Date | null;
    reportedProblem: string | null;
    invoiceInfo1: string | null;
    invoiceInfo2: string | null;
    subtotalCents: number;
    discountCents: number;
    isPaid: boolean;
    paymentDate: string | null;
  };
  services: Array<{ name: string; description: string | null; quantity: number; priceCents: number }>;
  products: Array<{ name: string; unit: string; quantity: number; priceCents: number }>;
  equipments: Array<{ name: string; brand: string; model: string; serialNumber: string; description: string | null }>;
  workers: string[];
  /** The latest comments, oldest first: at most MAX_PRINTED_COMMENTS. */
  comments: Array<{ type: number; comment: string; userName: string; createdAt: Date }>;
  /** How many older comments the document leaves out. */
  commentsLeftOut: number;
  photos: Array<{ name: string; data: Buffer; width: number; height: number }>;
  /** The PIX payment of what is still due (null: no key, values hidden or nothing due). */
  pix?: PrintedPix | null;
  /** The attached checklists with their answers in words (none: no section). */
  checklists?: PrintedChecklist[];
  signature: {
    image: Buffer;
    signerName: string;
    signedAt: Date;
    ip: string;
    contentHash: string;
    isOutdated: boolean;
  } | null;
}

const money = (cents: number) => formatMoney(fromCents(cents));
const identifierLabel = (type: number) => (type === PersonType.Natural ? 'CPF' : 'CNPJ');
/** 'YYYY-MM-DD' as pt-BR without a time-zone shift. */
const isoDay = (d: string | null) => (d ? d.split('-').toReversed().join('/') : '');

/** The document's heading: what it is, its number, when it was opened and its status. */
export interface DocumentHeading {
  kind: string;
  number: number;
  dateLine: string;
  statusLabel: string;
}

/** The company block (logo, name, identifiers, contacts) and the heading on the right. */
export function header(doc: Doc, d: Pick<InvoicePdfData, 'company'>, heading: DocumentHeading) {
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

function partiesAndDates(doc: Doc, d: InvoicePdfData) {
  const colWidth = (CONTENT_WIDTH - 24) / 2;
  const y = doc.y;
  const cu = d.customer;
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
  const inv = d.invoice;
  doc.font(fonts.bold).fontSize(8).fillColor(colors.accent).text('ATENDIMENTO', rx, y, { characterSpacing: 0.6 });
  const rightBottom = fieldList(doc, rx, doc.y + 3, colWidth, [
    ['Natureza da operação', inv.natureName],
    ['Agendada para', inv.scheduledAt ? formatDateTime(inv.scheduledAt, d.timeZone) : ''],
    ['Início', inv.startedAt ? formatDateTime(inv.startedAt, d.timeZone) : ''],
    ['Conclusão', inv.finishedAt ? formatDateTime(inv.finishedAt, d.timeZone) : ''],
    ['Técnicos', d.workers.join(', ')],
    ['Pedido de compra', inv.invoiceInfo1 ?? ''],
    ['Nota fiscal', inv.invoiceInfo2 ?? ''],
    ['Pagamento', d.showValues && inv.isPaid ? `Pago em ${isoDay(inv.paymentDate)}` : ''],
  ]);
  doc.x = PAGE.margin;
  doc.y = Math.max(leftBottom, rightBottom);
  if (inv.reportedProblem) {
    sectionTitle(doc, 'Problema relatado');
    doc.font(fonts.regular).fontSize(9).fillColor(colors.text);
    doc.text(pdfText(inv.reportedProblem), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.y += 6;
  }
}

export function equipmentTable(doc: Doc, d: Pick<InvoicePdfData, 'equipments'>) {
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
  d: Pick<InvoicePdfData, 'showValues'>,
  title: string,
  lines: Array<{ name: string; description?: string | null; unit?: string; quantity: number; priceCents: number }>,
) {
  if (!lines.length) return;
  sectionTitle(doc, title);
  const numbered = (l: (typeof lines)[number], n: number): Cell[] => [
    String(n + 1),
    { main: l.name, sub: l.description },
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
  d: Pick<InvoicePdfData, 'showValues'> & { invoice: { subtotalCents: number; discountCents: number } },
) {
  if (!d.showValues) return;
  const { subtotalCents, discountCents } = d.invoice;
  const rows: Array<[string, string, boolean]> = [['Subtotal', money(subtotalCents), false]];
  if (discountCents > 0) rows.push(['Desconto', `- ${money(discountCents)}`, false]);
  rows.push(['Total', money(subtotalCents - discountCents), true]);
  ensureSpace(doc, rows.length * 18 + 16);
  const width = 220;
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
    doc.text(label, x + 8, y, { width: 90 });
    doc.text(value, x + 98, y, { width: width - 106, align: 'right' });
    y += strong ? 22 : 16;
  }
  doc.x = PAGE.margin;
  doc.y = y;
}

/**
 * A document prints at most this many comments (the latest): a thread of hundreds would make it
 * hundreds of pages. The rest is counted in a line after them.
 */
export const MAX_PRINTED_COMMENTS = 50;

/** The line after the printed comments saying how many older ones are left out. */
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

function comments(doc: Doc, d: InvoicePdfData) {
  // Internal and System comments are the shop's, never the customer's.
  const all = d.comments.filter((c) => c.type === CommentType.General || c.type === CommentType.Technical);
  const shown = all.slice(-MAX_PRINTED_COMMENTS);
  const leftOut = d.commentsLeftOut + all.length - shown.length;
  if (!shown.length) return;
  sectionTitle(doc, 'Observações');
  for (const c of shown) {
    const meta = `${commentTypeLabels[c.type as CommentTypeValue]} · ${c.userName} · ${formatDateTime(c.createdAt, d.timeZone)}`;
    doc.font(fonts.regular).fontSize(9.5);
    const h = doc.heightOfString(pdfText(c.comment), { width: CONTENT_WIDTH }) + 16;
    ensureSpace(doc, Math.min(h, 120));
    doc.font(fonts.regular).fontSize(7.5).fillColor(colors.muted).text(pdfText(meta), PAGE.margin, doc.y);
    doc.font(fonts.regular).fontSize(9.5).fillColor(colors.text);
    doc.text(pdfText(c.comment), PAGE.margin, doc.y + 1.5, { width: CONTENT_WIDTH });
    doc.y += 6;
  }
  leftOutLine(doc, leftOut);
}

export function photos(doc: Doc, d: Pick<InvoicePdfData, 'photos'>) {
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

/** The two signature boxes: the company's (when it has one) and the customer's, with its evidence. */
function signatures(doc: Doc, d: InvoicePdfData) {
  sectionTitle(doc, 'Assinaturas', 150);
  const gap = 30;
  const boxWidth = (CONTENT_WIDTH - gap) / 2;
  const imageHeight = 70;
  const y = doc.y + 4;
  const line = (x: number) => rule(doc, y + imageHeight + 4, { x, width: boxWidth, weight: 0.8, color: colors.text });

  // Company
  const cx = PAGE.margin;
  if (d.company.signature) {
    doc.image(d.company.signature, cx, y, { fit: [boxWidth, imageHeight], align: 'center', valign: 'bottom' });
  }
  line(cx);
  doc.font(fonts.bold).fontSize(9).fillColor(colors.text);
  doc.text(pdfText(d.company.name), cx, y + imageHeight + 8, { width: boxWidth, align: 'center' });
  doc.font(fonts.regular).fontSize(7.5).fillColor(colors.muted).text('Empresa', { width: boxWidth, align: 'center' });
  const companyBottom = doc.y;

  // Customer
  const sx = PAGE.margin + boxWidth + gap;
  const s = d.signature;
  if (s) doc.image(s.image, sx, y, { fit: [boxWidth, imageHeight], align: 'center', valign: 'bottom' });
  line(sx);
  doc.font(fonts.bold).fontSize(9).fillColor(colors.text);
  doc.text(pdfText(s ? s.signerName : d.customer.name), sx, y + imageHeight + 8, { width: boxWidth, align: 'center' });
  doc.font(fonts.regular).fontSize(7.5).fillColor(colors.muted);
  if (s) {
    doc.text(`Assinado eletronicamente em ${formatDateTime(s.signedAt, d.timeZone)}`, {
      width: boxWidth,
      align: 'center',
    });
    doc.text(pdfText(`IP ${s.ip}`), { width: boxWidth, align: 'center' });
    doc.text(
      `Código de verificação ${s.contentHash
        .slice(0, 16)
        .toUpperCase()
        .replace(/(.{4})(?!$)/g, '$1 ')}`,
      {
        width: boxWidth,
        align: 'center',
      },
    );
    if (s.isOutdated) {
      doc.font(fonts.bold).fontSize(8).fillColor(colors.danger);
      doc.text('ASSINATURA DESATUALIZADA: a ordem de serviço mudou depois de assinada.', {
        width: boxWidth,
        align: 'center',
      });
    }
  } else {
    doc.text('Cliente  ·  Data: ____/____/________', { width: boxWidth, align: 'center' });
  }
  doc.x = PAGE.margin;
  doc.y = Math.max(companyBottom, doc.y) + 8;
}

/** The service order as a document a shop hands its customer (A4, pt-BR). */
export async function renderInvoicePdf(d: InvoicePdfData): Promise<Buffer> {
  const doc = newDocument({ title: `Ordem de Serviço nº ${d.invoice.number}`, author: d.company.name });
  header(doc, d, {
    kind: 'ORDEM DE SERVIÇO',
    number: d.invoice.number,
    dateLine: `Aberta em ${formatDate(d.invoice.createdAt, d.timeZone)}`,
    statusLabel: d.invoice.statusLabel,
  });
  partiesAndDates(doc, d);
  equipmentTable(doc, d);
  linesTable(doc, d, 'Serviços', d.services);
  linesTable(doc, d, 'Produtos', d.products);
  totals(doc, d);
  pixBlock(doc, d.pix);
  comments(doc, d);
  checklistsBlock(doc, d.checklists ?? []);
  photos(doc, d);
  signatures(doc, d);
  footers(
    doc,
    `Ordem de Serviço nº ${d.invoice.number}  ·  ${d.company.name}  ·  Gerado em ${formatDateTime(d.generatedAt, d.timeZone)}`,
  );
  return toBuffer(doc);
}
