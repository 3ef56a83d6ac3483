import { colors, CONTENT_WIDTH, ensureSpace, fonts, PAGE, pdfText, sectionTitle, type Doc } from '../pdf/pdf-layout.ts';
import type { PrintedChecklist } from '../pdf/printed-data.ts';

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
