import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { whatsappMessages } from '@oficina/contracts';

/**
 * The wa.me address that opens WhatsApp on a conversation with `phone`, `message` typed in, or why there
 * is none. Only a valid mobile number receives it; a number without a country code is Brazilian. The
 * address carries the number in international form, digits only, without the '+'.
 */
export function whatsAppHref(
  phone: string | null | undefined,
  message: string,
): { href: string; reason?: undefined } | { href?: undefined; reason: string } {
  if (!phone?.trim()) return { reason: whatsappMessages.noMobile };
  const parsed = parsePhoneNumberFromString(phone, 'BR');
  if (!parsed?.isValid() || parsed.getType() !== 'MOBILE') return { reason: whatsappMessages.invalidMobile };
  return { href: `https://wa.me/${parsed.number.slice(1)}?text=${encodeURIComponent(message)}` };
}
