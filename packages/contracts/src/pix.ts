import { z } from 'zod';
import { isValidCnpj, isValidCpf } from './identifier.ts';

/**
 * PIX: the company's key and the static "BR Code" (the Banco Central's EMV QR layout) that a customer's
 * bank app reads as a QR code or as the "PIX copia e cola" text. Plain functions, shared by the server
 * (PDFs, public pages) and the screens.
 */
export const pixMessages = {
  invalidKey: 'Chave PIX inválida: informe um CPF, CNPJ, e-mail, celular com +55 ou chave aleatória',
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
  const digits = value.replace(/[.\-/\s]/g, '');
  if (/^\d{11}$/.test(digits)) return isValidCpf(digits) ? { key: digits, kind: 'cpf' } : null;
  if (/^\d{14}$/.test(digits)) return isValidCnpj(digits) ? { key: digits, kind: 'cnpj' } : null;
  return null;
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
  const txid = (p.txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const body = [
    field('00', '01'),
    field('26', field('00', 'br.gov.bcb.pix') + field('01', p.key)),
    field('52', '0000'),
    field('53', '986'),
    p.amount && p.amount > 0 ? field('54', p.amount.toFixed(2)) : '',
    field('58', 'BR'),
    field('59', plain(p.merchantName, 25) || 'N'),
    field('60', plain(p.merchantCity, 15) || 'BRASIL'),
    field('62', field('05', txid)),
    '6304',
  ].join('');
  return body + crc16(body);
}
