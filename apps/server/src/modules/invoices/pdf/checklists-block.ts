import { formatQuantity } from '@oficina/contracts';
import {
  colors,
  CONTENT_WIDTH,
  ensureSpace,
  fonts,
  PAGE,
  pdfText,
  sectionTitle,
  type Doc,
} from '../../documents/pdf/pdf-layout.ts';

/** An attached checklist as printed: each item and its answer in words. */
export interface PrintedChecklist {
  name: string;
  items: Array<{ label: string; required: boolean; answer: string }>;
}

type Item = { id: number; label: string; kind: 'check' | 'number' | 'text' | 'photo'; required: boolean };

/**
 * The answer as the customer reads it: a tick is 'Sim', a number in pt-BR, a text as typed, a photo by
 * its place among the printed photos ('Foto 2'); unanswered is '—'.
 */
export function printedChecklist(
  c: { name: string; items: Item[]; answers: Record<string, boolean | number | string | null> },
  photoIds: number[],
): PrintedChecklist {
  return {
    name: c.name,
    items: c.items.map((item) => {
      const v = c.answers[String(item.id)];
      let answer = '—';
      if (item.kind === 'check' && v === true) answer = 'Sim';
      else if (item.kind === 'number' && typeof v === 'number') answer = formatQuantity(v);
      else if (item.kind === 'text' && typeof v === 'string' && v) answer = v;
      else if (item.kind === 'photo' && typeof v === 'number')
        answer = photoIds.includes(v) ? `Foto ${photoIds.indexOf(v) + 1}` : '—';
      return { label: item.label, required: item.required, answer };
    }),
  };
}

/** 'Checklists': per checklist its name, then a line per item, the answer to the right. */
export function checklistsBlock(doc: Doc, checklists: PrintedChecklist[]) {
  if (!checklists.length) return;
  sectionTitle(doc, 'Checklists');
  const answerWidth = CONTENT_WIDTH * 0.45;
  const labelWidth = CONTENT_WIDTH - answerWidth - 10;
  for (const c of checklists) {
    ensureSpace(doc, 34);
    doc.font(fonts.bold).fontSize(9.5).fillColor(colors.text).text(pdfText(c.name), PAGE.margin, doc.y);
    doc.y += 3;
    for (const item of c.items) {
      doc.font(fonts.regular).fontSize(9);
      const label = pdfText(`${item.label}${item.required ? ' *' : ''}`);
      const answer = pdfText(item.answer);
      const h = Math.max(
        doc.heightOfString(label, { width: labelWidth }),
        doc.heightOfString(answer, { width: answerWidth }),
      );
      ensureSpace(doc, h + 4);
      const y = doc.y;
      doc.fillColor(colors.muted).text(label, PAGE.margin, y, { width: labelWidth });
      doc.fillColor(colors.text).text(answer, PAGE.margin + labelWidth + 10, y, { width: answerWidth });
      doc.y = y + h + 3;
    }
    doc.y += 6;
  }
  doc.x = PAGE.margin;
}
