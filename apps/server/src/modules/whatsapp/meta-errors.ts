// What a Cloud API error code means for a message: try again later (and slow the whole organization
// down), send the same thing by e-mail, or give up — and why, in words the office understands. The
// codes are Meta's (WhatsApp Business Platform error codes), answered by a send or by a 'failed' status.

export type ErrorOutcome =
  /** Meta is busy or asks us to slow down: the message waits and is sent again. */
  | 'retry'
  /** This customer cannot get this WhatsApp message: an e-mail goes instead when they have one. */
  | 'fallback'
  /** A problem of the connection (token, account, payment): the office must act; nothing is retried. */
  | 'fail';

interface Known {
  outcome: ErrorOutcome;
  reason: string;
  /** The organization's whole sending waits, not only this message. */
  pace?: boolean;
}

const known: Record<number, Known> = {
  // Rate limits.
  4: { outcome: 'retry', pace: true, reason: 'Limite de chamadas do aplicativo atingido; nova tentativa em breve.' },
  80007: { outcome: 'retry', pace: true, reason: 'Limite de envios da conta atingido; nova tentativa em breve.' },
  130429: { outcome: 'retry', pace: true, reason: 'Limite de envios por segundo atingido; nova tentativa em breve.' },
  131056: {
    outcome: 'retry',
    reason: 'Muitas mensagens seguidas para o mesmo cliente; nova tentativa em alguns segundos.',
  },
  // Meta's own trouble.
  1: { outcome: 'retry', reason: 'A API do WhatsApp falhou; nova tentativa em breve.' },
  2: { outcome: 'retry', reason: 'A API do WhatsApp está indisponível no momento; nova tentativa em breve.' },
  131000: { outcome: 'retry', reason: 'O WhatsApp teve um erro desconhecido; nova tentativa em breve.' },
  131016: { outcome: 'retry', reason: 'O serviço do WhatsApp está sobrecarregado; nova tentativa em breve.' },
  131057: { outcome: 'retry', reason: 'A conta do WhatsApp Business está em manutenção; nova tentativa em breve.' },
  133004: { outcome: 'retry', reason: 'O servidor do WhatsApp está indisponível; nova tentativa em breve.' },
  // The customer cannot be reached on WhatsApp with this message.
  100: { outcome: 'fallback', reason: 'O WhatsApp recusou os dados da mensagem (número ou parâmetro inválido).' },
  131026: {
    outcome: 'fallback',
    reason:
      'Mensagem não entregue: o número não usa WhatsApp, não aceitou os termos mais recentes ou usa uma versão antiga.',
  },
  131030: { outcome: 'fallback', reason: 'O número não está na lista de destinatários permitidos da conta de teste.' },
  131047: { outcome: 'fallback', reason: 'Passaram mais de 24 horas desde a última mensagem do cliente.' },
  131049: {
    outcome: 'fallback',
    reason: 'O WhatsApp decidiu não entregar esta mensagem para preservar a experiência do cliente.',
  },
  131050: { outcome: 'fallback', reason: 'O cliente bloqueou as mensagens desta empresa no WhatsApp.' },
  131051: { outcome: 'fallback', reason: 'Tipo de mensagem não suportado.' },
  132000: { outcome: 'fallback', reason: 'O número de parâmetros não corresponde ao modelo aprovado.' },
  132001: { outcome: 'fallback', reason: 'O modelo de mensagem não existe ou ainda não foi aprovado neste idioma.' },
  132005: { outcome: 'fallback', reason: 'O texto da mensagem ficou longo demais para o modelo.' },
  132007: { outcome: 'fallback', reason: 'O conteúdo da mensagem viola a política de formatação do WhatsApp.' },
  132012: { outcome: 'fallback', reason: 'Os parâmetros não têm o formato esperado pelo modelo.' },
  132015: { outcome: 'fallback', reason: 'O modelo está pausado pela Meta por baixa qualidade.' },
  132016: { outcome: 'fallback', reason: 'O modelo foi desativado pela Meta.' },
  132018: { outcome: 'fallback', reason: 'Um parâmetro tem quebras de linha ou espaços demais.' },
  // The connection itself: the office has to fix it.
  0: { outcome: 'fail', reason: 'A Meta recusou a autenticação: confira o token de acesso.' },
  3: { outcome: 'fail', reason: 'O aplicativo da Meta não tem permissão para esta operação.' },
  10: { outcome: 'fail', reason: 'O token não tem a permissão whatsapp_business_messaging.' },
  190: { outcome: 'fail', reason: 'O token de acesso expirou ou foi revogado: gere um token permanente na Meta.' },
  200: { outcome: 'fail', reason: 'O token não tem permissão para este número de telefone.' },
  368: { outcome: 'fail', reason: 'A conta foi bloqueada temporariamente pela Meta por violação de política.' },
  131031: { outcome: 'fail', reason: 'A conta do WhatsApp Business está bloqueada.' },
  131042: { outcome: 'fail', reason: 'Há um problema de pagamento na conta do WhatsApp Business.' },
  131045: { outcome: 'fail', reason: 'O número de telefone não tem um certificado de exibição válido.' },
  133010: { outcome: 'fail', reason: 'O número de telefone não está registrado na Cloud API.' },
};

export interface Classified {
  outcome: ErrorOutcome;
  reason: string;
  pace: boolean;
}

/**
 * What to do about an error code (null: none given) and the HTTP status it came with (0: a status
 * webhook). Unknown codes: 429 and 5xx are tried again, other refusals fall back to e-mail.
 */
export function classifyError(code: number | null, httpStatus: number): Classified {
  const k = code === null ? undefined : known[code];
  if (k) return { outcome: k.outcome, reason: k.reason, pace: k.pace ?? false };
  if (httpStatus === 429) return { outcome: 'retry', reason: known[130429]!.reason, pace: true };
  if (httpStatus >= 500) return { outcome: 'retry', reason: known[2]!.reason, pace: false };
  if (httpStatus === 401) return { outcome: 'fail', reason: known[190]!.reason, pace: false };
  return {
    outcome: 'fallback',
    reason: `O WhatsApp não entregou a mensagem${code === null ? '' : ` (código ${code})`}.`,
    pace: false,
  };
}

/** The wait before the n-th attempt: 30 s doubled each time, at most an hour, never less than Meta asked. */
export const retryDelaySeconds = (attempts: number, retryAfterSeconds: number | null = null) =>
  Math.max(Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600), retryAfterSeconds ?? 0);

/** After this many attempts a message that still cannot be sent is given up. */
export const MAX_ATTEMPTS = 10;
