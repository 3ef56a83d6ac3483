import { z } from 'zod';

// NFS-e Nacional (SEFIN Nacional, layout 1.00): a company's fiscal settings and certificate, and the
// NFS-e of a completed order.

export const nfseMessages = {
  municipalityCode: 'Informe o código IBGE do município com 7 dígitos',
  municipalityUnknown: 'Município não encontrado na tabela do IBGE',
  municipalRegistration: 'A inscrição municipal deve ter de 1 a 15 letras ou números',
  simplesNacional: 'Escolha a situação no Simples Nacional',
  regApTribSN: 'Escolha o regime de apuração do Simples Nacional',
  specialRegime: 'Escolha o regime especial de tributação',
  serviceCode: 'Informe o código de tributação nacional com 6 dígitos',
  issRate: 'A alíquota do ISS deve ser maior que 0 e de no máximo 5%, com até duas casas decimais',
  environment: 'Escolha o ambiente: homologação ou produção',
  dpsSeries: 'A série da DPS deve ser um número de 1 a 49999',
  nextDpsNumber: 'O próximo número da DPS deve ser um número inteiro a partir de 1',
  certificateMissingFile: 'Envie o arquivo do certificado (.pfx ou .p12)',
  certificatePassword: 'Informe a senha do certificado',
  certificateWrongPassword: 'Senha do certificado incorreta',
  certificateNotA1: 'Arquivo não é um certificado A1 (.pfx)',
  certificateTooLarge: 'O arquivo do certificado deve ter no máximo 64 KB',
  certificateExpired: 'O certificado está vencido',
  certificateOtherCnpj: (cnpj: string) =>
    `O certificado é do CNPJ ${cnpj}, diferente do CNPJ da empresa. A NFS-e será recusada se o certificado não for da empresa.`,
  cancelReason: 'Descreva o motivo do cancelamento com pelo menos 15 caracteres',
  month: 'Informe o mês como AAAA-MM',
  notConfigured: 'Configure os dados fiscais (NFS-e) da empresa antes de emitir',
  noCertificate: 'Envie o certificado digital A1 da empresa antes de emitir',
  notCompleted: 'A NFS-e só pode ser emitida para uma ordem concluída',
  zeroTotal: 'A NFS-e só pode ser emitida para uma ordem com valor',
  alreadyIssued: 'Esta ordem já tem uma NFS-e emitida ou em processamento',
  reopenWithNfse: 'Esta ordem tem NFS-e emitida ou em processamento: cancele a NFS-e antes de reabrir a ordem',
  notIssued: 'Só uma NFS-e emitida pode ser cancelada',
  none: 'Esta ordem não tem NFS-e',
  noXml: 'Este XML não existe para esta NFS-e',
  companyNotIndividual: 'A NFS-e só pode ser emitida por uma empresa com CNPJ',
  takerIdentifier: 'O cliente precisa de um CPF ou CNPJ válido para a NFS-e',
  invalidDps: 'A DPS não passou na validação do leiaute nacional',
  unavailable: 'O sistema nacional da NFS-e não respondeu; tente novamente em instantes',
  certificateExpiringTitle: 'Certificado digital vence em breve',
} as const;

export const nfseEnvironments = ['homologation', 'production'] as const;
export type NfseEnvironment = (typeof nfseEnvironments)[number];
export const nfseEnvironmentLabels: Record<NfseEnvironment, string> = {
  homologation: 'Homologação (testes)',
  production: 'Produção',
};

/** opSimpNac of the DPS. */
export const simplesNacionalLabels: Record<1 | 2 | 3, string> = {
  1: 'Não optante',
  2: 'Optante — MEI',
  3: 'Optante — ME/EPP',
};
/** regApTribSN: how an ME/EPP of the Simples Nacional pays its taxes. */
export const regApTribSNLabels: Record<1 | 2 | 3, string> = {
  1: 'Tudo pelo Simples Nacional',
  2: 'ISS fora do Simples Nacional',
  3: 'Federais e ISS fora do Simples',
};
/** regEspTrib. */
export const specialRegimeLabels: Record<number, string> = {
  0: 'Nenhum',
  1: 'Ato cooperado (cooperativa)',
  2: 'Estimativa',
  3: 'Microempresa municipal',
  4: 'Notário ou registrador',
  5: 'Profissional autônomo',
  6: 'Sociedade de profissionais',
};

const choice = <T extends number>(values: readonly T[], message: string) =>
  z.number({ error: message }).refine((v): v is T => values.includes(v as T), message) as unknown as z.ZodType<T>;

export const SERVICE_CODE_PATTERN = /^\d{6}$/;
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
});
export type CompanyFiscal = z.infer<typeof companyFiscalResponse>;

/** POST companies/{id}/certificate (multipart: file, password): what was read from it, and a warning. */
export const certificateUploadResponse = z.object({
  certificate: certificateInfo,
  warnings: z.array(z.string()),
});
export type CertificateUpload = z.infer<typeof certificateUploadResponse>;

export const nfseStatuses = ['processing', 'issued', 'rejected', 'canceled'] as const;
export type NfseStatusValue = (typeof nfseStatuses)[number];
export const nfseStatusLabels: Record<NfseStatusValue, string> = {
  processing: 'Em processamento',
  issued: 'Emitida',
  rejected: 'Rejeitada',
  canceled: 'Cancelada',
};

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
