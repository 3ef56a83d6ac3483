import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * The wa.me link that opens WhatsApp on a conversation with `phone` and `text` typed in, or why there
 * is none: only a valid mobile number (Brazil when no country code is given) can receive it.
 */
export function whatsAppLink(phone: string | null | undefined, text: string): { href: string } | { reason: string } {
  if (!phone) return { reason: 'O cliente não tem telefone cadastrado.' };
  const parsed = parsePhoneNumberFromString(phone, 'BR');
  if (!parsed?.isValid()) return { reason: 'O telefone do cliente não é um celular válido.' };
  return { href: `https://wa.me/${parsed.number.replace('+', '')}?text=${encodeURIComponent(text)}` };
}
