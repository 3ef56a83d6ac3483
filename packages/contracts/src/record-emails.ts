import { z } from 'zod';
import { EMAIL_ADDRESS, MAX_EMAIL_RECIPIENTS, recordEmailMessages, uniqueAddresses } from './record-email-labels.ts';

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
        if (!EMAIL_ADDRESS.test(a)) ctx.addIssue({ code: 'custom', message: recordEmailMessages.recipientInvalid(a) });
    }),
});
export type SendEmailInput = z.input<typeof sendEmailBody>;
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
