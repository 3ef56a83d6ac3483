import { z } from 'zod';

/**
 * E-mails of a record (an estimate or a service order): the recipients a send takes, and the history
 * the record's screen shows. Both kinds send and keep their e-mails the same way.
 */
export const MAX_EMAIL_RECIPIENTS = 20;
const emailAddress = z.email();

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

/** POST {record}/{id}/email {to}: comma-joined addresses, at least one, no duplicates (case-insensitive). */
export const sendEmailBody = z.object({
  to: z
    .string({ error: recordEmailMessages.recipientsRequired })
    .transform((v) => uniqueAddresses(v.split(',')))
    .superRefine((list, ctx) => {
      if (!list.length) ctx.addIssue({ code: 'custom', message: recordEmailMessages.recipientsRequired });
      if (list.length > MAX_EMAIL_RECIPIENTS)
        ctx.addIssue({ code: 'custom', message: recordEmailMessages.tooManyRecipients });
      for (const a of list)
        if (!emailAddress.safeParse(a).success)
          ctx.addIssue({ code: 'custom', message: recordEmailMessages.recipientInvalid(a) });
    }),
});
export type SendEmailInput = z.input<typeof sendEmailBody>;
/** One address as the recipients form accepts it. */
export const isEmailAddress = (a: string) => emailAddress.safeParse(a).success;

export const emailStatusLabels = {
  queued: 'Enviando',
  sent: 'Enviado',
  written: 'Gravado na caixa de saída',
  failed: 'Falhou',
} as const;

/** One e-mail of the record's history: when, what, to whom, by whom, and whether it went out. */
export const sentEmail = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  subject: z.string(),
  to: z.array(z.string()),
  status: z.enum(['queued', 'sent', 'written', 'failed']),
  error: z.string().nullable(),
  userName: z.string(),
});
export type SentEmail = z.infer<typeof sentEmail>;
export const sentEmailsResponse = z.object({ data: z.array(sentEmail) });
