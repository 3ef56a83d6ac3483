import { formatDate, formatDateTime } from '@ordem-certa/contracts';
import {
  equipmentTable,
  header,
  linesTable,
  photos,
  totals,
  customerAndFacts,
  commentsBlock,
  type PrintedRecord,
} from '../pdf/record-blocks.ts';
import { footers, newDocument, toBuffer, watermark } from '../pdf/pdf-layout.ts';
import { pixBlock } from '../pdf/pix-block.ts';

/**
 * Everything the estimate document prints. The quote sent to the customer shows its values; the copy
 * opened by someone who may not see prices shows none (no unit price, total or PIX).
 */
export interface EstimatePdfData extends PrintedRecord {
  showValues: boolean;
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
  customerAndFacts(doc, d.customer, 'ORÇAMENTO', [
    ['Natureza da operação', d.estimate.natureName],
    ['Data', formatDate(d.estimate.createdAt, d.timeZone)],
  ]);
  equipmentTable(doc, d);
  const values = { showValues: d.showValues };
  linesTable(doc, values, 'Serviços', d.services);
  linesTable(doc, values, 'Produtos', d.products);
  totals(doc, { showValues: d.showValues, invoice: d.estimate });
  if (d.showValues) pixBlock(doc, d.pix);
  commentsBlock(
    doc,
    d.notes.map((n) => ({ meta: formatDateTime(n.createdAt, d.timeZone), comment: n.comment })),
    d.notesLeftOut,
  );
  photos(doc, d);
  if (d.estimate.isDraft) watermark(doc, 'RASCUNHO');
  footers(
    doc,
    `Orçamento nº ${d.estimate.number}${draft}  ·  ${d.company.name}  ·  Gerado em ${formatDateTime(d.generatedAt, d.timeZone)}`,
  );
  return toBuffer(doc);
}
