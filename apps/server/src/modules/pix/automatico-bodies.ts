import { addDays } from '@ordem-certa/contracts';
import type { schema } from '@ordem-certa/db';

type RetryPolicy = schema.RetryPolicy;
import { pixAmount, type Debtor } from './charge-bodies.ts';
import type { PspClient } from './psp-client.ts';

// Pix Automático in the API Pix 2.9.0: the bodies of POST /rec (the recurrence: vinculo with the
// contract and its payer, calendario with the periodicity and the first payment, valor, the retry policy),
// POST /solicrec (the request to the payer's bank account) and PUT /cobr/{txid} (a period's recurring
// charge), and the client's calls on their paths. Values are the specification's strings ('750.00').

/**
 * When a period's recurring charge may be sent: from 10 to 2 calendar days before its due date (the
 * Banco Central's rule for Pix Automático, Regulamento do Pix; API Pix 2.9.0 does not state it).
 */
export const COBR_WINDOW = { earliestDaysBefore: 10, latestDaysBefore: 2 } as const;
/** PERMITE_3R_7D: up to three new attempts after a failed one, within seven days after the due date. */
export const RETRY_RULE = { max: 3, withinDays: 7 } as const;

export const PERIODICIDADE = {
  monthly: 'MENSAL',
  quarterly: 'TRIMESTRAL',
  semiannual: 'SEMESTRAL',
  annual: 'ANUAL',
} as const;

const clip = (text: string, max: number) => text.trim().slice(0, max);
const person = (d: Debtor) => {
  const nome = clip(d.name, 140) || 'Cliente';
  return d.document.length === 14 ? { cnpj: d.document, nome } : { cpf: d.document, nome };
};
const doc = (d: Debtor) => (d.document.length === 14 ? { cnpj: d.document } : { cpf: d.document });

/**
 * POST /rec. A contract with a yearly readjustment has no fixed amount: its amount is the receiver's floor
 * (`valorMinimoRecebedor`, which the payer's own limit may not go below); without one it is fixed (`valorRec`).
 */
export function recBody(p: {
  contractId: number;
  companyName: string;
  debtor: Debtor;
  firstDate: string;
  endDate: string | null;
  periodicity: keyof typeof PERIODICIDADE;
  amountCents: number;
  readjusted: boolean;
  retryPolicy: RetryPolicy;
}) {
  return {
    vinculo: {
      objeto: clip(`Contrato de manutenção nº ${p.contractId}`, 35),
      contrato: String(p.contractId),
      devedor: person(p.debtor),
    },
    calendario: {
      dataInicial: p.firstDate,
      ...(p.endDate && p.endDate >= p.firstDate ? { dataFinal: p.endDate } : {}),
      periodicidade: PERIODICIDADE[p.periodicity],
    },
    valor: p.readjusted ? { valorMinimoRecebedor: pixAmount(p.amountCents) } : { valorRec: pixAmount(p.amountCents) },
    politicaRetentativa: p.retryPolicy,
  };
}

/** POST /solicrec: the request the payer's bank shows, valid for `days` days. */
export function solicRecBody(p: {
  idRec: string;
  debtor: Debtor;
  ispb: string;
  branch: string | null;
  account: string;
  now: Date;
  days?: number;
}) {
  return {
    idRec: p.idRec,
    calendario: { dataExpiracaoSolicitacao: new Date(p.now.getTime() + (p.days ?? 7) * 86_400_000).toISOString() },
    destinatario: {
      conta: p.account,
      ispbParticipante: p.ispb,
      ...(p.branch ? { agencia: p.branch } : {}),
      ...doc(p.debtor),
    },
  };
}

/** PUT /cobr/{txid}: the period's charge under the recurrence, settled on its due date (next working day). */
export function cobrBody(p: {
  idRec: string;
  dueDate: string;
  amountCents: number;
  info: string;
  receiver: { branch: string | null; account: string; type: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO' };
}) {
  return {
    idRec: p.idRec,
    infoAdicional: clip(p.info, 140),
    calendario: { dataDeVencimento: p.dueDate },
    valor: { original: pixAmount(p.amountCents) },
    ajusteDiaUtil: true,
    recebedor: {
      conta: p.receiver.account,
      tipoConta: p.receiver.type,
      ...(p.receiver.branch ? { agencia: p.receiver.branch } : {}),
    },
  };
}

/** The days a cobr due on `dueDate` may be sent: [earliest, latest]. */
export const cobrWindow = (dueDate: string) => ({
  from: addDays(dueDate, -COBR_WINDOW.earliestDaysBefore),
  until: addDays(dueDate, -COBR_WINDOW.latestDaysBefore),
});

// ── What the client reads of the answers (the specification's names) ─────────────────────────────
export type RecStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export interface Rec {
  idRec: string;
  status: RecStatus;
  vinculo?: { contrato?: string };
}
export interface SolicRec {
  idSolicRec: string;
  status: string;
}
export type CobRStatus = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
export interface CobRTentativa {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  status: 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';
  endToEndId: string;
}
export interface CobR {
  idRec: string;
  txid: string;
  status: CobRStatus;
  calendario: { dataDeVencimento: string };
  tentativas?: CobRTentativa[];
  pix?: Array<{ endToEndId: string; txid?: string; valor: string; horario: string }>;
}

const enc = encodeURIComponent;
/** Pix Automático's operations on a company's API Pix client. */
export const automaticoCalls = (client: PspClient) => ({
  postRec: (body: unknown) => client.call<Rec>('POST', '/rec', { body }),
  getRec: (idRec: string) => client.call<Rec>('GET', `/rec/${enc(idRec)}`),
  cancelRec: (idRec: string) => client.call<Rec>('PATCH', `/rec/${enc(idRec)}`, { body: { status: 'CANCELADA' } }),
  cancelCobr: (txid: string) => client.call<CobR>('PATCH', `/cobr/${enc(txid)}`, { body: { status: 'CANCELADA' } }),
  /** GET /rec: the recurrences made between two instants for one payer (first page, up to 100). */
  listRecs: (inicio: Date, fim: Date, document: string) =>
    client.call<{ recs?: Rec[] }>('GET', '/rec', {
      query: {
        inicio: inicio.toISOString(),
        fim: fim.toISOString(),
        [document.length === 14 ? 'cnpj' : 'cpf']: document,
        'paginacao.itensPorPagina': 100,
      },
    }),
  postSolicRec: (body: unknown) => client.call<SolicRec>('POST', '/solicrec', { body }),
  putCobr: (txid: string, body: unknown) => client.call<CobR>('PUT', `/cobr/${enc(txid)}`, { body }),
  getCobr: (txid: string) => client.call<CobR>('GET', `/cobr/${enc(txid)}`),
  retryCobr: (txid: string, day: string) => client.call<CobR>('POST', `/cobr/${enc(txid)}/retentativa/${day}`),
  putWebhookRec: (webhookUrl: string) => client.call<unknown>('PUT', '/webhookrec', { body: { webhookUrl } }),
  putWebhookCobr: (webhookUrl: string) => client.call<unknown>('PUT', '/webhookcobr', { body: { webhookUrl } }),
});
