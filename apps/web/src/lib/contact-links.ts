/** A Brazilian number dials from anywhere with +55; anything else is dialled as typed. */
export const telHref = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 || digits.length === 11 ? `+55${digits}` : digits}`;
};

/** The address in Google Maps (the app on a phone, the site elsewhere). */
export const mapHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The address in Waze, ready to drive there. */
export const wazeHref = (address: string) => `https://waze.com/ul?q=${encodeURIComponent(address)}&navigate=yes`;
