// The company's WhatsApp message template and how it is filled, without zod (the PUT body's schema is
// in whatsapp.ts): the order screen fills the message without loading the validation library.

/**
 * WhatsApp: the company's message template, filled when a document's public link is sent to the
 * customer, by the server and by the screens alike.
 */
export const WHATSAPP_TEMPLATE_MAX = 1000;
/** The placeholders of the template, each replaced wherever it appears. */
export const whatsappPlaceholders = {
  number: { token: '{{numero}}', label: 'Número' },
  customer: { token: '{{cliente}}', label: 'Cliente' },
  company: { token: '{{empresa}}', label: 'Empresa' },
  link: { token: '{{link}}', label: 'Link' },
} as const;
/** The message a service order's signing link is sent with while the company has no template of its own. */
export const DEFAULT_WHATSAPP_TEMPLATE =
  'Olá {{cliente}}! Segue a ordem de serviço nº {{numero}} da {{empresa}} para conferir e assinar: {{link}}';
/** The message an estimate's approval link is sent with while the company has no template of its own. */
export const DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE =
  'Olá {{cliente}}! Segue o orçamento nº {{numero}} da {{empresa}} para conferir e aprovar: {{link}}';
/** Which document a message carries the link of. */
export type WhatsAppDocument = 'order' | 'estimate';
const defaultTemplates: Record<WhatsAppDocument, string> = {
  order: DEFAULT_WHATSAPP_TEMPLATE,
  estimate: DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE,
};
export const whatsappMessages = {
  tooLong: `A mensagem deve ter no máximo ${WHATSAPP_TEMPLATE_MAX} caracteres`,
  linkMissing: 'A mensagem deve conter {{link}}, para o cliente receber o link',
  saved: 'Mensagens do WhatsApp salvas',
  noMobile: 'O cliente não tem celular cadastrado',
  invalidMobile: 'Celular do cliente inválido',
} as const;
export interface WhatsAppValues {
  number: number | string;
  customer: string;
  company: string;
  link: string;
}
/**
 * The message: the template (the document's default one when blank) with every placeholder replaced.
 * Values are put in as they are, never read as patterns; unknown placeholders stay as written.
 */
export function fillWhatsAppTemplate(
  template: string | null | undefined,
  values: WhatsAppValues,
  document: WhatsAppDocument = 'order',
): string {
  const text = template?.trim() ? template : defaultTemplates[document];
  const fills = new Map<string, string>([
    [whatsappPlaceholders.number.token, String(values.number)],
    [whatsappPlaceholders.customer.token, values.customer],
    [whatsappPlaceholders.company.token, values.company],
    [whatsappPlaceholders.link.token, values.link],
  ]);
  // One pass: a value that happens to contain a placeholder (a customer named '{{link}}') stays as it is.
  return text.replace(/\{\{\w+\}\}/g, (token) => fills.get(token) ?? token);
}
