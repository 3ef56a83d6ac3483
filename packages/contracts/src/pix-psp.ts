import { z } from 'zod';
import { optionalText, pathId } from './common.ts';
import { pixChargeStatuses } from './pix-labels.ts';

// A company's connection to its PSP's API Pix: the base URL, the OAuth 2 token URL and client
// credentials, the client certificate (mutual TLS), and the rules of the charges made through it.

export const pixPspMessages = {
  baseUrl: 'Informe o endereço da API Pix do PSP (https://…; http:// só para um PSP de testes nesta máquina)',
  tokenUrl:
    'Informe o endereço de obtenção do token do PSP (https://…; http:// só para um PSP de testes nesta máquina)',
  clientId: 'Informe o Client ID fornecido pelo PSP',
  clientSecret: 'Informe o Client Secret fornecido pelo PSP',
  scopes: 'Escopos separados por espaço, como "cob.write cob.read pix.read webhook.write"',
  expiryDays: 'Validade da cobrança: de 1 a 90 dias',
  finePercent: 'Multa: de 0 a 20%',
  interestPercent: 'Juros: de 0 a 10% ao mês',
  discountPercent: 'Desconto: de 0 a 50%',
  discountDays: 'Dias de antecedência do desconto: de 0 a 60',
  validityAfterDue: 'Prazo para pagar após o vencimento: de 0 a 365 dias',
  noPixKey: 'Cadastre a chave PIX da empresa antes de conectar o PSP: as cobranças são feitas nela',
  saved: 'Conexão com o PSP salva',
  removed: 'Conexão com o PSP removida',
  webhookRegistered: 'Webhook registrado no PSP',
  webhookFailed: (reason: string) => `Conexão salva, mas o webhook não foi registrado no PSP: ${reason}`,
  notConnected: 'A empresa não tem conexão com um PSP',
  certificateMissingFile: 'Envie o certificado do PSP (.pfx ou .p12)',
  certificatePassword: 'Informe a senha do certificado',
  certificateWrongPassword: 'Senha do certificado incorreta',
  certificateInvalid: 'O arquivo não é um certificado PKCS#12 (.pfx/.p12) com a chave privada',
  certificateExpired: 'Este certificado já venceu',
  certificateTooLarge: 'O arquivo é grande demais para um certificado',
  certificateNeeded: 'O PSP exige o certificado do cliente (mTLS) em endereços https: envie o certificado',
  secretsKeyMissing:
    'O servidor ainda não tem a chave que protege os segredos fora do banco de dados, e por isso não guarda o Client Secret nem o certificado. Peça ao administrador do sistema para configurar SECRETS_KEY_FILE (ou NFSE_CERT_KEY) e salve de novo.',
  testOk: 'Conexão com o PSP funcionando: token obtido e consulta feita',
} as const;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** An https address, or an http one on this machine (a local stand-in). */
export function isPspUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
}

const pspUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(300, message)
    .refine(isPspUrl, message)
    .transform((v) => v.replace(/\/+$/, ''));

const percent = (max: number, message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(max, message)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, message);

/** The charges' rules: expiry of an immediate charge, and the due-date charges' fine, interest and discount. */
export const pixChargeRules = z.object({
  expiryDays: z
    .number({ error: pixPspMessages.expiryDays })
    .int(pixPspMessages.expiryDays)
    .min(1, pixPspMessages.expiryDays)
    .max(90, pixPspMessages.expiryDays)
    .default(7),
  finePercent: percent(20, pixPspMessages.finePercent).default(0),
  interestPercentPerMonth: percent(10, pixPspMessages.interestPercent).default(0),
  discountPercent: percent(50, pixPspMessages.discountPercent).default(0),
  discountDaysBefore: z
    .number({ error: pixPspMessages.discountDays })
    .int(pixPspMessages.discountDays)
    .min(0, pixPspMessages.discountDays)
    .max(60, pixPspMessages.discountDays)
    .default(0),
  /** How many days after its due date an instalment's charge can still be paid (validadeAposVencimento). */
  validityAfterDueDays: z
    .number({ error: pixPspMessages.validityAfterDue })
    .int(pixPspMessages.validityAfterDue)
    .min(0, pixPspMessages.validityAfterDue)
    .max(365, pixPspMessages.validityAfterDue)
    .default(30),
});
export type PixChargeRules = z.infer<typeof pixChargeRules>;

/**
 * PUT companies/{id}/pix-psp. The secret may be left out (or blank) once one is stored: it is never
 * shown again, so the form keeps it unless a new one is typed.
 */
