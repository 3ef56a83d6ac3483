/**
 * The number to dial: its stored E.164 when there is one; else a Brazilian number (10 or 11 digits) with
 * +55, one written with + as it is, anything else as typed.
 */
export const telHref = (phone: string, e164?: string | null) => {
  if (e164) return `tel:${e164}`;
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  return `tel:${digits.length === 10 || digits.length === 11 ? `+55${digits}` : digits}`;
};

/** The address in Google Maps (the app on a phone, the site elsewhere). */
export const mapHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The address in Waze, ready to drive there. */
export const wazeHref = (address: string) => `https://waze.com/ul?q=${encodeURIComponent(address)}&navigate=yes`;
