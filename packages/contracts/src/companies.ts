import { z } from 'zod';
import { pngDataUrl, requiredString } from './common.ts';
import { partyResponse } from './party.ts';

export {
  createPartyBody as createCompanyBody,
  updatePartyBody as updateCompanyBody,
  partyListResponse as companyListResponse,
  type CreatePartyBody as CreateCompanyBody,
  type UpdatePartyBody as UpdateCompanyBody,
} from './party.ts';

/** Placeholders of the e-mail subject and message, replaced when an estimate is e-mailed to its customer. */
export const emailPlaceholders = {
  estimateNumber: { token: '{{numero}}', label: 'Número do orçamento' },
  customer: { token: '{{cliente}}', label: 'Cliente' },
  firstName: { token: '{{primeiro_nome}}', label: 'Primeiro nome do cliente' },
  company: { token: '{{empresa}}', label: 'Empresa' },
  total: { token: '{{total}}', label: 'Total' },
  validity: { token: '{{validade}}', label: 'Validade' },
  link: { token: '{{link}}', label: 'Link para aprovar' },
} as const;

/** The stored HTML of the e-mail message and signature; the server sanitizes it. */
export const EMAIL_HTML_MAX = 100_000;
const emailHtml = z
  .string()
  .max(EMAIL_HTML_MAX, 'Texto longo demais')
  .nullish()
  .transform((v) => v ?? '');

/** POST companies/{id}/email. */
export const companyEmailBody = z.object({
  emailSubject: requiredString(255),
  emailBody: emailHtml,
  emailSignature: emailHtml,
});
export type CompanyEmailBody = z.infer<typeof companyEmailBody>;
export type CompanyEmailInput = z.input<typeof companyEmailBody>;

/** POST companies/{id}/sign; answers { signature }. */
export const companySignBody = z.object({ signature: pngDataUrl });
export const companySignResponse = z.object({ signature: z.string() });

export const companyResponse = partyResponse.extend({
  emailSubject: z.string().nullable(),
  emailBody: z.string().nullable(),
  emailSignature: z.string().nullable(),
  /** The WhatsApp message template, or null for the default text. */
  whatsappTemplate: z.string().nullable(),
  whatsappEstimateTemplate: z.string().nullable(),
  /** The drawn signature (PNG data URL), or null. */
  signature: z.string().nullable(),
  hasLogo: z.boolean(),
  hasSignatureImage: z.boolean(),
  /** The PIX key customers pay to, or null. */
  pixKey: z.string().nullable(),
  /** The colour of the customer's portal ('#rrggbb'), or null for the product's. */
  brandColor: z.string().nullable(),
});
export type Company = z.infer<typeof companyResponse>;

/** PUT companies/{id}/brand-color: the portal's colour, or null (or '') for the product's. */
export const companyBrandColorBody = z.object({
  brandColor: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || /^#[0-9a-f]{6}$/.test(v), 'Cor inválida: use o formato #rrggbb')
    .nullable()
    .transform((v) => v || null),
});
export type CompanyBrandColorBody = z.input<typeof companyBrandColorBody>;

/** Answer of a logo / signature-image upload. */
export const imageUploadResponse = z.object({ contentType: z.string(), size: z.number().int() });

export const companyMessages = {
  created: 'Empresa cadastrada com sucesso',
  updated: 'Empresa alterada com sucesso',
  emailSaved: 'Dados de e-mail configurados com sucesso',
  signatureSaved: 'Assinatura salva',
  logoSaved: 'Logotipo salvo com sucesso',
  logoRemoved: 'Logotipo removida com sucesso',
  logoMissing: 'O Logotipo ainda não foi cadastrado',
  signatureImageSaved: 'Imagem de assinatura salvo com sucesso',
  signatureImageRemoved: 'Imagem da assinatura removida com sucesso',
  signatureImageMissing: 'A imagem de assinatura ainda não foi cadastrada',
} as const;
