// Who is logged in and what their organization may use: plain values without zod, so the login
// page's first load (which reads the stored token) does not need the validation library.

export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_USER = 'ROLE_USER';
export const TOKEN_STORAGE_KEY = 'jwt';

export const featureNames = [
  'estimates',
  'reminders',
  'reports',
  'payroll',
  'auditLogs',
  'notifications',
  'nfse',
] as const;
export type FeatureName = (typeof featureNames)[number];
export type Features = Record<FeatureName, boolean>;
export const allFeatures: Features = Object.fromEntries(featureNames.map((f) => [f, true])) as Features;
export const noFeatures: Features = Object.fromEntries(featureNames.map((f) => [f, false])) as Features;

/** An organization's time zone until it picks another (organizations.time_zone's default). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * Brazil's time zones as a shop names them, for the organization's settings: the IANA zone and where it
 * applies. Several zones share an offset today but differ in their past daylight-saving rules, so the
 * old dates of each state stay right.
 */
export const brazilianTimeZones: ReadonlyArray<{ id: string; label: string }> = [
  { id: 'America/Sao_Paulo', label: 'Horário de Brasília (Sul, Sudeste, GO e DF)' },
  { id: 'America/Bahia', label: 'Bahia' },
  { id: 'America/Fortaleza', label: 'Ceará, Rio Grande do Norte, Paraíba, Piauí e Maranhão' },
  { id: 'America/Recife', label: 'Pernambuco' },
  { id: 'America/Maceio', label: 'Alagoas e Sergipe' },
  { id: 'America/Belem', label: 'Pará (leste) e Amapá' },
  { id: 'America/Santarem', label: 'Pará (oeste)' },
  { id: 'America/Araguaina', label: 'Tocantins' },
  { id: 'America/Noronha', label: 'Fernando de Noronha (UTC−2)' },
  { id: 'America/Cuiaba', label: 'Mato Grosso (UTC−4)' },
  { id: 'America/Campo_Grande', label: 'Mato Grosso do Sul (UTC−4)' },
  { id: 'America/Manaus', label: 'Amazonas (UTC−4)' },
  { id: 'America/Boa_Vista', label: 'Roraima (UTC−4)' },
  { id: 'America/Porto_Velho', label: 'Rondônia (UTC−4)' },
  { id: 'America/Rio_Branco', label: 'Acre (UTC−5)' },
  { id: 'America/Eirunepe', label: 'Amazonas (oeste, UTC−5)' },
];

/** The product's name, as e-mails, PDFs and the screens print it. */
export const PRODUCT_NAME = 'Ordem Certa';

/** Who must sign in in two steps: nobody, the users who manage users, or everyone. */
export const twoFactorPolicies = ['off', 'admins', 'everyone'] as const;
export type TwoFactorPolicy = (typeof twoFactorPolicies)[number];
