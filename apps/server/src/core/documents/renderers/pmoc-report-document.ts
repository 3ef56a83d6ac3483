import { formatDate, formatDateTime, formatIdentifier, PersonType } from '@ordem-certa/contracts';
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
  type Doc,
} from '../pdf/pdf-layout.ts';
import { table, type Column } from '../pdf/pdf-table.ts';
import { equipmentTable, header, type PrintedRecord } from '../pdf/record-blocks.ts';
import type { PrintedChecklist } from '../pdf/printed-data.ts';
import { checklistItems } from './checklists-block.ts';

/** One visit of the period as the report prints it: its order, who did it, what was done. */
export interface ReportVisit {
  date: string;
  /** 'Realizada', 'Atrasada', 'Próxima', 'Cancelada', or 'Prevista' for a visit whose order is not made yet. */
  status: string;
  invoiceNumber: number | null;
  invoiceStatus: string | null;
  finishedAt: Date | null;
  technicians: string[];
  services: Array<{ name: string; quantity: number }>;
  checklists: PrintedChecklist[];
}

/** What the PMOC report prints: the building and its equipment, the plan, and the period's visits. */
export interface PmocReportData extends Pick<PrintedRecord, 'timeZone' | 'generatedAt' | 'company' | 'customer'> {
  plan: {
    id: number;
    frequencyLabel: string;
    startDate: string;
    endedAt: Date | null;
    engineerName: string | null;
    engineerRegistration: string | null;
    artNumber: string | null;
  };
  period: { from: string; to: string };
  equipments: PrintedRecord['equipments'];
  visits: ReportVisit[];
}

/** 'YYYY-MM-DD' as pt-BR without a time-zone shift. */
const day = (d: string) => d.split('-').toReversed().join('/');
const NONE = '—';

function visitDetail(doc: Doc, d: PmocReportData, v: ReportVisit) {
  sectionTitle(doc, `Manutenção de ${day(v.date)}${v.invoiceNumber !== null ? ` — OS nº ${v.invoiceNumber}` : ''}`, 60);
  const colWidth = (CONTENT_WIDTH - 24) / 2;
  const top = doc.y;
  const leftEnd = fieldList(doc, PAGE.margin, top, colWidth, [
    ['Situação', v.invoiceStatus ? `${v.status} (${v.invoiceStatus})` : v.status],
    ['Realizada em', v.finishedAt ? formatDateTime(v.finishedAt, d.timeZone) : NONE],
  ]);
  const rightEnd = fieldList(doc, PAGE.margin + colWidth + 24, top, colWidth, [
    ['Técnico', v.technicians.join(', ') || NONE],
  ]);
  doc.x = PAGE.margin;
  doc.y = Math.max(leftEnd, rightEnd);

  doc.font(fonts.bold).fontSize(9).fillColor(colors.text).text('Tarefas', PAGE.margin, doc.y);
  doc.y += 2;
  const tasks = v.services.map((s) => `${s.name} × ${s.quantity.toLocaleString('pt-BR')}`);
  if (!tasks.length && !v.checklists.length) {
    doc.font(fonts.regular).fontSize(9).fillColor(colors.muted).text('Nenhuma tarefa registrada.', PAGE.margin);
  }
  for (const task of tasks) {
    ensureSpace(doc, 14);
    doc.font(fonts.regular).fontSize(9).fillColor(colors.text);
    doc.text(pdfText(`• ${task}`), PAGE.margin + 6, doc.y, { width: CONTENT_WIDTH - 6 });
  }
  for (const c of v.checklists) {
    doc.y += 4;
    ensureSpace(doc, 30);
    doc.font(fonts.bold).fontSize(9).fillColor(colors.text);
    doc.text(pdfText(`Checklist: ${c.name}`), PAGE.margin + 6, doc.y, { width: CONTENT_WIDTH - 6 });
    doc.y += 2;
    checklistItems(doc, c.items, { fontSize: 8.5, answerShare: 0.4, indent: 12, space: 16, rowGap: 2 });
  }
  doc.x = PAGE.margin;
}

