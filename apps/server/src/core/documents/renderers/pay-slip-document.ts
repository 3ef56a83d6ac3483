import {
  formatDate,
  formatDateTime,
  formatIdentifier,
  formatMoney,
  fromCents,
  PersonType,
} from '@ordem-certa/contracts';
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
  rule,
  sectionTitle,
  toBuffer,
} from '../pdf/pdf-layout.ts';
import { table, type Column } from '../pdf/pdf-table.ts';

/** What one worker's pay slip prints: the company, the period and the worker's lines in it. */
export interface PaySlipData {
  timeZone: string;
  generatedAt: Date;
  company: { name: string; alias: string | null; identifier: string; type: number };
  payroll: { id: number; startDate: string; endDate: string };
  worker: { name: string; email: string };
  lines: Array<{
    invoiceNumber: number;
    finishedAt: Date | null;
    natureName: string;
    valueCents: number;
    /** How the value was computed, one sentence a step (empty on lines made before pay rules). */
    explanation: string[];
    paidAt: Date | null;
  }>;
}

const money = (cents: number) => formatMoney(fromCents(cents));
/** 'YYYY-MM-DD' as pt-BR without a time-zone shift. */
const day = (d: string) => d.split('-').toReversed().join('/');

/**
 * The pay slip (A4): header, worker and period, one row per order with how its value was computed
 * under the nature, total, paid and still to pay.
 */
export function renderPaySlip(d: PaySlipData): Promise<Buffer> {
  const period = `${day(d.payroll.startDate)} a ${day(d.payroll.endDate)}`;
  const doc = newDocument({ title: `Holerite ${d.worker.name} ${period}`, author: d.company.name });

  const top = PAGE.margin;
  const rightWidth = 170;
  const leftWidth = CONTENT_WIDTH - rightWidth - 12;
  doc.font(fonts.bold).fontSize(13).fillColor(colors.text);
  doc.text(pdfText(d.company.name), PAGE.margin, top, { width: leftWidth });
  doc.font(fonts.regular).fontSize(8.5).fillColor(colors.muted);
  const label = d.company.type === PersonType.Natural ? 'CPF' : 'CNPJ';
  for (const line of [d.company.alias, `${label} ${formatIdentifier(d.company.identifier, d.company.type)}`]) {
    if (line) doc.text(pdfText(line), PAGE.margin, doc.y + 1, { width: leftWidth });
  }
  const leftBottom = doc.y;
  const rx = PAGE.margin + CONTENT_WIDTH - rightWidth;
  doc.font(fonts.bold).fontSize(8).fillColor(colors.muted);
  doc.text('DEMONSTRATIVO DE PAGAMENTO', rx, top, { width: rightWidth, align: 'right', characterSpacing: 0.6 });
  doc.font(fonts.bold).fontSize(15).fillColor(colors.accent);
  doc.text(`Folha nº ${d.payroll.id}`, rx, doc.y + 2, { width: rightWidth, align: 'right' });
  doc.font(fonts.regular).fontSize(8.5).fillColor(colors.muted);
  doc.text(period, rx, doc.y + 1, { width: rightWidth, align: 'right' });
  const bottom = Math.max(leftBottom, doc.y) + 10;
  rule(doc, bottom, { weight: 1.2, color: colors.accent });

  const total = d.lines.reduce((sum, l) => sum + l.valueCents, 0);
  const paid = d.lines.reduce((sum, l) => sum + (l.paidAt ? l.valueCents : 0), 0);
  const colWidth = (CONTENT_WIDTH - 24) / 2;
  const fieldsTop = bottom + 12;
  const leftEnd = fieldList(doc, PAGE.margin, fieldsTop, colWidth, [
    ['Colaborador', d.worker.name],
    ['E-mail', d.worker.email],
  ]);
  const rightEnd = fieldList(doc, PAGE.margin + colWidth + 24, fieldsTop, colWidth, [
    ['Período', period],
    ['Ordens de serviço', String(d.lines.length)],
  ]);
  doc.x = PAGE.margin;
  doc.y = Math.max(leftEnd, rightEnd);

  sectionTitle(doc, 'Ordens de serviço');
  const columns: Column[] = [
    { header: 'OS', width: 55, align: 'right' },
    { header: 'Concluída em', width: 85 },
    { header: 'Natureza da operação e cálculo', width: CONTENT_WIDTH - 55 - 85 - 110 - 90 },
    { header: 'Pagamento', width: 110 },
    { header: 'Valor', width: 90, align: 'right' },
  ];
  table(
    doc,
    columns,
    d.lines.map((l) => [
      String(l.invoiceNumber),
      formatDate(l.finishedAt, d.timeZone),
      { main: l.natureName, sub: l.explanation.join('\n') || null },
      l.paidAt ? `Pago em ${formatDate(l.paidAt, d.timeZone)}` : 'Não pago',
      money(l.valueCents),
    ]),
  );

  ensureSpace(doc, 64);
  const boxX = PAGE.margin + CONTENT_WIDTH - 230;
  let y = doc.y + 6;
  for (const [name, cents, strong] of [
    ['Total', total, true],
    ['Pago', paid, false],
    ['A pagar', total - paid, false],
  ] as const) {
    doc
      .font(strong ? fonts.bold : fonts.regular)
      .fontSize(strong ? 11 : 9.5)
      .fillColor(colors.text);
    doc.text(name, boxX, y, { width: 120 });
    doc.text(money(cents), boxX + 120, y, { width: 110, align: 'right' });
    y = doc.y + 4;
  }
  doc.y = y;

  footers(doc, `Gerado em ${formatDateTime(d.generatedAt, d.timeZone)} · Ordem Certa`);
  return toBuffer(doc);
}
