import { z } from 'zod';

/**
 * Pix Automático on a maintenance contract (API Pix 2.9.0: /rec, /solicrec, /cobr). pt-BR texts of the
 * contract's 'Pix Automático' card; fixed wording, change only with the screens and tests.
 */
export const pixAutomaticoMessages = {
  requested: 'Autorização pedida: o cliente recebe o pedido no aplicativo do banco dele',
  ispbFormat: 'Informe o ISPB do banco do cliente (8 dígitos)',
  branchFormat: 'Informe a agência com até 4 dígitos',
  accountFormat: 'Informe a conta com até 20 dígitos',
  accountTypeRequired: 'Selecione o tipo da conta',
  noPsp: 'A empresa do contrato não tem um PSP conectado (Empresa → Pix (PSP))',
  noDocument: 'O cliente precisa de CPF ou CNPJ para o Pix Automático',
  bimonthly: 'O Pix Automático não tem periodicidade bimestral: use mensal, trimestral, semestral ou anual',
  notActive: 'Só um contrato ativo pode pedir o Pix Automático',
  nothingLeft: 'O contrato não tem mais períodos a cobrar',
  alreadyOpen: 'O contrato já tem um Pix Automático aguardando ou aprovado',
  cancelAsked: 'Cancelamento pedido: o PSP avisa o banco do cliente',
  nothingToCancel: 'O contrato não tem Pix Automático aguardando ou aprovado',
  simulateUnavailable:
    'Só é possível simular a resposta do cliente a uma autorização aguardando, de uma empresa ligada ao PSP de demonstração',
  simulatedApproved: 'Resposta simulada: o cliente aprovou no banco e o PSP de demonstração avisou o webhook',
  simulatedRejected: 'Resposta simulada: o cliente recusou no banco e o PSP de demonstração avisou o webhook',
} as const;

/** How the card names the recurrence's state. */
export const recurrenceStates = ['aguardando', 'aprovada', 'rejeitada', 'cancelada', 'recusada'] as const;
export type RecurrenceState = (typeof recurrenceStates)[number];
export const recurrenceStateLabels: Record<RecurrenceState, string> = {
  aguardando: 'Aguardando o cliente',
  aprovada: 'Aprovada',
  rejeitada: 'Rejeitada',
  cancelada: 'Cancelada',
  recusada: 'Recusada pelo PSP',
};

/** The PSP's status of a recurrence (and ours before it answers) as the card names it. */
export function recurrenceState(status: string): RecurrenceState {
  if (status === 'APROVADA') return 'aprovada';
  if (status === 'REJEITADA' || status === 'EXPIRADA') return 'rejeitada';
  if (status === 'CANCELADA') return 'cancelada';
  if (status === 'failed') return 'recusada';
  return 'aguardando';
}

export const retryPolicies = ['PERMITE_3R_7D', 'NAO_PERMITE'] as const;
export const retryPolicyLabels: Record<(typeof retryPolicies)[number], string> = {
  PERMITE_3R_7D: 'Até 3 novas tentativas em 7 dias',
  NAO_PERMITE: 'Sem novas tentativas',
};
export const receiverAccountTypes = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] as const;
export const receiverAccountTypeLabels: Record<(typeof receiverAccountTypes)[number], string> = {
  CORRENTE: 'Conta corrente',
  POUPANCA: 'Poupança',
  PAGAMENTO: 'Conta de pagamento',
};

const digits = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^\\d{1,${max}}$`), message);
const optionalBranch = z
  .string()
  .trim()
  .regex(/^\d{0,4}$/, pixAutomaticoMessages.branchFormat)
  .optional()
  .transform((v) => (v ? v : null));

/**
 * POST contracts/{id}/pix-automatico: the customer's bank account the request goes to (the payer's PSP by
 * its ISPB, branch and account: solicrec's destinatario), the company's account that receives the debits
 * (each cobr's recebedor), and whether failed debits are tried again (politicaRetentativa).
 */
export const pixAutomaticoBody = z.object({
  payerIspb: z
    .string({ error: pixAutomaticoMessages.ispbFormat })
    .trim()
    .regex(/^[0-9A-Z]{8}$/, pixAutomaticoMessages.ispbFormat),
  payerBranch: optionalBranch,
  payerAccount: digits(20, pixAutomaticoMessages.accountFormat),
  receiverBranch: optionalBranch,
  receiverAccount: digits(20, pixAutomaticoMessages.accountFormat),
  receiverAccountType: z.enum(receiverAccountTypes, { error: pixAutomaticoMessages.accountTypeRequired }),
  retryPolicy: z.enum(retryPolicies).default('PERMITE_3R_7D'),
});
export type PixAutomaticoBody = z.input<typeof pixAutomaticoBody>;
export type PixAutomaticoValues = z.output<typeof pixAutomaticoBody>;

export const recurringChargeView = z.object({
  txid: z.string(),
  periodDate: z.string(),
  amount: z.number(),
  /** The PSP's status of the cobr (creating: not answered yet). */
  status: z.string(),
  /** The last attempt's status (AGENDADA, PAGA, REJEITADA…) and its date. */
  attemptStatus: z.string().nullable(),
  attemptDate: z.string().nullable(),
  retries: z.number().int(),
  /** Gave way to a normal Pix charge with due date. */
  fallback: z.boolean(),
  paid: z.boolean(),
  lastError: z.string().nullable(),
});

/** GET contracts/{id}/pix-automatico: whether it can be asked, the current recurrence and its charges. */
export const pixAutomaticoResponse = z.object({
  /** The company has a PSP connected. */
  available: z.boolean(),
  recurrence: z
    .object({
      id: z.number().int(),
      state: z.enum(recurrenceStates),
      pspStatus: z.string(),
      idRec: z.string().nullable(),
      firstDate: z.string(),
      retryPolicy: z.enum(retryPolicies),
      lastError: z.string().nullable(),
      requestedAt: z.string(),
      /** 'Cancelar autorização' asked and not yet carried out at the PSP. */
      cancelRequested: z.boolean(),
    })
    .nullable(),
  charges: z.array(recurringChargeView),
  /**
   * The recurrence waits for the payer at the demo's stand-in PSP and the user may play the payer's answer
   * ('Simular aprovação' / 'Simular recusa'; never in production).
   */
  canSimulate: z.boolean(),
});
export type PixAutomatico = z.infer<typeof pixAutomaticoResponse>;

/** POST contracts/{id}/pix-automatico/simulate (the demo's PSP only): the payer approves, or refuses. */
export const pixAutomaticoSimulateBody = z.object({ approve: z.boolean() });
export type PixAutomaticoSimulateBody = z.infer<typeof pixAutomaticoSimulateBody>;

/** The PSP's webhooks of Pix Automático: POST …/{token}/rec {recs: [...]} and …/{token}/cobr {cobsr: [...]}. */
export const recWebhookBody = z.object({
  recs: z.array(z.looseObject({ idRec: z.string().max(40) })).max(1000),
});
export const cobrWebhookBody = z.object({
  cobsr: z.array(z.looseObject({ txid: z.string().max(40) })).max(1000),
});
