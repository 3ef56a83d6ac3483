import { formatDate, formatDateTime, formatIdentifier, PersonType, type PmocRoom } from '@ordem-certa/contracts';
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
import { header, type PrintedRecord } from '../pdf/record-blocks.ts';
import { annexPageCount, appendPdf } from '../pdf/append-pdf.ts';

/** A visit done in the year: when, its order, who did it, and the customer's signature of the order. */
export interface PmocExecution {
  date: string;
  invoiceNumber: number;
  finishedAt: Date | null;
  technicians: string[];
  signature: { signerName: string; signedAt: Date; image: Buffer } | null;
}

/** What the PMOC document of a plan and a calendar year prints, loaded and checked beforehand. */
export interface PmocDocumentData extends Pick<PrintedRecord, 'timeZone' | 'generatedAt' | 'company' | 'customer'> {
  plan: {
    id: number;
    frequencyLabel: string;
    startDate: string;
    endedAt: Date | null;
    buildingName: string | null;
    customerRoleLabel: string;
    engineerName: string | null;
    engineerRegistration: string | null;
    artNumber: string | null;
    recommendations: string | null;
  };
  year: number;
  rooms: PmocRoom[];
  equipments: Array<{
    name: string;
    kind: string | null;
    brand: string;
    model: string;
    serialNumber: string;
    capacityBtuh: number | null;
    location: string | null;
  }>;
  tasks: Array<{ component: string; task: string; frequencyLabel: string }>;
  /** The twelve months of the year: visits planned and visits done. */
  schedule: Array<{ planned: number; done: number }>;
  executions: PmocExecution[];
  airReport: { fileName: string; uploadedAt: Date; data: Buffer | null } | null;
}

