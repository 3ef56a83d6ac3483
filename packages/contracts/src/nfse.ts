import { z } from 'zod';
import {
  nfseEnvironments,
  nfseMessages,
  nfseStatuses,
  nfseSubstitutionCodes,
  SERVICE_CODE_PATTERN,
} from './nfse-labels.ts';

// NFS-e Nacional (SEFIN Nacional, layout 1.01): a company's fiscal settings and certificate, the NFS-e of
// a completed order (issue, withholdings, substitution, cancellation).

const choice = <T extends number>(values: readonly T[], message: string) =>
  z.number({ error: message }).refine((v): v is T => values.includes(v as T), message) as unknown as z.ZodType<T>;

/** cTribNac: 6 digits (dots and spaces as typed are dropped); empty: none. */
export const nfseServiceCode = z
  .string({ error: nfseMessages.serviceCode })
  .trim()
  .transform((v) => v.replace(/[.\s-]/g, ''))
  .refine((v) => v === '' || SERVICE_CODE_PATTERN.test(v), nfseMessages.serviceCode);

const digitsCode = (digits: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v) => v.replace(/[.\s-]/g, ''))
    .refine((v) => v === '' || new RegExp(`^\\d{${digits}}$`).test(v), message)
    .nullish()
    .transform((v) => v || null);

/** A withholding rate: percent, up to 99.99 with two decimals; empty or 0: not withheld. */
export const withholdingRate = z
  .number({ error: nfseMessages.withholdingRate })
  .min(0, nfseMessages.withholdingRate)
  .max(99.99, nfseMessages.withholdingRate)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, nfseMessages.withholdingRate)
  .nullish()
  .transform((v) => (v ? v : null));

/** What a taker withholds: the ISS (at the service's rate) and federal taxes by rate. */
export const nfseWithholdings = z.object({
  iss: z.boolean().default(false),
  pis: withholdingRate,
  cofins: withholdingRate,
  csll: withholdingRate,
  irrf: withholdingRate,
  cp: withholdingRate,
});
export type NfseWithholdings = z.infer<typeof nfseWithholdings>;
export type NfseWithholdingsInput = z.input<typeof nfseWithholdings>;

/** PUT companies/{id}/fiscal. */
export const companyFiscalBody = z
  .object({
    municipalityCode: z
      .string({ error: nfseMessages.municipalityCode })
      .trim()
      .regex(/^\d{7}$/, nfseMessages.municipalityCode),
    // Written as the city hall prints it ('123.456-7', '12.345/001-2'): the points, dashes and slashes
    // are dropped and the letters and digits kept.
    municipalRegistration: z
      .string()
      .trim()
      .transform((v) => v.replace(/[./-]/g, ''))
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
    /** IBSCBS in the DPS: the operation indicator, CST and cClassTrib, required when on. */
    ibsCbs: z.boolean().default(false),
    ibsCbsOperation: digitsCode(6, nfseMessages.ibsCbsOperation),
    ibsCbsCst: digitsCode(3, nfseMessages.ibsCbsCst),
    ibsCbsClass: digitsCode(6, nfseMessages.ibsCbsClass),
    /** 'Materiais incluídos no valor do serviço': false leaves the order's products out of the NFS-e's value. */
    materialsIncluded: z.boolean({ error: nfseMessages.materialsIncluded }).default(true),
  })
  .superRefine((b, ctx) => {
    if (!b.ibsCbs) return;
    if (!b.ibsCbsOperation)
      ctx.addIssue({ code: 'custom', path: ['ibsCbsOperation'], message: nfseMessages.ibsCbsOperation });
    if (!b.ibsCbsCst) ctx.addIssue({ code: 'custom', path: ['ibsCbsCst'], message: nfseMessages.ibsCbsCst });
    if (!b.ibsCbsClass) ctx.addIssue({ code: 'custom', path: ['ibsCbsClass'], message: nfseMessages.ibsCbsClass });
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
      ibsCbs: z.boolean(),
      ibsCbsOperation: z.string().nullable(),
      ibsCbsCst: z.string().nullable(),
      ibsCbsClass: z.string().nullable(),
      materialsIncluded: z.boolean(),
    })
    .nullable(),
  /** The municipality of the company's address, for a form not yet saved. */
  defaultMunicipalityCode: z.string().nullable(),
  /** The name and UF of the municipality code saved (or of the default). */
  municipality: z.object({ ibgeCode: z.string(), name: z.string(), state: z.string() }).nullable(),
  certificate: certificateInfo.nullable(),
  /**
   * What the national parameters API says of the company's municipality and default service code this
   * month: whether it uses the national system and its ISS rate (null: not asked yet or not answered).
   */
  municipalParameters: z
    .object({ joined: z.boolean(), issRate: z.number().nullable(), competence: z.string(), fetchedAt: z.string() })
    .nullable(),
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
  /** The values declared, in reais: from the NFS-e once issued. */
  values: z.object({
    service: z.number(),
    discount: z.number(),
    issRate: z.number().nullable(),
    iss: z.number().nullable(),
    issWithheld: z.boolean(),
    pis: z.number(),
    cofins: z.number(),
    csll: z.number(),
    irrf: z.number(),
    cp: z.number(),
    withheld: z.number(),
    net: z.number(),
  }),
  /** The NFS-e this one replaces (subst), and the one that replaced it. */
  replaces: z
    .object({
      number: z.string().nullable(),
      accessKey: z.string().nullable(),
      code: z.enum(nfseSubstitutionCodes),
      reason: z.string().nullable(),
    })
    .nullable(),
  substitutedBy: z.object({ number: z.string().nullable(), accessKey: z.string().nullable() }).nullable(),
  /** When the national system was last asked whether the NFS-e still stands. */
  statusCheckedAt: z.string().nullable(),
  /** Why the national system refused the last try to substitute this NFS-e (it still stands). */
  substitutionErrors: z.array(nfseError),
});
export type Nfse = z.infer<typeof nfseResponse>;

/** POST invoices/{id}/nfse/substitute: a new DPS with subst replacing the issued NFS-e. */
export const nfseSubstituteBody = z.object({
  code: z.enum(nfseSubstitutionCodes, { error: nfseMessages.substitutionCode }),
  reason: z
    .string({ error: nfseMessages.substitutionReason })
    .trim()
    .min(15, nfseMessages.substitutionReason)
    .max(255, 'Deve ter no máximo 255 caracteres'),
});
export type NfseSubstituteBody = z.infer<typeof nfseSubstituteBody>;

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
