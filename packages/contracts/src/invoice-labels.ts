import { InvoiceState } from './invoice-states.ts';

// The zod-free half of the service orders' contract: texts, labels, limits and the small rules the
// order screen shows. Kept apart from the schemas (invoices.ts) so a screen that only shows an order
// loads no validation library; the forms load the schemas when they first check a field.

/** pt-BR texts for service orders: fixed wording; change only with the screens and tests. */
export const invoiceMessages = {
  created: 'Ordem de serviço criada com sucesso',
  companyRequired: 'Selecione a empresa',
  customerRequired: 'Selecione o cliente',
  natureRequired: 'Selecione a natureza da operação',
  serviceRequired: 'Selecione o serviço',
  productRequired: 'Selecione o produto',
  equipmentRequired: 'Selecione o equipamento',
  workerRequired: 'Selecione o colaborador',
  commentRequired: 'Informe o comentário',
  dateRequired: 'Informe a data de pagamento',
  // Start, back to Não Iniciado, block and complete can be undone by the shop (a completed order is
  // reopened while unpaid), so their confirmation does not say otherwise; cancelling cannot.
  confirmStatus: 'Você deseja alterar o status da Ordem de Serviço?',
  confirmCancel: 'Você deseja cancelar a Ordem de Serviço? Essa ação não poderá ser desfeita',
  confirmUndoPayment: 'O pagamento será desfeito e a Ordem de Serviço voltará a aguardar pagamento.',
  notSigned: 'A Ordem de Serviço ainda não foi assinada pelo cliente.',
  signatureOutdated: 'A assinatura do cliente está desatualizada: a Ordem de Serviço mudou depois de assinada.',
  notAllowed: 'Não é possível atualizar esta Ordem de Serviço',
  stateChangeFailed: 'Houve um problema ao processar a sua solicitação',
  infoSaved: 'Informações registradas com sucesso',
  discountSaved: 'Desconto registrado com sucesso',
  paid: 'A ordem de serviço foi paga',
  payConfirm: 'Deseja continuar?',
  payModalTitle: 'Informe a data de pagamento',
  undoPaymentFailed: 'Houve um problema ao tentar desfazer o pagamento da Ordem de Serviço. Tente novamente.',
  removeFailed: (item: 'produto' | 'serviço' | 'equipamento' | 'colaborador' | 'etiqueta' | 'comentário') =>
    `Houve um problema ao tentar remover ${item === 'etiqueta' ? 'a' : 'o'} ${item} da Ordem de Serviço. Tente novamente.`,
  serviceRemoveFailed: 'Houve um problema ao tentar remover o serviço. Tente novamente.',
  closed: 'Ordens de serviço canceladas ou concluídas não podem ser alteradas',
  alreadyPaid: 'Esta ordem de serviço já está paga',
  notPaid: 'Esta ordem de serviço não está paga',
  cannotPay: 'Ordens de serviço em rascunho ou canceladas não podem ser pagas',
  discountTooHigh: 'O desconto não pode ser maior que o subtotal',
  duplicateEquipment: 'Este equipamento já está na ordem de serviço',
  duplicateWorker: 'Este colaborador já está na ordem de serviço',
  equipmentNotOfCustomer: 'O equipamento não pertence ao cliente da ordem de serviço',
  wrongStatusState: 'Selecione uma situação do tipo correspondente',
  // Server rules added with the API (issue 5):
  companyNotFound: 'Empresa não encontrada',
  customerNotFound: 'Cliente não encontrado',
  natureNotFound: 'Natureza da operação não encontrada',
  serviceNotAvailable: 'Serviço não encontrado ou excluído',
  productNotFound: 'Produto não encontrado',
  workerNotAvailable: 'Colaborador não encontrado ou inativo',
  workerAlreadyPaid: 'Este colaborador já foi pago por esta ordem de serviço e não pode ser removido',
  payrollFieldsLocked:
    'O pagamento de 50% e o bônus não podem ser alterados em ordens de serviço em rascunho, canceladas ou concluídas',
  discountLocked: 'O desconto não pode ser alterado em ordens de serviço canceladas ou pagas',
  totalTooHigh: 'O valor total da ordem de serviço ficaria acima do permitido',
  systemCommentLocked: 'Comentários do sistema não podem ser removidos',
  commentNotYours: 'Você só pode remover os seus próprios comentários',
  // Limits on writing comments (issue 23):
  tooManyComments:
    'Esta ordem de serviço já tem 1.000 comentários, o máximo permitido. Remova algum antes de adicionar outro.',
  commentsTooFast: 'Muitos comentários em pouco tempo. Aguarde um minuto e tente novamente.',
  workerFilterAdminOnly: 'Somente administradores podem filtrar por colaborador',
  // The visit (issue 9):
  visitSaved: 'Atendimento registrado com sucesso',
  addressNotOfCustomer: 'O endereço não pertence ao cliente da ordem de serviço',
  scheduledAtInvalid: 'Informe uma data e hora válidas',
} as const;

/** Comments one order holds at most (System comments, the order's own history, are not counted). */
export const MAX_COMMENTS_PER_INVOICE = 1000;
/** Comments one user writes a minute at most, over all orders. */
export const COMMENTS_PER_MINUTE = 120;

/** The warning 'Concluir' and 'Pagar' give first when the customer's signature is missing or outdated. */
export function signatureWarning(invoice: { signature: { isOutdated: boolean } | null }): string | null {
  if (!invoice.signature) return invoiceMessages.notSigned;
  return invoice.signature.isOutdated ? invoiceMessages.signatureOutdated : null;
}

/** Comment types on orders. System comments are written by the server only. */
export const CommentType = { General: 1, Technical: 2, Internal: 3, System: 4 } as const;
export type CommentTypeValue = (typeof CommentType)[keyof typeof CommentType];
export const commentTypeLabels: Record<CommentTypeValue, string> = {
  1: 'Geral',
  2: 'Técnico',
  3: 'Interno',
  4: 'Sistema',
};

/** The order list filtered as each card is: what its 'Ver todas' opens. */
export const homeCardFilters = {
  wip: { state: [InvoiceState.Todo, InvoiceState.Wip] },
  completed: { state: [InvoiceState.Completed], isNotPaid: true },
  blocked: { state: [InvoiceState.Blocked] },
} as const;

/**
 * States whose order has no PDF (Draft and Canceled). A not-started order's PDF is the job sheet the
 * technician takes along, marked as not started.
 */
export const pdfHiddenStates: number[] = [InvoiceState.Draft, InvoiceState.Canceled];

/** How the order list is sorted: newest first (number), or by the scheduled visit, soonest first. */
export const invoiceListSorts = ['number', 'scheduled'] as const;
export type InvoiceListSort = (typeof invoiceListSorts)[number];
