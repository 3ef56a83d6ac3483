import { z } from 'zod';
import { nfseEnvironments, nfseMessages, nfseStatuses, SERVICE_CODE_PATTERN } from './nfse-labels.ts';

// NFS-e Nacional (SEFIN Nacional, layout 1.00): a company's fiscal settings and certificate, and the
// NFS-e of a completed order.

const choice = <T extends number>(values: readonly T[], message: string) =>
  z.number({ error: message }).refine((v): v is T => values.includes(v as T), message) as unknown as z.ZodType<T>;

/** cTribNac: 6 digits (dots and spaces as typed are dropped); empty: none. */
export const nfseServiceCode = z
  .string({ error: nfseMessages.serviceCode })
  .trim()
  .transform((v) => v.replace(/[.\s-]/g, ''))
  .refine((v) => v === '' || SERVICE_CODE_PATTERN.test(v), nfseMessages.serviceCode);

/** PUT companies/{id}/fiscal. */
export const companyFiscalBody = z
  .object({
    municipalityCode: z
      .string({ error: nfseMessages.municipalityCode })
      .trim()
      .regex(/^\d{7}$/, nfseMessages.municipalityCode),
    municipalRegistration: z
      .string()
      .trim()
      .refine((v) => v === '' || /^[0-9A-Za-z]{1,15}$/.test(v), nfseMessages.municipalRegistration)
      .nullish()
      .transform((v) => v || null),
    simplesNacional: choice([1, 2, 3] as const, nfseMessages.simplesNacional),
    regApTribSN: choice([1, 2, 3] as const, nfseMessages.regApTribSN).nullish(),
    specialRegime: choice([0, 1, 2, 3, 4, 5, 6] as const, nfseMessages.specialRegime).default(0),
    serviceCode: nfseServiceCode.refine((v) => v !== '', nfseMessages.serviceCode),
    issRate: z
      .number({ error: nfseMessages.issRate })
      .gt(0, nfseMessages.issRate)
      .max(5, nfseMessages.issRate)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, nfseMessages.issRate)
      .nullish()
      .transform((v) => v ?? null),
    environment: z.enum(nfseEnvironments, { error: nfseMessages.environment }),
    dpsSeries: z
      .string({ error: nfseMessages.dpsSeries })
      .trim()
      // Series 1 to 49999 (up to 5 digits) are the ones a provider's own application uses.
      .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 49_999, nfseMessages.dpsSeries),
    nextDpsNumber: z
      .number({ error: nfseMessages.nextDpsNumber })
      .int(nfseMessages.nextDpsNumber)
      .min(1, nfseMessages.nextDpsNumber)
      .max(999_999_999_999_999, nfseMessages.nextDpsNumber),
  })
  // An ME/EPP says how it pays (1 when not said); the others have no such choice.
  .transform((b) => ({ ...b, regApTribSN: b.simplesNacional === 3 ? (b.regApTribSN ?? 1) : null }));
export type CompanyFiscalBody = z.infer<typeof companyFiscalBody>;
export type CompanyFiscalInput = z.input<typeof companyFiscalBody>;

export const certificateInfo = z.object({
  subject: z.string(),
  cnpj: z.string().nullable(),
  notAfter: z.string(),
  uploadedAt: z.string(),
});
export type CertificateInfo = z.infer<typeof certificateInfo>;

/** GET companies/{id}/fiscal: the settings (null until saved), the defaults the form starts with, the certificate. */
export const companyFiscalResponse = z.object({
  settings: z
    .object({
      municipalityCode: z.string(),
      municipalRegistration: z.string().nullable(),
      simplesNacional: z.number().int(),
      regApTribSN: z.number().int().nullable(),
      specialRegime: z.number().int(),
      serviceCode: z.string(),
      issRate: z.number().nullable(),
      environment: z.enum(nfseEnvironments),
      dpsSeries: z.string(),
      nextDpsNumber: z.number().int(),
    })
    .nullable(),
  /** The municipality of the company's address, for a form not yet saved. */
  defaultMunicipalityCode: z.string().nullable(),
  /** The name and UF of the municipality code saved (or of the default). */
  municipality: z.object({ ibgeCode: z.string(), name: z.string(), state: z.string() }).nullable(),
  certificate: certificateInfo.nullable(),
  /** False in production while the server has no secrets key outside the database: uploads are refused. */
  canStoreCertificate: z.boolean(),
});
export type CompanyFiscal = z.infer<typeof companyFiscalResponse>;

/** POST companies/{id}/certificate (multipart: file, password): what was read from it, and a warning. */
export const certificateUploadResponse = z.object({
  certificate: certificateInfo,
  warnings: z.array(z.string()),
});
export type CertificateUpload = z.infer<typeof certificateUploadResponse>;

export const nfseError = z.object({ code: z.string(), message: z.string() });
export type NfseError = z.infer<typeof nfseError>;

/** GET invoices/{id}/nfse: the order's latest NFS-e. */
export const nfseResponse = z.object({
  status: z.enum(nfseStatuses),
  /** nNFSe, once issued. */
  number: z.string().nullable(),
  /** chaveAcesso (50 digits), once issued. */
  accessKey: z.string().nullable(),
  issuedAt: z.string().nullable(),
  errors: z.array(nfseError),
  environment: z.enum(nfseEnvironments),
  dpsSeries: z.string(),
  dpsNumber: z.number().int(),
  /** Tries to reach the national system so far, and why the last one failed (while processing). */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  cancelReason: z.string().nullable(),
  canceledAt: z.string().nullable(),
  hasNfseXml: z.boolean(),
  hasCancelXml: z.boolean(),
  createdAt: z.string(),
});
export type Nfse = z.infer<typeof nfseResponse>;

/** POST invoices/{id}/nfse/cancel. */
export const nfseCancelBody = z.object({
  reason: z
    .string({ error: nfseMessages.cancelReason })
    .trim()
    .min(15, nfseMessages.cancelReason)
    .max(255, 'Deve ter no máximo 255 caracteres'),
});
export type NfseCancelBody = z.infer<typeof nfseCancelBody>;

/** GET nfse/export?month=YYYY-MM. */
export const nfseExportQuery = z.object({
  month: z.string({ error: nfseMessages.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, nfseMessages.month),
});
export type NfseExportQuery = z.infer<typeof nfseExportQuery>;
