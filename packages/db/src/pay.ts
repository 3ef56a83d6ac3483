import type { PayBasis, PayRuleKind } from '@ordem-certa/contracts';

/** The rule in force for one worker of one order: a version, or the initial fixed amount. */
export interface RuleInForce {
  kind: 'initial' | PayRuleKind;
  validFrom: string | null;
  fixedCents: number;
  servicesBasisPoints: number;
  productsBasisPoints: number;
  /** Per km driven to the order (0: none). */
  kmRateCents?: number;
}

/** What the rule reads of one order, and the worker's place on it (1 = put on the order first). */
export interface OrderForPay {
  servicesCents: number;
  productsCents: number;
  discountCents: number;
  half: boolean;
  bonusCents: number;
  workers: number;
  position: number;
  /** per_service: the order's lines of services the rule lists, with that rule's rate. */
  ratedServices: Array<{ name: string; quantityMilli: number; rateCents: number }>;
  /** The metres this worker drove to the order (their stamps' route distance). */
  routeMeters?: number;
}

const big = BigInt;
/** a × b ÷ c rounded half up, for non-negative integers, exact at any size. */
export function mulDivRound(a: number, b: number, c: number) {
  return Number((big(a) * big(b) * 2n + big(c)) / (big(c) * 2n));
}

/** `total` split evenly among `workers`; the cents that do not divide go one each to the first ones. */
export function evenShare(total: number, workers: number, position: number) {
  return Math.floor(total / workers) + (position <= total % workers ? 1 : 0);
}

/**
 * The order's discount split between services and products in proportion to their totals: the
 * services' part rounded to the cent, the products take the rest. Returns what each is worth after it.
 */
export function netOfDiscount(servicesCents: number, productsCents: number, discountCents: number) {
  const subtotal = servicesCents + productsCents;
  if (subtotal === 0) return { services: 0, products: 0 };
  const discount = Math.min(discountCents, subtotal);
  const onServices = mulDivRound(discount, servicesCents, subtotal);
  return { services: servicesCents - onServices, products: productsCents - (discount - onServices) };
}

/**
 * One worker's line of one order: the rule's amount (see `packages/contracts/src/pay-rules.ts` for the
 * kinds), halved (rounded half up) when the order pays just the half, plus the worker's even share of
 * the order's payroll bonus. Returns the value in cents and how it was reached.
 */
export function workerPay(rule: RuleInForce, order: OrderForPay): { valueCents: number; basis: PayBasis } {
  const { workers, position } = order;
  const basis: PayBasis = {
    rule: rule.kind,
    validFrom: rule.validFrom,
    workers,
    ruleCents: 0,
    half: order.half,
    bonusCents: order.bonusCents,
    bonusShareCents: evenShare(order.bonusCents, workers, position),
  };
  if (rule.kind === 'initial' || rule.kind === 'fixed') {
    basis.fixedCents = rule.fixedCents;
    basis.ruleCents = rule.fixedCents;
  } else if (rule.kind === 'percentage') {
    const net = netOfDiscount(order.servicesCents, order.productsCents, order.discountCents);
    basis.parts = [];
    for (const [of, basisPoints, base] of [
      ['services', rule.servicesBasisPoints, net.services],
      ['products', rule.productsBasisPoints, net.products],
    ] as const) {
      if (basisPoints <= 0) continue;
      const shareCents = evenShare(base, workers, position);
      const amountCents = mulDivRound(shareCents, basisPoints, 10_000);
      basis.parts.push({ of, basisPoints, baseCents: base, shareCents, amountCents });
      basis.ruleCents += amountCents;
    }
  } else {
    basis.items = order.ratedServices.map((s) => ({
      name: s.name,
      quantity: s.quantityMilli / 1000,
      rateCents: s.rateCents,
      amountCents: mulDivRound(s.quantityMilli, s.rateCents, 1000),
    }));
    basis.itemsCents = basis.items.reduce((sum, item) => sum + item.amountCents, 0);
    basis.ruleCents = evenShare(basis.itemsCents, workers, position);
  }
  let valueCents = basis.ruleCents;
  if (order.half) {
    basis.halfCents = mulDivRound(basis.ruleCents, 1, 2);
    valueCents = basis.halfCents;
  }
  // The km are the worker's own driving: paid whole, also on a half-paid order.
  if (rule.kmRateCents) {
    basis.kmMeters = order.routeMeters ?? 0;
    basis.kmRateCents = rule.kmRateCents;
    basis.kmCents = mulDivRound(basis.kmMeters, rule.kmRateCents, 1000);
    valueCents += basis.kmCents;
  }
  return { valueCents: valueCents + basis.bonusShareCents, basis };
}
