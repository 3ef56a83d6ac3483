import { z } from 'zod';
import { calendarDate, entityId, idParam, listMeta, listQuery, money, orgParam } from './common.ts';
import { formatMoney, fromCents } from './format.ts';

/**
 * How a collaborator is paid per completed service order. Rules come in versions, each in force from
 * a calendar day of the organization until the next; the payroll uses the one in force on the day the
 * order was completed. Before a collaborator's first version their 'regra inicial' is in force: the
 * fixed amount per order of `PATCH users/{id}/financial` (`paymentValue`).
 *
 * - fixed: the amount per order, to each of its workers.
 * - percentage: a percentage of the order's services and one of its products, after the order's
 *   discount. The discount is split between services and products in proportion to their totals (the
 *   services' part rounded to the cent, the products take the rest). The base is shared equally by the
 *   order's workers (its cents that do not divide go one each to the first workers put on the order),
 *   and each worker earns their own percentage of their share — the usual 'rateio' of a Brazilian shop,
 *   so two technicians on one job do not cost it twice the commission.
 * - per_service: an amount per unit of each listed catalogue service, shared equally by the order's
 *   workers the same way; services not listed earn nothing.
 *
 * Then, as before: half of it (rounded to the cent) when the order pays just the half, plus the worker's
 * share of the order's payroll bonus.
 */
export const payRuleKinds = ['fixed', 'percentage', 'per_service'] as const;
export type PayRuleKind = (typeof payRuleKinds)[number];
export const payRuleKindLabels: Record<PayRuleKind, string> = {
  fixed: 'Valor fixo por OS',
  percentage: 'Percentual dos serviços e produtos',
  per_service: 'Valor por serviço',
};

export const MAX_PAY_RULE_SERVICES = 100;

export const payRuleMessages = {
  saved: 'Regra de pagamento salva',
  removed: 'Regra de pagamento removida',
  kindRequired: 'Selecione o tipo de regra',
  validFromRequired: 'Informe a partir de quando a regra vale',
  percentInvalid: 'Informe um percentual entre 0 e 100',
  percentDecimals: 'Use no máximo 2 casas decimais',
  percentRequired: 'Informe ao menos um percentual maior que zero',
  servicesRequired: 'Adicione ao menos um serviço',
  tooManyServices: `No máximo ${MAX_PAY_RULE_SERVICES} serviços por regra`,
  serviceRequired: 'Selecione o serviço',
  serviceRepeated: 'Este serviço já está na regra',
  serviceNotFound: 'Serviço não encontrado',
  rateRequired: 'O valor deve ser maior que zero',
  amountRequired: 'Informe um valor',
} as const;

/** A percentage as typed: 0 to 100 with at most 2 decimals (stored as hundredths of a percent). */
const percent = z
  .number({ error: payRuleMessages.percentInvalid })
  .min(0, payRuleMessages.percentInvalid)
  .max(100, payRuleMessages.percentInvalid)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, payRuleMessages.percentDecimals);
export const toBasisPoints = (percentValue: number) => Math.round(percentValue * 100);
export const fromBasisPoints = (basisPoints: number) => basisPoints / 100;

export const payRuleServiceInput = z.object({
  service: entityId(payRuleMessages.serviceRequired),
  rate: money({ min: 0.01, minMessage: payRuleMessages.rateRequired }),
});

/**
 * POST admin/organizations/{orgId}/users/{id}/pay-rules: a new version from `validFrom`. Only the kind's
 * own fields count (the others are stored as zero). A version on a day that already has one replaces it.
 */
export const createPayRuleBody = z
  .object({
    kind: z.enum(payRuleKinds, { error: payRuleMessages.kindRequired }),
    validFrom: calendarDate(payRuleMessages.validFromRequired),
    fixedAmount: money({ min: 0 }).optional(),
    servicesPercent: percent.default(0),
    productsPercent: percent.default(0),
    services: z.array(payRuleServiceInput).max(MAX_PAY_RULE_SERVICES, payRuleMessages.tooManyServices).default([]),
    /** Added to any kind: this much per km the worker drove to the order (their stamps' route distance). */
    kmRate: money({ min: 0 }).default(0),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'fixed' && v.fixedAmount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['fixedAmount'], message: payRuleMessages.amountRequired });
    }
    if (v.kind === 'percentage' && !(v.servicesPercent > 0) && !(v.productsPercent > 0)) {
      ctx.addIssue({ code: 'custom', path: ['servicesPercent'], message: payRuleMessages.percentRequired });
    }
    if (v.kind === 'per_service') {
      if (!v.services?.length) {
        ctx.addIssue({ code: 'custom', path: ['services'], message: payRuleMessages.servicesRequired });
      }
      const seen = new Set<number>();
      v.services?.forEach((s, index) => {
        if (seen.has(s.service)) {
          ctx.addIssue({
            code: 'custom',
            path: ['services', index, 'service'],
            message: payRuleMessages.serviceRepeated,
          });
        }
        seen.add(s.service);
      });
    }
  });
export type CreatePayRuleBody = z.input<typeof createPayRuleBody>;
export type CreatePayRule = z.output<typeof createPayRuleBody>;

