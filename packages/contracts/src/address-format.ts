import type { Address } from './addresses.ts';

// An address written out for screens and PDFs. No zod here (the schemas are in addresses.ts), so the
// order screen shows the visit's address without loading the validation library.

/** 01310-100. */
export function formatPostalCode(value: string | null | undefined): string {
  const v = (value ?? '').replace(/\D/g, '');
  return v.length === 8 ? `${v.slice(0, 5)}-${v.slice(5)}` : (value ?? '');
}

/** One line: 'Rua X, 120, Apto 3 - Centro - São Paulo/SP - CEP 01310-100' ('S/N' without a number). */
export function formatAddress(a: Omit<Address, 'id' | 'ibgeCode'> | null | undefined): string {
  if (!a) return '';
  const street = [a.address, a.number !== null ? String(a.number) : 'S/N', a.complement].filter(Boolean).join(', ');
  const place = [a.neighborhood, [a.city, a.state].filter(Boolean).join('/')].filter(Boolean).join(' - ');
  return [street, place, a.postalCode ? `CEP ${formatPostalCode(a.postalCode)}` : null].filter(Boolean).join(' - ');
}
