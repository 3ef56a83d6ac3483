import { z } from 'zod';
import { WHATSAPP_TEMPLATE_MAX, whatsappMessages, whatsappPlaceholders } from './whatsapp-template.ts';

/** A template, or blank / null to go back to the default; it must keep the link, which it is sent for. */
const templateField = z
  .string()
  .nullish()
  .transform((v) => v?.trim() || null)
  .pipe(
    z
      .string()
      .max(WHATSAPP_TEMPLATE_MAX, whatsappMessages.tooLong)
      .refine((v) => v.includes(whatsappPlaceholders.link.token), whatsappMessages.linkMissing)
      .nullable(),
  );

/**
 * PUT companies/{id}/whatsapp: both messages, the service order's and the estimate's. The PUT replaces
 * both: one left out goes back to its default.
 */
export const companyWhatsAppBody = z.object({
  whatsappTemplate: templateField,
  whatsappEstimateTemplate: templateField,
});
export type CompanyWhatsAppInput = z.input<typeof companyWhatsAppBody>;
export type CompanyWhatsAppBody = z.output<typeof companyWhatsAppBody>;

/** GET companies/{id}/whatsapp: the messages the company's documents are sent with (the defaults when none). */
export const companyWhatsAppResponse = z.object({ template: z.string(), estimateTemplate: z.string() });
export type CompanyWhatsApp = z.infer<typeof companyWhatsAppResponse>;