/** A version as the collaborator's screen lists it. */
export const payRule = z.object({
  id: z.number().int(),
  kind: z.enum(payRuleKinds),
  validFrom: z.string(),
  fixedAmount: z.number(),
  servicesPercent: z.number(),
  productsPercent: z.number(),
  services: z.array(z.object({ service: z.number().int(), name: z.string(), rate: z.number() })),
  /** Per km driven to the order ('A caminho' to 'Cheguei'), on top of the kind's amount. */
  kmRate: z.number(),
  /** The version in force today (organization's calendar). */
  inForce: z.boolean(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type PayRule = z.infer<typeof payRule>;

/** GET .../pay-rules: versions, latest start first; `initial` is the rule before the first version. */
export const payRulesQuery = listQuery.omit({ q: true });
export const payRulesResponse = z.object({
  data: z.array(payRule),
  meta: listMeta,
  initial: z.object({ fixedAmount: z.number(), inForce: z.boolean() }),
  /** Today in the organization's time zone (the default start of a new version). */
  today: z.string(),
});
export type PayRulesResponse = z.infer<typeof payRulesResponse>;

/** Paths of one collaborator's versions: the user's id, and a version's. */
export const payRuleUserParams = orgParam.extend({ id: idParam.shape.id });
export const payRuleParams = payRuleUserParams.extend({ ruleId: idParam.shape.id });

// ---- how a payroll line was computed --------------------------------------------------------------

/**
 * Written on each payroll line at generation (all money in cents), so the line explains itself after
 * the rule changes. `ruleCents` is the rule's amount for this worker before the half pay.
 */
export interface PayBasis {
  rule: 'initial' | PayRuleKind;
  validFrom: string | null;
  workers: number;
  fixedCents?: number;
  parts?: Array<{
    of: 'services' | 'products';
    basisPoints: number;
    baseCents: number;
    shareCents: number;
    amountCents: number;
  }>;
  items?: Array<{ name: string; quantity: number; rateCents: number; amountCents: number }>;
  /** per_service: the sum of the items and this worker's share of it. */
  itemsCents?: number;
  ruleCents: number;
  half: boolean;
  halfCents?: number;
  bonusCents: number;
  bonusShareCents: number;
  /** The km part: metres driven to the order by this worker, the rate per km, and its amount (never halved). */
  kmMeters?: number;
  kmRateCents?: number;
  kmCents?: number;
}

const brl = (cents: number) => formatMoney(fromCents(cents));
const pct = (basisPoints: number) => `${String(fromBasisPoints(basisPoints)).replace('.', ',')}%`;
const qty = (q: number) => String(q).replace('.', ',');
const among = (workers: number) => `${workers} colaboradores`;

/** The pay slip's and the payroll screen's explanation of a line, one sentence a step (pt-BR). */
export function describePayBasis(b: PayBasis | null): string[] {
  if (!b) return [];
  const out: string[] = [];
  if (b.rule === 'initial' || b.rule === 'fixed') out.push(`Valor fixo por OS: ${brl(b.fixedCents ?? b.ruleCents)}`);
  for (const part of b.parts ?? []) {
    const what = part.of === 'services' ? 'em serviços' : 'em produtos';
    const shared = b.workers > 1 ? ` (${brl(part.baseCents)} ÷ ${among(b.workers)})` : '';
    out.push(`${pct(part.basisPoints)} de ${brl(part.shareCents)} ${what}${shared} = ${brl(part.amountCents)}`);
  }
  if (b.rule === 'per_service') {
    if (!b.items?.length) out.push('Nenhum serviço da regra nesta OS');
    for (const item of b.items ?? []) {
      out.push(`${item.name}: ${qty(item.quantity)} × ${brl(item.rateCents)} = ${brl(item.amountCents)}`);
    }
    if (b.workers > 1 && b.items?.length) {
      out.push(`${brl(b.itemsCents ?? 0)} ÷ ${among(b.workers)} = ${brl(b.ruleCents)}`);
    }
  }
  if (b.half) out.push(`OS paga pela metade: ${brl(b.ruleCents)} → ${brl(b.halfCents ?? 0)}`);
  if (b.bonusCents > 0) {
    const shared = b.workers > 1 ? ` (${brl(b.bonusCents)} ÷ ${among(b.workers)})` : '';
    out.push(`Bônus da OS: ${brl(b.bonusShareCents)}${shared}`);
  }
  if (b.kmCents !== undefined && b.kmRateCents) {
    const km = String(Math.round((b.kmMeters ?? 0) / 100) / 10).replace('.', ',');
    out.push(`${km} km × ${brl(b.kmRateCents)} = ${brl(b.kmCents)}`);
  }
  return out;
}

/** A version's terms in one line ('10% dos serviços e 5% dos produtos', 'R$ 60,00'), after its kind's name. */
export function describePayRule(
  rule: Pick<PayRule, 'kind' | 'fixedAmount' | 'servicesPercent' | 'productsPercent' | 'services'> & {
    kmRate?: number;
  },
) {
  const km = rule.kmRate ? ` + ${formatMoney(rule.kmRate)} por km` : '';
  return describeKind(rule) + km;
}

function describeKind(
  rule: Pick<PayRule, 'kind' | 'fixedAmount' | 'servicesPercent' | 'productsPercent' | 'services'>,
) {
  if (rule.kind === 'fixed') return formatMoney(rule.fixedAmount);
  if (rule.kind === 'percentage') {
    const parts = [
      rule.servicesPercent > 0 ? `${pct(toBasisPoints(rule.servicesPercent))} dos serviços` : null,
      rule.productsPercent > 0 ? `${pct(toBasisPoints(rule.productsPercent))} dos produtos` : null,
    ].filter(Boolean);
    return parts.join(' e ');
  }
  return rule.services.map((s) => `${s.name}: ${formatMoney(s.rate)}`).join('; ');
}
