import type { PixChargeRules } from '@ordem-certa/contracts';

// The bodies of the API Pix's charge operations, built from what the product knows: the company's key,
// the amount, the customer and the company's rules. Values are the specification's strings of two
// decimals ('1850.50'); texts are cut to its lengths.

/** The payer the charge is addressed to: CPF (11 digits) or CNPJ (14) and the name. */
export interface Debtor {
  document: string;
  name: string;
}

export const pixAmount = (cents: number) => {
  if (!Number.isInteger(cents) || cents <= 0)
    throw new RangeError(`A charge is of a positive whole number of cents: ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};
/** '1850.50' → 185050. */
export const pixCents = (valor: string) => Math.round(Number(valor) * 100);

const percentText = (value: number) => value.toFixed(2);
const clip = (text: string, max: number) => text.trim().slice(0, max);

function devedor(d: Debtor) {
  const nome = clip(d.name, 200) || 'Cliente';
  return d.document.length === 14 ? { cnpj: d.document, nome } : { cpf: d.document, nome };
}

export interface ChargeText {
  /** solicitacaoPagador: what the payer's bank shows (≤ 140), e.g. 'OS nº 123 — Refrigeração Boa Vista'. */
  request: string;
  /** infoAdicionais shown beside it: [['Ordem de serviço', '123']]. */
  info?: Array<[name: string, value: string]>;
}

const texts = (t: ChargeText) => ({
  solicitacaoPagador: clip(t.request, 140),
  ...(t.info?.length
    ? {
        infoAdicionais: t.info.slice(0, 50).map(([nome, valor]) => ({ nome: clip(nome, 50), valor: clip(valor, 200) })),
      }
    : {}),
});

/** PUT /cob/{txid}: an immediate charge of the amount, expiring `expiryDays` after it is made. */
export function cobBody(p: ChargeText & { chave: string; cents: number; expiryDays: number; debtor: Debtor | null }) {
  return {
    calendario: { expiracao: p.expiryDays * 86_400 },
    ...(p.debtor ? { devedor: devedor(p.debtor) } : {}),
    valor: { original: pixAmount(p.cents) },
    chave: p.chave,
    ...texts(p),
  };
}

/**
 * PUT /cobv/{txid}: a charge due on `dueDate` (payable up to `validityDays`, by default the company's
 * `validityAfterDueDays`, after it), with the
 * company's fine (percent, modality 2), interest (percent a month, calendar days: modality 3) and a
 * discount (percent until a date, modality 2) when it is still to come. The payer is required here.
 */
export function cobvBody(
  p: ChargeText & {
    chave: string;
    cents: number;
    dueDate: string;
    validityDays?: number;
    debtor: Debtor;
    rules: PixChargeRules;
    /** The organization's today (yyyy-mm-dd): a discount date already past is left out. */
    today: string;
  },
) {
  const discountDate = addDays(p.dueDate, -p.rules.discountDaysBefore);
  return {
    calendario: { dataDeVencimento: p.dueDate, validadeAposVencimento: p.validityDays ?? p.rules.validityAfterDueDays },
    devedor: devedor(p.debtor),
    valor: {
      original: pixAmount(p.cents),
      ...(p.rules.finePercent > 0 ? { multa: { modalidade: 2, valorPerc: percentText(p.rules.finePercent) } } : {}),
      ...(p.rules.interestPercentPerMonth > 0
        ? { juros: { modalidade: 3, valorPerc: percentText(p.rules.interestPercentPerMonth) } }
        : {}),
      ...(p.rules.discountPercent > 0 && discountDate >= p.today
        ? {
            desconto: {
              modalidade: 2,
              descontoDataFixa: [{ data: discountDate, valorPerc: percentText(p.rules.discountPercent) }],
            },
          }
        : {}),
    },
    chave: p.chave,
    ...texts(p),
  };
}

/**
 * PATCH /cobv/{txid} of a new due date: the calendar and the whole value again (fine, interest and the
 * discount, whose date follows the due date).
 */
export const revisedDueDateBody = (cobv: ReturnType<typeof cobvBody>) => ({
  calendario: cobv.calendario,
  valor: cobv.valor,
});

/** PATCH /cob/{txid} or /cobv/{txid}: the new amount. */
export const revisedAmountBody = (cents: number) => ({ valor: { original: pixAmount(cents) } });

/** PATCH: the charge withdrawn by the receiver (the order was canceled or paid another way). */
export const removalBody = () => ({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' as const });

/** PUT /pix/{e2eid}/devolucao/{id}. */
export const refundBody = (cents: number, description?: string) => ({
  valor: pixAmount(cents),
  ...(description ? { descricao: clip(description, 140) } : {}),
});

function addDays(isoDate: string, days: number) {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
