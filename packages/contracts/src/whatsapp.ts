import { z } from 'zod';

/**
 * WhatsApp: the company's message template, filled when a document's public link is sent to the
 * customer. Plain functions and the PUT body, shared by the server (which validates what is stored)
 * and the screens (which fill the message).
 */
export const WHATSAPP_TEMPLATE_MAX = 1000;

/** The placeholders of the template, each replaced wherever it appears. */
export const whatsappPlaceholders = {
  number: { token: '{{numero}}', label: 'Número' },
  customer: { token: '{{cliente}}', label: 'Cliente' },
  company: { token: '{{empresa}}', label: 'Empresa' },
  link: { token: '{{link}}', label: 'Link' },
} as const;

/** The message sent while the company has no template of its own. */
export const DEFAULT_WHATSAPP_TEMPLATE =
  'Olá {{cliente}}! Segue a ordem de serviço nº {{numero}} da {{empresa}} para conferir e assinar: {{link}}';

export const whatsappMessages = {
  tooLong: `A mensagem deve ter no máximo ${WHATSAPP_TEMPLATE_MAX} caracteres`,
  linkMissing: 'A mensagem deve conter {{link}}, para o cliente receber o link',
  saved: 'Mensagem do WhatsApp salva',
  noMobile: 'O cliente não tem celular cadastrado',
  invalidMobile: 'Celular do cliente inválido',
} as const;

/**
 * PUT companies/{id}/whatsapp: the template, or blank / null to go back to the default. A template must
 * keep the link, which is what the message is sent for.
 */
export const companyWhatsAppBody = z.object({
  whatsappTemplate: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(
      z
        .string()
        .max(WHATSAPP_TEMPLATE_MAX, whatsappMessages.tooLong)
        .refine((v) => v.includes(whatsappPlaceholders.link.token), whatsappMessages.linkMissing)
        .nullable(),
    ),
});
export type CompanyWhatsAppInput = z.input<typeof companyWhatsAppBody>;
export type CompanyWhatsAppBody = z.output<typeof companyWhatsAppBody>;

/** GET companies/{id}/whatsapp: the message a document of the company is sent with (the default when none). */
export const companyWhatsAppResponse = z.object({ template: z.string() });
export type CompanyWhatsApp = z.infer<typeof companyWhatsAppResponse>;

export interface WhatsAppValues {
  number: number | string;
  customer: string;
  company: string;
  link: string;
}

/**
 * The message: the template (the default one when blank) with every placeholder replaced. Values are
 * put in as they are, never read as patterns; unknown placeholders stay as written.
 */
export function fillWhatsAppTemplate(template: string | null | undefined, values: WhatsAppValues): string {
  const text = template?.trim() ? template : DEFAULT_WHATSAPP_TEMPLATE;
  const fills = new Map<string, string>([
    [whatsappPlaceholders.number.token, String(values.number)],
    [whatsappPlaceholders.customer.token, values.customer],
    [whatsappPlaceholders.company.token, values.company],
    [whatsappPlaceholders.link.token, values.link],
  ]);
  // One pass: a value that happens to contain a placeholder (a customer named '{{link}}') stays as it is.
  return text.replace(/\{\{\w+\}\}/g, (token) => fills.get(token) ?? token);
}
