// Automatic WhatsApp messages through Meta's Cloud API, without zod: the events that send them, the
// states of a message and of a template, how a customer's consent was given, and the words that stop
// the messages. The customer and order screens show these without loading the validation library.

/** The events that send a template, in the order the settings screen lists them. */
export const whatsappEvents = [
  'estimateSent',
  'visitScheduled',
  'visitReminder',
  'technicianOnTheWay',
  'orderCompleted',
  'ratingRequest',
  'paymentReceived',
  'instalmentDue',
  'instalmentOverdue',
  'serviceRequestUpdated',
] as const;
export type WhatsAppEvent = (typeof whatsappEvents)[number];

/** What the settings screen says of each event's switch. */
export const whatsappEventLabels: Record<WhatsAppEvent, { label: string; description: string }> = {
  estimateSent: {
    label: 'Orçamento enviado',
    description: 'Quando o link do orçamento é gerado: o link para o cliente ver e aprovar.',
  },
  visitScheduled: {
    label: 'Visita agendada',
    description: 'Quando uma visita é marcada ou remarcada: a data, a hora e o técnico.',
  },
  visitReminder: {
    label: 'Lembrete da visita',
    description: 'Na véspera da visita, com os botões Confirmar e Remarcar.',
  },
  technicianOnTheWay: {
    label: 'Técnico a caminho',
    description: 'Quando o técnico toca em "A caminho": a hora prevista de chegada.',
  },
  orderCompleted: {
    label: 'Ordem concluída',
    description: 'O link da ordem assinada, com o PDF e a NFS-e quando emitida, e o Pix do saldo.',
  },
  ratingRequest: {
    label: 'Avaliação do atendimento',
    description: 'Quando a ordem é concluída, uma vez: o link para o cliente dar uma nota de 0 a 10 e comentar.',
  },
  paymentReceived: { label: 'Pagamento recebido', description: 'O valor recebido e a ordem a que se refere.' },
  instalmentDue: { label: 'Parcela a vencer', description: 'Três dias antes do vencimento de uma parcela em aberto.' },
  instalmentOverdue: {
    label: 'Parcela vencida',
    description: 'No dia seguinte ao vencimento de uma parcela não paga.',
  },
  serviceRequestUpdated: {
    label: 'Pedido de atendimento atualizado',
    description: 'Quando o pedido vira ordem de serviço ou orçamento, ou é encerrado: a nova situação.',
  },
};

/** Every event on, as a new connection starts. */
export const allWhatsAppEventsOn = Object.fromEntries(whatsappEvents.map((e) => [e, true])) as Record<
  WhatsAppEvent,
  boolean
>;

/** A message in the log: the outbox's states, then Meta's, and 'received' for what the customer wrote. */
export const messageStatuses = [
  'queued',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
  'canceled',
  'received',
] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const messageStatusLabels: Record<MessageStatus, string> = {
  queued: 'Na fila',
  accepted: 'Enviada ao WhatsApp',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Não entregue',
  canceled: 'Não enviada',
  received: 'Recebida',
};

/** The approval states Meta gives a template, and ours before it is submitted. */
export const templateStatusLabels: Record<string, string> = {
  NOT_SUBMITTED: 'Não enviado',
  PENDING: 'Em análise',
  APPROVED: 'Aprovado',
  REJECTED: 'Recusado',
  PAUSED: 'Pausado',
  DISABLED: 'Desativado',
  IN_APPEAL: 'Em recurso',
  PENDING_DELETION: 'Sendo removido',
  DELETED: 'Removido',
  LIMIT_EXCEEDED: 'Limite de modelos atingido',
};

/** How the customer's consent (or refusal) came. */
export const consentSources = ['form', 'reply', 'import'] as const;
export type ConsentSource = (typeof consentSources)[number];
export const consentSourceLabels: Record<ConsentSource, string> = {
  form: 'No cadastro ou em formulário',
  reply: 'Por mensagem do cliente',
  import: 'Importado de planilha',
};

/** The customer may be written to freely this long after their last message; after it, only templates. */
export const REPLY_WINDOW_HOURS = 24;
/** A free-text answer's longest length (Meta's limit for a text message is 4,096 characters). */
export const WHATSAPP_TEXT_MAX = 4096;

export const whatsappCloudMessages = {
  saved: 'Configuração do WhatsApp salva',
  tested: 'Conexão com o WhatsApp verificada',
  submitted: 'Modelos enviados para aprovação da Meta',
  synced: 'Situação dos modelos atualizada',
  consentSaved: 'Consentimento do WhatsApp registrado',
  replied: 'Mensagem enviada para a fila',
  phoneNumberIdInvalid: 'Informe o identificador numérico do número de telefone (Phone number ID)',
  businessAccountIdInvalid: 'Informe o identificador numérico da conta do WhatsApp Business (WABA ID)',
  verifyTokenInvalid: 'O token de verificação deve ter de 8 a 100 letras, números, pontos, hífens ou sublinhados',
  secretMissing: 'Informe para ativar o envio',
  secretsKeyMissing:
    'O servidor não tem uma chave para guardar segredos (NFSE_CERT_KEY ou SECRETS_KEY_FILE): peça ao administrador do servidor.',
  phoneNumberTaken: 'Este número de telefone já está conectado a outra organização',
  verifyTokenTaken: 'Escolha outro token de verificação',
  notConfigured: 'Configure e salve a conexão com o WhatsApp primeiro',
  notEnabled: 'O envio pelo WhatsApp está desligado nesta organização',
  noWindow: `O cliente não escreveu nas últimas ${REPLY_WINDOW_HOURS} horas: fora desse prazo, o WhatsApp só permite modelos aprovados.`,
  noConsent: 'O cliente não autorizou mensagens pelo WhatsApp',
  noMobile: 'O cliente não tem celular cadastrado',
  textRequired: 'Escreva a mensagem',
  textTooLong: `A mensagem deve ter no máximo ${WHATSAPP_TEXT_MAX} caracteres`,
  invoiceNotOfCustomer: 'Esta ordem de serviço não é deste cliente',
  apiUnreachable: 'Não foi possível falar com a API do WhatsApp. Tente novamente em alguns minutos.',
  optedOutReply: 'Pronto: você não receberá mais mensagens automáticas por aqui. Se mudar de ideia, é só nos avisar.',
} as const;

/** The replies that stop automatic messages at once, compared without case, accents or punctuation. */
export const OPT_OUT_WORDS = ['SAIR', 'PARAR'] as const;

/** Whether a customer's message asks to stop the messages: 'SAIR', 'sair!', ' Parar. ', 'PÁRAR'. */
export function isOptOutReply(text: string | null | undefined): boolean {
  if (!text) return false;
  const word = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toUpperCase();
  return (OPT_OUT_WORDS as readonly string[]).includes(word);
}
