import { formatMoney } from './format.ts';

// The Pix charge's statuses as the order screen names them: plain values, no zod (the order screen
// paints without it).

export const pixChargeStatuses = [
  'creating',
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
  'EXPIRADA',
] as const;
export type PixChargeStatus = (typeof pixChargeStatuses)[number];
export const pixChargeStatusLabels: Record<PixChargeStatus, string> = {
  creating: 'Criando no PSP…',
  ATIVA: 'Aguardando pagamento',
  CONCLUIDA: 'Pago',
  REMOVIDA_PELO_USUARIO_RECEBEDOR: 'Removida',
  REMOVIDA_PELO_PSP: 'Recusada ou removida pelo PSP',
  EXPIRADA: 'Expirada',
};

/** 'Simular pagamento' (the demo's stand-in PSP only). */
export const pixSimulateMessages = {
  unavailable: 'Só é possível simular um pagamento na cobrança ativa de uma empresa ligada ao PSP de demonstração',
  done: 'Pagamento simulado: o PSP de demonstração pagou a cobrança e avisou o webhook',
} as const;

/** A Pix refund's statuses at the PSP ('creating': ours, before the PSP answered). */
export const pixRefundStatuses = ['creating', 'EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] as const;
export type PixRefundStatus = (typeof pixRefundStatuses)[number];
export const pixRefundStatusLabels: Record<PixRefundStatus, string> = {
  creating: 'Pedida ao PSP…',
  EM_PROCESSAMENTO: 'Em processamento no PSP',
  DEVOLVIDO: 'Devolvida',
  NAO_REALIZADO: 'Não realizada',
};

/** 'Devolver' on a payment that came by Pix. */
export const pixRefundMessages = {
  amountRequired: 'Informe o valor a devolver',
  amountPositive: 'O valor a devolver deve ser maior que zero',
  amountOver: (max: number) =>
    max > 0
      ? `A devolução pode ser de no máximo ${formatMoney(max)}: o que este Pix pagou e ainda não foi devolvido`
      : 'Este Pix já foi devolvido por inteiro',
  notPix: 'Este pagamento não veio de um Pix recebido pelo PSP: não há o que devolver por Pix',
  noPsp: 'A empresa não está mais conectada a um PSP: conecte-a para devolver o Pix',
  pspDown: 'O PSP não respondeu: a devolução será pedida de novo em alguns minutos',
  requested: 'Devolução pedida ao PSP: o pagamento é estornado quando o PSP confirmar',
  settled: 'Devolução confirmada pelo PSP: o pagamento foi estornado',
} as const;
