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

export const isAdminRoles = (roles: readonly string[]) => roles.includes(ROLE_ADMIN);

/** An organization's time zone until it picks another (organizations.time_zone's default). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** The product's name, as e-mails, PDFs and the screens print it. */
export const PRODUCT_NAME = 'Ordem Certa';
