import { formatMoney, fromCents } from '@ordem-certa/contracts';
import { colors, CONTENT_WIDTH, ensureSpace, fonts, PAGE, pdfText, sectionTitle, type Doc } from './pdf-layout.ts';
import type { PrintedPix } from './printed-data.ts';

/** 'Parcelas por PIX': each open instalment's own code, under one heading. */
export function instalmentPixBlock(doc: Doc, rows: Array<PrintedPix & { label: string }> | undefined) {
  if (!rows?.length) return;
  sectionTitle(doc, 'Parcelas por PIX', 130);
  for (const row of rows) pixBlock(doc, row, { caption: row.label, heading: false });
}

/** 'Pagamento por PIX': the QR code at the left, the amount and the copia-e-cola text beside it. */
export function pixBlock(
  doc: Doc,
  pix: PrintedPix | null | undefined,
  o: { caption?: string; heading?: boolean } = {},
) {
  if (!pix) return;
  const size = 110;
  if (o.heading !== false) sectionTitle(doc, 'Pagamento por PIX', size + 20);
  ensureSpace(doc, size + 10);
  const y = doc.y;
  doc.image(pix.qr, PAGE.margin, y, { width: size, height: size });
  const x = PAGE.margin + size + 16;
  const width = CONTENT_WIDTH - size - 16;
  doc
    .font(fonts.bold)
    .fontSize(11)
    .fillColor(colors.text)
    .text(`${o.caption ? `${o.caption} · ` : ''}Valor: ${formatMoney(fromCents(pix.amountCents))}`, x, y, { width });
  doc
    .font(fonts.regular)
    .fontSize(8.5)
    .fillColor(colors.muted)
    .text('Aponte a câmera do app do banco para o código, ou use o PIX copia e cola:', x, doc.y + 4, { width });
  doc
    .font(fonts.regular)
    .fontSize(7.5)
    .fillColor(colors.text)
    .text(pdfText(pix.code), x, doc.y + 3, { width });
  doc.y = Math.max(doc.y, y + size) + 8;
  doc.x = PAGE.margin;
}
