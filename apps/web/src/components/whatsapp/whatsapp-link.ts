import { whatsAppNumber, whatsappMessages } from '@ordem-certa/contracts';

/**
 * The wa.me address that opens WhatsApp on a conversation with the customer's number, `message` typed
 * in, or why there is none. It takes the number stored in E.164 when there is one, else parses the phone
 * as typed (a number without a country code is Brazilian). Only a mobile receives it. The address
 * carries the number in international form, digits only, without the '+'.
 */
export function whatsAppHref(
  phone: string | null | undefined,
  message: string,
  e164?: string | null,
): { href: string; reason?: undefined } | { href?: undefined; reason: string } {
  const number = whatsAppNumber(phone, e164);
  if (number.reason === 'none') return { reason: whatsappMessages.noMobile };
  if (number.reason) return { reason: whatsappMessages.invalidMobile };
  return { href: `https://wa.me/${number.e164.slice(1)}?text=${encodeURIComponent(message)}` };
}
