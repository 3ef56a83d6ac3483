/**
 * Idempotency-Key: a write sent twice with the same key (a double click, a retry) runs once and gets
 * the first answer again. The client makes one key per user action.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const idempotencyMessages = {
  invalidKey: 'A chave de idempotência deve ter de 1 a 200 caracteres visíveis.',
  reusedKey: 'Esta chave de idempotência já foi usada em outra requisição. Gere uma nova chave para uma nova ação.',
  inFlight: 'Esta requisição ainda está sendo processada. Aguarde um instante e tente novamente.',
} as const;
