import { z } from 'zod';
import { isValidCnpj, isValidCpf } from './identifier.ts';

/**
 * PIX: the company's key and the static "BR Code" (the Banco Central's EMV QR layout) that a customer's
 * bank app reads as a QR code or as the "PIX copia e cola" text. Plain functions, shared by the server
 * (PDFs, public pages) and the screens.
 */
export const pixMessages = {
  invalidKey: 'Chave PIX inválida: informe um CPF, CNPJ, e-mail, telefone com DDD ou chave aleatória',
  saved: 'Chave PIX salva',
  removed: 'Chave PIX removida',
} as const;

export type PixKeyKind = 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp';

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The key as stored and encoded: CPF/CNPJ digits, e-mail and random key lower-case, phone as +55DDNNNNNNNNN. */
export function normalizePixKey(raw: string): { key: string; kind: PixKeyKind } | null {
  const value = raw.trim();
  if (!value || value.length > 77) return null;
  if (EVP.test(value.toLowerCase())) return { key: value.toLowerCase(), kind: 'evp' };
  if (value.includes('@')) return EMAIL.test(value) ? { key: value.toLowerCase(), kind: 'email' } : null;
  if (value.startsWith('+')) {
    const digits = value.replace(/\D/g, '');
    return /^55\d{10,11}$/.test(digits) ? { key: `+${digits}`, kind: 'phone' } : null;
  }
  // A phone as people write it: with its area code in parentheses, or with the country's 55 but no '+'.
  if (/^\(\d{2}\)/.test(value) || /^55[\s(]/.test(value)) return brazilianPhoneKey(value);
  const digits = value.replace(/[.\-/\s]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 11 && isValidCpf(digits)) return { key: digits, kind: 'cpf' };
  if (digits.length === 14 && isValidCnpj(digits)) return { key: digits, kind: 'cnpj' };
  // Digits that are no valid CPF (or CNPJ) but read as a Brazilian phone, with or without the 55; a value
  // written with a CPF's or CNPJ's points and slash is a mistyped document, not a phone.
  return digits.length === 14 || /[./]/.test(value) ? null : brazilianPhoneKey(digits);
}

/**
 * A Brazilian phone as a PIX key (+55, area code, number): a landline of 8 digits or a mobile of 9
 * starting with 9, after an area code from 11 to 99; the country's 55 may come first.
 */
function brazilianPhoneKey(raw: string): { key: string; kind: 'phone' } | null {
  let digits = raw.replace(/\D/g, '');
  if (digits.length >= 12 && digits.startsWith('55')) digits = digits.slice(2);
  const national = /^[1-9][1-9](9\d{8}|[2-5]\d{7})$/;
  return national.test(digits) ? { key: `+55${digits}`, kind: 'phone' } : null;
}

/** PUT companies/{id}/pix: a key of any kind, or null (or blank) to remove it. */
export const companyPixBody = z.object({
  pixKey: z
    .string({ error: pixMessages.invalidKey })
    .max(120, pixMessages.invalidKey)
    .nullable()
    .transform((v, ctx) => {
      if (v === null || v.trim() === '') return null;
      const found = normalizePixKey(v);
      if (!found) {
        ctx.addIssue({ code: 'custom', message: pixMessages.invalidKey });
        return z.NEVER;
      }
      return found.key;
    }),
});
export type CompanyPixBody = z.input<typeof companyPixBody>;
export type CompanyPixValues = z.output<typeof companyPixBody>;

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) of the payload, four upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
/** Letters without accents and printable ASCII only, cut to `max`: what every bank app reads. */
const plain = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max);

/** The merchant's name (≤ 25) and city (≤ 15) as every BR Code carries them, then the reference and the CRC. */
function brCode(
  account: string,
  p: { merchantName: string; merchantCity: string; amount?: number; reference: string; dynamic?: boolean },
) {
  const body = [
    field('00', '01'),
    // 12: a code for one payment (a charge), never read again once paid.
    p.dynamic ? field('01', '12') : '',
    field('26', account),
    field('52', '0000'),
    field('53', '986'),
    p.amount && p.amount > 0 ? field('54', p.amount.toFixed(2)) : '',
    field('58', 'BR'),
    field('59', plain(p.merchantName, 25) || 'N'),
    field('60', plain(p.merchantCity, 15) || 'BRASIL'),
    field('62', field('05', p.reference)),
    '6304',
  ].join('');
  return body + crc16(body);
}

/**
 * The static BR Code: 00 format, 26 merchant account (GUI br.gov.bcb.pix and the key), 52 category 0000,
 * 53 currency 986 (BRL), 54 amount (left out when none), 58 BR, 59 name (≤ 25), 60 city (≤ 15), 62/05
 * the reference (≤ 25 letters and digits, *** when none), 63 CRC16 of everything before it.
 */
export function pixBrCode(p: {
  key: string;
  merchantName: string;
  merchantCity: string;
  amount?: number;
  txid?: string;
}) {
  const reference = (p.txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  return brCode(field('00', 'br.gov.bcb.pix') + field('01', p.key), { ...p, reference });
}

/**
 * The dynamic BR Code of a charge made at the PSP: field 26 carries the charge's location (the PSP's
 * URL without its scheme, ≤ 77 characters) in 25 instead of a key, 01 says it is for one payment, and
 * neither the amount nor the txid is written: the payer's bank reads both from the location.
 */
export function pixDynamicBrCode(p: { location: string; merchantName: string; merchantCity: string }) {
  const location = p.location.replace(/^https?:\/\//i, '');
  if (!location || location.length > 77)
    throw new RangeError(`A charge's location has 1 to 77 characters: '${location}'`);
  return brCode(field('00', 'br.gov.bcb.pix') + field('25', location), { ...p, reference: '***', dynamic: true });
}

/** The fields of a BR Code by their ids, the merchant account (26) and additional data (62) opened: for checks. */
export function readBrCode(code: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (text: string, prefix: string) => {
    for (let i = 0; i + 4 <= text.length;) {
      const id = text.slice(i, i + 2);
      const length = Number(text.slice(i + 2, i + 4));
      const value = text.slice(i + 4, i + 4 + length);
      out[prefix + id] = value;
      if (!prefix && (id === '26' || id === '62')) walk(value, `${id}.`);
      i += 4 + length;
    }
  };
  walk(code, '');
  return out;
}

/**
 * A charge's txid: 26 to 35 letters and digits, chosen by the receiver and unique per receiver. The
 * specification writes the pattern unanchored; it is the whole value's rule.
 */
export const PIX_TXID = /^[a-zA-Z0-9]{26,35}$/;
export const isPixTxid = (value: string) => PIX_TXID.test(value);

const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new txid of 35 characters: a readable prefix of the kind and the record ('OS1234' of an order,
 * 'P' + the instalment) and random letters and digits to the end, so two are never alike and the
 * PSP's statement still says what each charge was.
 */
export function newPixTxid(
  prefix = '',
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
) {
  const head = prefix.replace(/[^A-Za-z0-9]/g, '').slice(0, 15);
  const bytes = random(35 - head.length);
  let tail = '';
  // 62 symbols: bytes of 248 and more are dropped so each symbol is equally likely.
  for (const b of bytes) if (b < 248) tail += TXID_ALPHABET[b % 62];
  while (head.length + tail.length < 35) {
    const [b] = random(1);
    if (b! < 248) tail += TXID_ALPHABET[b! % 62];
  }
  return head + tail;
}
