import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { phoneMetadata } from './phone-metadata.ts';

/**
 * Phones of companies and customers. A number written without a country code is Brazilian ('(11)
 * 98765-4321', '11 3456 7890', '011 98765-4321'); one starting with + may be of any country. What is
 * stored is the text people read — Brazilian numbers in the national form '(11) 98765-4321', others as
 * '+351 912 345 678' — and, beside it, the number in E.164 ('+5511987654321') for WhatsApp and calls.
 */

export const phoneMessage = 'Telefone inválido';
export const PHONE_MAX = 30;

export interface ParsedPhone {
  /** '+5511987654321' */
  e164: string;
  /** '(11) 98765-4321'; a foreign number in the international form. */
  display: string;
  /** A mobile; undefined where the metadata cannot tell (a foreign number). */
  mobile: boolean | undefined;
}

/** The number when it is a real one (a Brazilian area code and a landline or mobile that can exist), else null. */
export function parsePhone(text: string | null | undefined): ParsedPhone | null {
  const value = text?.trim();
  if (!value) return null;
  const parsed = parsePhoneNumberFromString(value, 'BR', phoneMetadata);
  if (!parsed?.isValid()) return null;
  const brazilian = parsed.country === 'BR';
  return {
    e164: parsed.number,
    display: brazilian ? parsed.formatNational() : parsed.formatInternational(),
    mobile: brazilian ? parsed.getType() === 'MOBILE' : undefined,
  };
}

/** The number as people read it: '(11) 98765-4321', or the text as it was typed when it is not a real number. */
export function formatPhone(value: string | null | undefined): string {
  return parsePhone(value)?.display ?? value ?? '';
}

/** E.164 of a number people typed ('+5511987654321'), or null when it is not a real number. */
export const phoneE164 = (value: string | null | undefined): string | null => parsePhone(value)?.e164 ?? null;

/** Optional; a number that cannot exist is refused. Output: the display text (or null). */
export const optionalPhone = z
  .string()
  .trim()
  .max(PHONE_MAX, phoneMessage)
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const parsed = parsePhone(v);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: phoneMessage });
      return z.NEVER;
    }
    return parsed.display;
  });

/**
 * The number WhatsApp opens a conversation with: the stored E.164 when there is one, else the text
 * parsed (a row kept as typed). Only a mobile, or a foreign number whose kind is unknown, has one.
 */
export function whatsAppNumber(
  phone: string | null | undefined,
  e164?: string | null,
): { e164: string; reason?: undefined } | { e164?: undefined; reason: 'none' | 'invalid' } {
  if (!phone?.trim() && !e164) return { reason: 'none' };
  const parsed = parsePhone(e164 || phone);
  if (!parsed || parsed.mobile === false) return { reason: 'invalid' };
  return { e164: parsed.e164 };
}

/** The two stored columns of a phone typed anywhere (seed, imports): a real number formatted with its E.164, else as typed. */
export function storedPhone(text: string | null | undefined): { phone: string | null; phoneE164: string | null } {
  const parsed = parsePhone(text);
  return parsed ? { phone: parsed.display, phoneE164: parsed.e164 } : { phone: text?.trim() || null, phoneE164: null };
}