const NONE = '—';
const MONTHS = ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'];
const day = (d: string) => d.split('-').toReversed().join('/');
const integer = (n: number) => n.toLocaleString('pt-BR');
const decimal = (n: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

function muted(doc: Doc, text: string) {
  doc.font(fonts.regular).fontSize(9).fillColor(colors.muted).text(pdfText(text), PAGE.margin, doc.y);
}

/** Two columns of label-over-value pairs side by side. */
function twoColumns(doc: Doc, left: Array<[string, string]>, right: Array<[string, string]>) {
  const colWidth = (CONTENT_WIDTH - 24) / 2;
  const top = doc.y;
  const leftEnd = fieldList(doc, PAGE.margin, top, colWidth, left);
  const rightEnd = fieldList(doc, PAGE.margin + colWidth + 24, top, colWidth, right);
  doc.x = PAGE.margin;
  doc.y = Math.max(leftEnd, rightEnd);
}

function rooms(doc: Doc, d: PmocDocumentData) {
  sectionTitle(doc, '3. Ambientes climatizados');
  if (!d.rooms.length) return muted(doc, 'Nenhum ambiente cadastrado no plano.');
  const columns: Column[] = [
    { header: 'Ambiente', width: CONTENT_WIDTH - 390 },
    { header: 'Área (m²)', width: 55, align: 'right' },
    { header: 'Ocup. fixos', width: 55, align: 'right' },
    { header: 'Ocup. flutuantes', width: 85, align: 'right' },
    { header: 'Carga térmica (BTU/h)', width: 100, align: 'right' },
    { header: 'Ar externo (m³/h)', width: 90, align: 'right' },
  ];
  const sum = (pick: (r: PmocRoom) => number) => d.rooms.reduce((s, r) => s + pick(r), 0);
  table(doc, columns, [
    ...d.rooms.map((r) => [
      r.name,
      decimal(r.areaM2),
      integer(r.fixedOccupants),
      integer(r.floatingOccupants),
      integer(r.thermalLoadBtuh),
      integer(r.outdoorAirM3h),
    ]),
    [
      'Total',
      decimal(sum((r) => r.areaM2)),
      integer(sum((r) => r.fixedOccupants)),
      integer(sum((r) => r.floatingOccupants)),
      integer(sum((r) => r.thermalLoadBtuh)),
      integer(sum((r) => r.outdoorAirM3h)),
    ],
  ]);
}

function inventory(doc: Doc, d: PmocDocumentData) {
  sectionTitle(doc, '4. Inventário dos equipamentos');
  const columns: Column[] = [
    { header: 'Tipo', width: 75 },
    { header: 'Equipamento', width: 85 },
    { header: 'Marca', width: 55 },
    { header: 'Modelo', width: 65 },
    { header: 'N/S', width: 65 },
    { header: 'Cap. (BTU/h)', width: 70, align: 'right' },
    { header: 'Local', width: CONTENT_WIDTH - 415 },
  ];
  table(
    doc,
    columns,
    d.equipments.map((e) => [
      e.kind ?? NONE,
      e.name,
      e.brand,
      e.model,
      e.serialNumber,
      e.capacityBtuh === null ? NONE : integer(e.capacityBtuh),
      e.location ?? NONE,
    ]),
  );
}

function tasks(doc: Doc, d: PmocDocumentData) {
  sectionTitle(doc, '5. Tarefas por componente e periodicidade');
  if (!d.tasks.length) return muted(doc, 'Nenhuma tarefa cadastrada no plano.');
  const columns: Column[] = [
    { header: 'Componente', width: 130 },
    { header: 'Tarefa', width: CONTENT_WIDTH - 220 },
    { header: 'Periodicidade', width: 90 },
  ];
  table(
    doc,
    columns,
    d.tasks.map((t) => [t.component, t.task, t.frequencyLabel]),
  );
}

function schedule(doc: Doc, d: PmocDocumentData) {
  sectionTitle(doc, `6. Cronograma anual de ${d.year}`);
  const monthWidth = (CONTENT_WIDTH - 80) / 12;
  const columns: Column[] = [
    { header: '', width: 80 },
    ...MONTHS.map((m): Column => ({ header: m, width: monthWidth, align: 'center' })),
  ];
  table(doc, columns, [
    ['Previstas', ...d.schedule.map((m) => String(m.planned))],
    ['Realizadas', ...d.schedule.map((m) => String(m.done))],
  ]);
  const planned = d.schedule.reduce((s, m) => s + m.planned, 0);
  const done = d.schedule.reduce((s, m) => s + m.done, 0);
  muted(doc, `No ano: ${planned} manutenções previstas, ${done} realizadas.`);
}

/** Each visit done: date, order, technicians, and the customer's signature with its evidence. */
function executions(doc: Doc, d: PmocDocumentData) {
  sectionTitle(doc, '7. Registros de execução');
  if (!d.executions.length) return muted(doc, `Nenhuma manutenção realizada em ${d.year}.`);
  const signWidth = 150;
  const textWidth = CONTENT_WIDTH - signWidth - 12;
  for (const e of d.executions) {
    ensureSpace(doc, 60);
    const top = doc.y;
    doc.font(fonts.bold).fontSize(9.5).fillColor(colors.text);
    doc.text(pdfText(`${day(e.date)} — OS nº ${e.invoiceNumber}`), PAGE.margin, top, { width: textWidth });
    doc.font(fonts.regular).fontSize(8.5).fillColor(colors.text);
    doc.text(pdfText(`Técnico: ${e.technicians.join(', ') || NONE}`), PAGE.margin, doc.y + 1, { width: textWidth });
    doc.text(pdfText(`Concluída em ${e.finishedAt ? formatDateTime(e.finishedAt, d.timeZone) : NONE}`), {
      width: textWidth,
    });
    const textBottom = doc.y;
    const sx = PAGE.margin + textWidth + 12;
    let signBottom = top;
    if (e.signature) {
      doc.image(e.signature.image, sx, top, { fit: [signWidth, 30], align: 'center', valign: 'bottom' });
      rule(doc, top + 32, { x: sx, width: signWidth, color: colors.text });
      doc.font(fonts.regular).fontSize(7.5).fillColor(colors.muted);
      doc.text(pdfText(`Assinado por ${e.signature.signerName}`), sx, top + 34, { width: signWidth, align: 'center' });
      doc.text(formatDateTime(e.signature.signedAt, d.timeZone), { width: signWidth, align: 'center' });
      signBottom = doc.y;
    } else {
      doc.font(fonts.regular).fontSize(8).fillColor(colors.muted);
      doc.text('Sem assinatura do cliente', sx, top, { width: signWidth, align: 'center' });
      signBottom = doc.y;
    }
    doc.x = PAGE.margin;
    doc.y = Math.max(textBottom, signBottom) + 4;
    rule(doc, doc.y);
    doc.y += 6;
  }
}

function recommendations(doc: Doc, d: PmocDocumentData) {
  sectionTitle(doc, '8. Recomendações');
  if (!d.plan.recommendations) return muted(doc, 'Nenhuma recomendação registrada.');
  doc.font(fonts.regular).fontSize(9).fillColor(colors.text);
  doc.text(pdfText(d.plan.recommendations), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
}

/** The technical lead's signature line, with the registration and the ART/TRT. */
function leadSignature(doc: Doc, d: PmocDocumentData) {
  ensureSpace(doc, 90);
  const width = 260;
  const x = PAGE.margin + (CONTENT_WIDTH - width) / 2;
  const y = doc.y + 40;
  rule(doc, y, { x, width, color: colors.text });
  doc.font(fonts.bold).fontSize(9.5).fillColor(colors.text);
  // Without a name the line stays to be signed, under the role alone.
  if (d.plan.engineerName) doc.text(pdfText(d.plan.engineerName), x, y + 4, { width, align: 'center' });
  else doc.y = y + 4;
  doc.font(fonts.regular).fontSize(8.5).fillColor(colors.muted);
  const lines = [
    'Responsável técnico',
    d.plan.engineerRegistration ? `Registro ${d.plan.engineerRegistration}` : null,
    d.plan.artNumber ? `ART/TRT nº ${d.plan.artNumber}` : null,
  ].filter((l): l is string => !!l);
  for (const line of lines) doc.text(pdfText(line), x, doc.y + 1, { width, align: 'center' });
  doc.x = PAGE.margin;
}

/** The annex's section: where its pages start, or why it is not there. */
function airReport(doc: Doc, d: PmocDocumentData, annexPages: number | null) {
  sectionTitle(doc, '9. Relatório de qualidade do ar (anexo)', 60);
  const r = d.airReport;
  if (!r) return muted(doc, `Nenhum relatório de qualidade do ar enviado para ${d.year}.`);
  doc.font(fonts.regular).fontSize(9).fillColor(colors.text);
  doc.text(pdfText(`Arquivo: ${r.fileName}, enviado em ${formatDate(r.uploadedAt, d.timeZone)}.`), PAGE.margin, doc.y, {
    width: CONTENT_WIDTH,
  });
  const pages = doc.bufferedPageRange().count;
  doc.text(
    annexPages === null
      ? 'O arquivo enviado não pôde ser lido para ser anexado; consulte-o no plano.'
      : `Anexado a este documento a partir da página ${pages + 1} (${annexPages} ${annexPages === 1 ? 'página' : 'páginas'}), com as medições de CO₂ e fungos.`,
    PAGE.margin,
    doc.y + 2,
    { width: CONTENT_WIDTH },
  );
}

/**
 * The PMOC document (A4) of a plan for a calendar year, in the order the Portaria's model has it: the
 * site and its owner or tenant, the technical lead, the rooms, the equipment inventory, the tasks per
 * component, the twelve months planned against done, each visit done with its signature, the
 * recommendations and the lead's signature line, then the air-quality report's pages appended.
 */
export async function renderPmocDocument(d: PmocDocumentData): Promise<Buffer> {
  const annex = d.airReport?.data ?? null;
  const annexPages = annex ? await annexPageCount(annex) : null;
  const doc = newDocument({ title: `PMOC ${d.year} — plano nº ${d.plan.id}`, author: d.company.name });
  header(doc, d, {
    kind: 'DOCUMENTO PMOC',
    number: d.plan.id,
    dateLine: `Ano ${d.year}`,
    statusLabel: d.plan.endedAt ? `Encerrado em ${formatDate(d.plan.endedAt, d.timeZone)}` : d.plan.frequencyLabel,
  });
  doc.font(fonts.bold).fontSize(11).fillColor(colors.text);
  doc.text('Plano de Manutenção, Operação e Controle', PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.font(fonts.regular).fontSize(8.5).fillColor(colors.muted);
  doc.text('Lei 13.589/2018 · Portaria GM/MS 3.523/1998 · ABNT NBR 17037', { width: CONTENT_WIDTH });

  const c = d.customer;
  sectionTitle(doc, '1. Identificação do ambiente');
  twoColumns(
    doc,
    [
      ['Edificação', d.plan.buildingName ?? NONE],
      ['Endereço', c.address ?? NONE],
    ],
    [
      [d.plan.customerRoleLabel, c.name],
      [c.type === PersonType.Natural ? 'CPF' : 'CNPJ', formatIdentifier(c.identifier, c.type)],
      ['Periodicidade das visitas', `${d.plan.frequencyLabel}, desde ${day(d.plan.startDate)}`],
    ],
  );
  sectionTitle(doc, '2. Responsável técnico');
  twoColumns(
    doc,
    [['Nome', d.plan.engineerName ?? NONE]],
    [
      ['Registro (CREA/CFT)', d.plan.engineerRegistration ?? NONE],
      ['ART/TRT nº', d.plan.artNumber ?? NONE],
    ],
  );
  rooms(doc, d);
  inventory(doc, d);
  tasks(doc, d);
  schedule(doc, d);
  executions(doc, d);
  recommendations(doc, d);
  leadSignature(doc, d);
  airReport(doc, d, annexPages);
  footers(
    doc,
    `PMOC ${d.year} · plano nº ${d.plan.id} · Gerado em ${formatDateTime(d.generatedAt, d.timeZone)} · Ordem Certa`,
  );
  const main = await toBuffer(doc);
  return annex && annexPages !== null ? appendPdf(main, annex) : main;
}
