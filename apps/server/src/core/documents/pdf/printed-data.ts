import QRCode from 'qrcode';
import { formatQuantity, fromCents, pixBrCode } from '@ordem-certa/contracts';

// What the printed documents show, made from the data before any drawing: the server's request code
// uses these, and the drawing (pdfkit, in the PDF workers) is kept out of the server's own memory.

/**
 * A document prints at most this many comments (the latest): a thread of hundreds would make it
 * hundreds of pages. The rest is counted in a line after them.
 */
export const MAX_PRINTED_COMMENTS = 50;

/** What a document prints to be paid by PIX: the BR Code, its QR code (PNG) and the amount. */
export interface PrintedPix {
  code: string;
  qr: Buffer;
  amountCents: number;
}

/** The instalments' own codes as the order's document prints them: 'Parcela 2 de 3 · vence em 05/03/2026'. */
export async function printedInstalmentPix(
  rows: Array<{
    code: string;
    amountCents: number;
    dueDate: string;
    installmentNumber: number;
    installmentCount: number;
  }>,
): Promise<Array<PrintedPix & { label: string }>> {
  return Promise.all(
    rows.map(async (x) => ({
      code: x.code,
      amountCents: x.amountCents,
      qr: await QRCode.toBuffer(x.code, { errorCorrectionLevel: 'M', margin: 1, width: 360 }),
      label: `Parcela ${x.installmentNumber} de ${x.installmentCount} · vence em ${x.dueDate.split('-').toReversed().join('/')}`,
    })),
  );
}

/**
 * The PIX payment of a document, or null when there is nothing to pay that way: no key on the company,
 * values hidden, nothing due. `reference` names the document in the payer's statement (e.g. OS123).
 * `charge` is the order's charge at the company's PSP: its dynamic code replaces the static one while
 * it is of the amount due (the PSP records the payment by it); otherwise the static code stays.
 */
export async function pixFor(p: {
  pixKey: string | null;
  showValues: boolean;
  amountCents: number;
  merchantName: string;
  merchantCity: string | null | undefined;
  reference: string;
  charge?: { code: string; amountCents: number } | null;
}): Promise<PrintedPix | null> {
  if (!p.pixKey || !p.showValues || p.amountCents <= 0) return null;
  const dynamic = p.charge && p.charge.amountCents === p.amountCents ? p.charge.code : null;
  const code =
    dynamic ??
    pixBrCode({
      key: p.pixKey,
      merchantName: p.merchantName,
      merchantCity: p.merchantCity ?? '',
      amount: fromCents(p.amountCents),
      txid: p.reference,
    });
  const qr = await QRCode.toBuffer(code, { errorCorrectionLevel: 'M', margin: 1, width: 360 });
  return { code, qr, amountCents: p.amountCents };
}

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
