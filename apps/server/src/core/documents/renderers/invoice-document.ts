import {
  CommentType,
  commentTypeLabels,
  formatDate,
  formatDateTime,
  paymentMethodLabel,
  type PaymentMethod,
  type CommentTypeValue,
} from '@ordem-certa/contracts';
import {
  colors,
  CONTENT_WIDTH,
  fonts,
  footers,
  newDocument,
  PAGE,
  pdfText,
  rule,
  sectionTitle,
  toBuffer,
  watermark,
  type Doc,
} from '../pdf/pdf-layout.ts';
import { checklistsBlock } from './checklists-block.ts';
import { instalmentPixBlock, pixBlock } from '../pdf/pix-block.ts';
import type { InvoicePdfData } from './invoice-pdf-data.ts';

export type { InvoicePdfData };
import {
  commentsBlock,
  customerAndFacts,
  equipmentTable,
  header,
  linesTable,
  photos,
  totals,
} from '../pdf/record-blocks.ts';

export type { DocumentHeading } from '../pdf/record-blocks.ts';

/** 'YYYY-MM-DD' as pt-BR without a time-zone shift. */
const isoDay = (d: string | null) => (d ? d.split('-').toReversed().join('/') : '');

function partiesAndDates(doc: Doc, d: InvoicePdfData) {
  const inv = d.invoice;
  customerAndFacts(doc, d.customer, 'ATENDIMENTO', [
    ['Natureza da operação', inv.natureName],
    ['Agendada para', inv.scheduledAt ? formatDateTime(inv.scheduledAt, d.timeZone) : ''],
    ['Início', inv.startedAt ? formatDateTime(inv.startedAt, d.timeZone) : ''],
    ['Conclusão', inv.finishedAt ? formatDateTime(inv.finishedAt, d.timeZone) : ''],
    ['Técnicos', d.workers.join(', ')],
    ['Pedido de compra', inv.invoiceInfo1 ?? ''],
    ['Nota fiscal', inv.invoiceInfo2 ?? ''],
    ['Pagamento', d.showValues && inv.isPaid ? `Pago em ${isoDay(inv.paymentDate)}` : ''],
  ]);
  if (inv.reportedProblem) {
    sectionTitle(doc, 'Problema relatado');
    doc.font(fonts.regular).fontSize(9).fillColor(colors.text);
    doc.text(pdfText(inv.reportedProblem), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.y += 6;
  }
}

function comments(doc: Doc, d: InvoicePdfData) {
  // Internal and System comments are the shop's, never the customer's.
  const printed = d.comments.filter((c) => c.type === CommentType.General || c.type === CommentType.Technical);
  const entries = printed.map((c) => ({
    meta: `${commentTypeLabels[c.type as CommentTypeValue]} · ${c.userName} · ${formatDateTime(c.createdAt, d.timeZone)}`,
    comment: c.comment,
  }));
  commentsBlock(doc, entries, d.commentsLeftOut);
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

/**
 * Under the total, once anything was paid or is withheld: each payment received (date and method), the
 * withholdings, and the balance still to pay.
 */
function receivedRows(d: InvoicePdfData): Array<[string, number, boolean]> {
  const { payments, withheldCents, dueCents } = d.received;
  if (!payments.length && !withheldCents) return [];
  const rows: Array<[string, number, boolean]> = payments.map((p) => [
    `Recebido em ${isoDay(p.paidAt)} · ${paymentMethodLabel(p.method as PaymentMethod | null)}`,
    -p.amountCents,
    false,
  ]);
  if (withheldCents) rows.push(['Retenções na fonte', -withheldCents, false]);
  rows.push(['Saldo a pagar', dueCents, true]);
  return rows;
}

/** The service order as a document a shop hands its customer (A4, pt-BR). */
export async function renderInvoicePdf(d: InvoicePdfData): Promise<Buffer> {
  const notStarted = d.invoice.notStarted ? ' (não iniciada)' : '';
  const doc = newDocument({ title: `Ordem de Serviço nº ${d.invoice.number}${notStarted}`, author: d.company.name });
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
  totals(doc, d, receivedRows(d));
  pixBlock(doc, d.pix);
  instalmentPixBlock(doc, d.instalmentPix);
  comments(doc, d);
  checklistsBlock(doc, d.checklists ?? []);
  photos(doc, d);
  signatures(doc, d);
  if (d.invoice.notStarted) watermark(doc, 'NÃO INICIADA');
  footers(
    doc,
    `Ordem de Serviço nº ${d.invoice.number}${notStarted}  ·  ${d.company.name}  ·  Gerado em ${formatDateTime(d.generatedAt, d.timeZone)}`,
  );
  return toBuffer(doc);
}
