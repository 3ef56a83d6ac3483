import { colors, CONTENT_WIDTH, ensureSpace, fonts, PAGE, pdfText, sectionTitle, type Doc } from '../pdf/pdf-layout.ts';
import type { PrintedChecklist } from '../pdf/printed-data.ts';

/** 'Checklists': per checklist its name, then a line per item, the answer to the right. */
export function checklistsBlock(doc: Doc, checklists: PrintedChecklist[]) {
  if (!checklists.length) return;
  sectionTitle(doc, 'Checklists');
  for (const c of checklists) {
    ensureSpace(doc, 34);
    doc.font(fonts.bold).fontSize(9.5).fillColor(colors.text).text(pdfText(c.name), PAGE.margin, doc.y);
    doc.y += 3;
    checklistItems(doc, c.items, { fontSize: 9, answerShare: 0.45, indent: 0, space: 10, rowGap: 3 });
    doc.y += 6;
  }
  doc.x = PAGE.margin;
}

/**
 * A checklist's items, a line each: the label (with * when required) indented by `indent`, the answer
 * in the right `answerShare` of the width, `space` points between the two.
 */
export function checklistItems(
  doc: Doc,
  items: PrintedChecklist['items'],
  o: { fontSize: number; answerShare: number; indent: number; space: number; rowGap: number },
) {
  const answerWidth = CONTENT_WIDTH * o.answerShare;
  const labelWidth = CONTENT_WIDTH - answerWidth - o.space;
  for (const item of items) {
    doc.font(fonts.regular).fontSize(o.fontSize);
    const label = pdfText(`${item.label}${item.required ? ' *' : ''}`);
    const answer = pdfText(item.answer);
    const h = Math.max(
      doc.heightOfString(label, { width: labelWidth }),
      doc.heightOfString(answer, { width: answerWidth }),
    );
    ensureSpace(doc, h + 4);
    const y = doc.y;
    doc.fillColor(colors.muted).text(label, PAGE.margin + o.indent, y, { width: labelWidth });
    doc.fillColor(colors.text).text(answer, PAGE.margin + CONTENT_WIDTH - answerWidth, y, { width: answerWidth });
    doc.y = y + h + o.rowGap;
  }
}
