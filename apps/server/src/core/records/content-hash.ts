import { createHash } from 'node:crypto';

/**
 * What a customer signs (a service order) or approves (an estimate): the parties, the lines with their
 * prices, the discount and the equipment. Workers, comments, photos, tags and the state are the shop's
 * business and do not make a signature outdated.
 */
export interface SignedContent {
  companyId: number;
  customerId: number;
  discountCents: number;
  services: Array<{ name: string; description: string | null; quantity: number; priceCents: number }>;
  products: Array<{ name: string; quantity: number; priceCents: number }>;
  equipments: Array<{ name: string; brand: string; model: string; serialNumber: string }>;
}

/** SHA-256 of the content in a fixed shape and order (lines by id, as they are loaded). */
export function contentHash(c: SignedContent): string {
  const canonical = JSON.stringify([
    1, // version of this shape
    c.companyId,
    c.customerId,
    c.discountCents,
    c.services.map((l) => [l.name, l.description ?? '', l.quantity, l.priceCents]),
    c.products.map((l) => [l.name, l.quantity, l.priceCents]),
    c.equipments.map((l) => [l.name, l.brand, l.model, l.serialNumber]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