/** The responsible engineer's signature line, with the registration and the ART. */
function engineerSignature(doc: Doc, d: PmocReportData) {
  const { engineerName, engineerRegistration, artNumber } = d.plan;
  if (!engineerName && !engineerRegistration && !artNumber) return;
  ensureSpace(doc, 90);
  const width = 260;
  const x = PAGE.margin + (CONTENT_WIDTH - width) / 2;
  const y = doc.y + 40;
  rule(doc, y, { x, width, color: colors.text });
  doc.font(fonts.bold).fontSize(9.5).fillColor(colors.text);
  doc.text(pdfText(engineerName ?? 'Responsável técnico'), x, y + 4, { width, align: 'center' });
  doc.font(fonts.regular).fontSize(8.5).fillColor(colors.muted);
  const lines = [
    'Responsável técnico',
    engineerRegistration ? `Registro ${engineerRegistration}` : null,
    artNumber ? `ART nº ${artNumber}` : null,
  ].filter((l): l is string => !!l);
  for (const line of lines) doc.text(pdfText(line), x, doc.y + 1, { width, align: 'center' });
  doc.x = PAGE.margin;
}

/**
 * The PMOC report (A4) of a plan over a period: the provider's header, the building (customer, CPF/CNPJ,
 * address) beside the plan and its responsible engineer (registration, ART), the equipment, a table of
 * the period's visits, then each visit with its date done, technician and tasks (services and checklist
 * answers), and the engineer's signature line. Dates in the organization's time zone.
 */
export function renderPmocReport(d: PmocReportData): Promise<Buffer> {
  const period = `${day(d.period.from)} a ${day(d.period.to)}`;
  const doc = newDocument({ title: `PMOC — plano nº ${d.plan.id} — ${period}`, author: d.company.name });
  header(doc, d, {
    kind: 'PMOC — PLANO DE MANUTENÇÃO',
    number: d.plan.id,
    dateLine: `Período ${period}`,
    statusLabel: d.plan.endedAt ? `Encerrado em ${formatDate(d.plan.endedAt, d.timeZone)}` : d.plan.frequencyLabel,
  });

  const colWidth = (CONTENT_WIDTH - 24) / 2;
  const top = doc.y;
  const c = d.customer;
  const leftEnd = fieldList(doc, PAGE.margin, top, colWidth, [
    ['Edificação / cliente', c.name],
    [c.type === PersonType.Natural ? 'CPF' : 'CNPJ', formatIdentifier(c.identifier, c.type)],
    ['Endereço', c.address ?? NONE],
  ]);
  const rightEnd = fieldList(doc, PAGE.margin + colWidth + 24, top, colWidth, [
    ['Responsável técnico', d.plan.engineerName ?? NONE],
    ['Registro (CREA/CFT)', d.plan.engineerRegistration ?? NONE],
    ['ART nº', d.plan.artNumber ?? NONE],
    ['Periodicidade', `${d.plan.frequencyLabel}, desde ${day(d.plan.startDate)}`],
  ]);
  doc.x = PAGE.margin;
  doc.y = Math.max(leftEnd, rightEnd);

  equipmentTable(doc, d);

  sectionTitle(doc, 'Manutenções no período');
  if (!d.visits.length) {
    doc.font(fonts.regular).fontSize(9).fillColor(colors.muted).text('Nenhuma manutenção no período.', PAGE.margin);
  } else {
    const columns: Column[] = [
      { header: 'Data', width: 70 },
      { header: 'OS', width: 50, align: 'right' },
      { header: 'Situação', width: 110 },
      { header: 'Realizada em', width: 95 },
      { header: 'Técnico', width: CONTENT_WIDTH - 325 },
    ];
    table(
      doc,
      columns,
      d.visits.map((v) => [
        day(v.date),
        v.invoiceNumber !== null ? String(v.invoiceNumber) : NONE,
        v.status,
        v.finishedAt ? formatDate(v.finishedAt, d.timeZone) : NONE,
        v.technicians.join(', ') || NONE,
      ]),
    );
  }
  for (const v of d.visits) if (v.invoiceNumber !== null) visitDetail(doc, d, v);

  engineerSignature(doc, d);
  footers(
    doc,
    `PMOC (Lei 13.589/2018) · plano nº ${d.plan.id} · Gerado em ${formatDateTime(d.generatedAt, d.timeZone)} · Ordem Certa`,
  );
  return toBuffer(doc);
}
