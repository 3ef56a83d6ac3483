import QRCode from 'qrcode';
import { formatMoney, fromCents, pixBrCode } from '@oficina/contracts';
import { colors, CONTENT_WIDTH, ensureSpace, fonts, PAGE, pdfText, sectionTitle, type Doc } from './pdf-layout.ts';

/** What a document prints to be paid by PIX: the BR Code, its QR code (PNG) and the amount. */
export interface PrintedPix {
  code: string;
  qr: Buffer;
  amountCents: number;
}

/**
 * The PIX payment of a document, or null when there is nothing to pay that way: no key on the company,
 * values hidden, nothing due. `reference` names the document in the payer's statement (e.g. OS123).
 */
export async function pixFor(p: {
  pixKey: string | null;
  showValues: boolean;
  amountCents: number;
  merchantName: string;
  merchantCity: string | null | undefined;
  reference: string;
}): Promise<PrintedPix | null> {
  if (!p.pixKey || !p.showValues || p.amountCents <= 0) return null;
  const code = pixBrCode({
    key: p.pixKey,
    merchantName: p.merchantName,
    merchantCity: p.merchantCity ?? '',
    amount: fromCents(p.amountCents),
    txid: p.reference,
  });
  const qr = await QRCode.toBuffer(code, { errorCorrectionLevel: 'M', margin: 1, width: 360 });
  return { code, qr, amountCents: p.amountCents };
}

/** 'Pagamento por PIX': the QR code at the left, the amount and the copia-e-cola text beside it. */
export function pixBlock(doc: Doc, pix: PrintedPix | null | undefined) {
  if (!pix) return;
  const size = 110;
  sectionTitle(doc, 'Pagamento por PIX', size + 20);
  ensureSpace(doc, size + 10);
  const y = doc.y;
  doc.image(pix.qr, PAGE.margin, y, { width: size, height: size });
  const x = PAGE.margin + size + 16;
  const width = CONTENT_WIDTH - size - 16;
  doc
    .font(fonts.bold)
    .fontSize(11)
    .fillColor(colors.text)
    .text(`Valor: ${formatMoney(fromCents(pix.amountCents))}`, x, y, { width });
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
