// The zod-free half of a record's e-mails: limits, texts, labels and the address checks the recipients
// form makes. Kept apart from the schemas (record-emails.ts) so the order screen loads no validation
// library.

/**
 * E-mails of a record (an estimate or a service order): the recipients a send takes, and the history
 * the record's screen shows. Both kinds send and keep their e-mails the same way.
 */
export const MAX_EMAIL_RECIPIENTS = 20;
/**
 * An e-mail address as zod's z.email() accepts it (its own pattern, copied so the recipients form checks
 * addresses without loading zod; a test keeps the two equal).
 */
export const EMAIL_ADDRESS =
  // oxlint-disable-next-line no-useless-escape -- zod's pattern character for character (the test compares)
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const recordEmailMessages = {
  written: 'Sem servidor de e-mail configurado: a mensagem foi gravada na caixa de saída do servidor',
  recipientsRequired: 'Adicione pelo menos um destinatário',
  recipientInvalid: (address: string) => `E-mail inválido: ${address}`,
  tooManyRecipients: `Envie para no máximo ${MAX_EMAIL_RECIPIENTS} destinatários`,
  sendFailed: 'Não foi possível enviar o e-mail. Tente novamente mais tarde.',
  noSender: 'A empresa não tem e-mail cadastrado: informe o e-mail da empresa para enviar e-mails.',
} as const;
/** Trimmed, non-empty, each address once (the first spelling kept; case does not make another address). */
export function uniqueAddresses(list: string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of list) {
    const a = raw.trim();
    if (a && !seen.has(a.toLowerCase())) seen.set(a.toLowerCase(), a);
  }
  return [...seen.values()];
}
/** One address as the recipients form accepts it. */
export const isEmailAddress = (a: string) => EMAIL_ADDRESS.test(a);
export const emailStatusLabels = {
  queued: 'Enviando',
  sent: 'Enviado',
  written: 'Gravado na caixa de saída',
  failed: 'Falhou',
} as const;
