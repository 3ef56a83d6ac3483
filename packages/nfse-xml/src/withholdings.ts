// What the taker of a service withholds from what it pays: the ISS (when the taker is the one who pays it
// to the municipality) and the federal taxes it retains at source (PIS, COFINS, CSLL, IRRF and the social
// security contribution, CP). Pure arithmetic on cents, shared by the DPS, the order's receivable and the
// screens, so all three say the same amount to the cent.

/** What a taker withholds. Rates in percent with up to two decimals (4.65 = 4,65 %); 0 or null: not withheld. */
export interface Withholdings {
  /** tpRetISSQN 2: the taker withholds the ISS (at the ISS rate of the service). */
  iss?: boolean | null;
  pis?: number | null;
  cofins?: number | null;
  csll?: number | null;
  irrf?: number | null;
  /** Contribuição previdenciária (INSS) retained on the service. */
  cp?: number | null;
}

/** The withheld amounts of a service, in cents, and what is left to receive. */
export interface WithheldAmounts {
  /** The base every rate applies to: the service value less the unconditional discount. */
  baseCents: number;
  issCents: number;
  pisCents: number;
  cofinsCents: number;
  csllCents: number;
  irrfCents: number;
  cpCents: number;
  /** PIS + COFINS + CSLL + IRRF + CP. */
  federalCents: number;
  /** Everything withheld (vTotalRet). */
  totalCents: number;
  /** vLiq: the service value less the discounts and everything withheld. */
  netCents: number;
}

/** Input the amounts cannot be computed from; `field` names it ('issRate', 'withholdings.pis'…). */
export class WithholdingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'WithholdingError';
  }
}

const FEDERAL = ['pis', 'cofins', 'csll', 'irrf', 'cp'] as const;
export type FederalWithholding = (typeof FEDERAL)[number];

/** A rate in hundredths of a percent (4.65 → 465); refuses more than two decimals and what is not 0–100 %. */
function hundredths(rate: number, field: string): number {
  const shifted = String(rate).includes('e') ? rate * 100 : Number(`${rate}e2`);
  const whole = Math.round(shifted);
  if (!Number.isFinite(rate) || rate < 0 || rate > 100 || Math.abs(shifted - whole) > 1e-9) {
    throw new WithholdingError(field, `A rate is 0 to 100 % with at most two decimals: ${rate}`);
  }
  return whole;
}

/** `rate` % of `cents`, rounded half up to the cent (integer arithmetic: no binary fractions). */
export function percentOfCents(cents: number, rate: number, field = 'rate'): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new WithholdingError(field, `Not an amount of cents: ${cents}`);
  const r = BigInt(hundredths(rate, field));
  return Number((BigInt(cents) * r * 2n + 10_000n) / 20_000n);
}

/** Whether a taker withholds anything at all. */
export function withholdsAnything(w: Withholdings | null | undefined): boolean {
  return !!w && (!!w.iss || FEDERAL.some((k) => (w[k] ?? 0) > 0));
}

/**
 * The amounts withheld from a service of `serviceCents` less `unconditionalDiscountCents` (and less
 * `conditionalDiscountCents`, which lowers what is received but not the tax base). Each tax is its
 * rate of the base, rounded half up to the cent on its own, as the national system computes them; the
 * net is what remains. The ISS rate is needed only when the taker withholds the ISS.
 */
export function withheldAmounts(o: {
  serviceCents: number;
  unconditionalDiscountCents?: number | null;
  conditionalDiscountCents?: number | null;
  issRate?: number | null;
  withholdings?: Withholdings | null;
}): WithheldAmounts {
  const service = o.serviceCents;
  const unconditional = o.unconditionalDiscountCents ?? 0;
  const conditional = o.conditionalDiscountCents ?? 0;
  for (const [field, v] of [
    ['serviceCents', service],
    ['unconditionalDiscountCents', unconditional],
    ['conditionalDiscountCents', conditional],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0) throw new WithholdingError(field, `Not an amount of cents: ${v}`);
  }
  if (unconditional + conditional > service) {
    throw new WithholdingError('unconditionalDiscountCents', 'The discounts are more than the service value.');
  }
  const base = service - unconditional;
  const w = o.withholdings ?? {};
  let issCents = 0;
  if (w.iss) {
    if (o.issRate === null || o.issRate === undefined) {
      throw new WithholdingError('issRate', 'The ISS withheld needs the ISS rate of the service.');
    }
    issCents = percentOfCents(base, o.issRate, 'issRate');
  }
  const federal = Object.fromEntries(
    FEDERAL.map((k) => [k, w[k] ? percentOfCents(base, w[k], `withholdings.${k}`) : 0]),
  ) as Record<FederalWithholding, number>;
  const federalCents = FEDERAL.reduce((sum, k) => sum + federal[k], 0);
  const totalCents = issCents + federalCents;
  const netCents = service - unconditional - conditional - totalCents;
  if (netCents < 0) throw new WithholdingError('withholdings', 'The withholdings are more than the value to receive.');
  return {
    baseCents: base,
    issCents,
    pisCents: federal.pis,
    cofinsCents: federal.cofins,
    csllCents: federal.csll,
    irrfCents: federal.irrf,
    cpCents: federal.cp,
    federalCents,
    totalCents,
    netCents,
  };
}

/**
 * tpRetPisCofins (layout 1.01) for which of PIS, COFINS and CSLL the taker retains: 3 all three,
 * 4 PIS and COFINS, 5 PIS, 6 COFINS, 7 COFINS and CSLL, 8 CSLL, 9 PIS and CSLL, 0 none.
 */
export function pisCofinsRetentionCode(pis: boolean, cofins: boolean, csll: boolean): string {
  const key = `${pis ? 'P' : '-'}${cofins ? 'C' : '-'}${csll ? 'L' : '-'}`;
  const codes: Record<string, string> = {
    PCL: '3',
    'PC-': '4',
    'P--': '5',
    '-C-': '6',
    '-CL': '7',
    '--L': '8',
    'P-L': '9',
    '---': '0',
  };
  return codes[key]!;
}