export const pixPspBody = z
  .object({
    baseUrl: pspUrl(pixPspMessages.baseUrl),
    tokenUrl: pspUrl(pixPspMessages.tokenUrl),
    clientId: z
      .string({ error: pixPspMessages.clientId })
      .trim()
      .min(1, pixPspMessages.clientId)
      .max(300, pixPspMessages.clientId),
    clientSecret: z
      .string({ error: pixPspMessages.clientSecret })
      .max(500, pixPspMessages.clientSecret)
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null)),
    scopes: optionalText(300).refine((v) => !v || /^[\w.:-]+( [\w.:-]+)*$/.test(v), pixPspMessages.scopes),
  })
  .extend(pixChargeRules.shape);
export type PixPspBody = z.input<typeof pixPspBody>;
export type PixPspValues = z.output<typeof pixPspBody>;

export const pixPspCertificateInfo = z.object({
  subject: z.string(),
  notAfter: z.string(),
  uploadedAt: z.string(),
});

export const pixWebhookStates = ['pending', 'registered', 'failed'] as const;

/** GET companies/{id}/pix-psp: the connection without its secrets (null when none). */
export const pixPspResponse = z.object({
  connection: z
    .object({
      baseUrl: z.string(),
      tokenUrl: z.string(),
      clientId: z.string(),
      hasClientSecret: z.boolean(),
      scopes: z.string().nullable(),
      webhookUrl: z.string(),
      webhookStatus: z.enum(pixWebhookStates),
      webhookError: z.string().nullable(),
      updatedAt: z.string(),
    })
    .extend(pixChargeRules.shape)
    .nullable(),
  certificate: pixPspCertificateInfo.nullable(),
  /** The company's PIX key, the `chave` of every charge and of the webhook. */
  pixKey: z.string().nullable(),
  /** False in production while the server has no secrets key outside the database: nothing secret is stored. */
  canStoreSecrets: z.boolean(),
});
export type PixPsp = z.infer<typeof pixPspResponse>;

/** POST companies/{id}/pix-psp/test: each step and what failed, in pt-BR. */
export const pixPspTestResponse = z.object({
  ok: z.boolean(),
  steps: z.array(z.object({ name: z.string(), ok: z.boolean(), message: z.string() })),
});
export type PixPspTest = z.infer<typeof pixPspTestResponse>;

/** POST /api/pix/webhook/{token}/pix: what the PSP posts ({pix: [...]}); each item is checked with the PSP. */
export const pixWebhookBody = z.object({
  pix: z
    .array(
      z.looseObject({
        endToEndId: z.string().max(64),
        txid: z.string().max(64).optional(),
        valor: z.string().max(20),
        horario: z.string().max(64),
        infoPagador: z.string().max(500).optional(),
      }),
    )
    .max(1000),
});
export const pixWebhookParams = z.object({ token: z.string().min(20).max(100) });

/** GET invoices/{id}/pix-charge: the order's latest charge at its PSP, or null. */
export const pixChargeResponse = z.object({
  charge: z
    .object({
      txid: z.string(),
      status: z.enum(pixChargeStatuses),
      amount: z.number(),
      pixCopiaECola: z.string().nullable(),
      expiresAt: z.string().nullable(),
      lastError: z.string().nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
  /**
   * The latest charge with a due date of each of the order's instalments (by due date): its status, and
   * its code while active.
   */
  installments: z.array(
    z.object({
      receivableId: z.number().int(),
      txid: z.string(),
      number: z.number().int(),
      count: z.number().int(),
      dueDate: z.string(),
      status: z.enum(pixChargeStatuses),
      amount: z.number(),
      pixCopiaECola: z.string().nullable(),
    }),
  ),
  /** Why the last attempt to bring the charge in line failed (the PSP down), while it waits to try again. */
  pending: z.string().nullable(),
  /** A change of the order waits for the charge job to bring its charge in line (make, revise or withdraw it). */
  queued: z.boolean(),
  /** The charge is active at the demo's stand-in PSP: 'Simular pagamento' can pay it (never in production). */
  canSimulate: z.boolean(),
});
export type PixChargeInfo = z.infer<typeof pixChargeResponse>;

/** POST invoices/{id}/pix-charge/simulate?installment=: the instalment's charge paid instead of the order's. */
export const pixSimulateQuery = z.object({ installment: pathId().optional() });

/** POST invoices/{id}/pix-charge/simulate: the demo's PSP paid the charge; the webhook records it. */
export const pixSimulateResponse = z.object({ endToEndId: z.string() });
