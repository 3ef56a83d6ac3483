/**
 * CPF and CNPJ: normalizing, check digits and formatting. The one implementation used by the forms
 * (masks, validation on blur) and by the server (zod schemas), so both always agree.
 *
 * CNPJ: 14 characters. Since July 2026 the Receita Federal also issues alphanumeric CNPJs: the first
 * 12 characters are A-Z or 0-9, the last 2 are numeric check digits. Each character counts as its
 * ASCII code minus 48 ('0'..'9' -> 0..9, 'A' -> 17 ... 'Z' -> 42), with the same weights and mod 11
 * as the numeric form, so a numeric CNPJ is just the special case.
 */

/** Person type: 1 = legal entity (Pessoa jurídica), 2 = individual (Pessoa física). */
export const PersonType = { Juridical: 1, Natural: 2 } as const;
export type PersonType = (typeof PersonType)[keyof typeof PersonType];

export const personTypeLabels: Record<PersonType, string> = {
  [PersonType.Juridical]: 'Pessoa jurídica',
  [PersonType.Natural]: 'Pessoa física',
};

export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;
export const CPF_MASK = '000.000.000-00';
/** 'A' is a letter or digit; '0' a digit (the check digits). */
export const CNPJ_MASK = 'AA.AAA.AAA/AAAA-00';

export const identifierMessages = { cnpj: 'CNPJ inválido', cpf: 'CPF inválido' } as const;

/** How identifiers are stored: letters and digits only, upper-case. */
export const normalizeIdentifier = (value: string | null | undefined) =>
  (value ?? '').replace(/[^0-9a-zA-Z]/g, '').toUpperCase();

const charValue = (c: string) => c.charCodeAt(0) - 48;

/** mod 11 check digit over the given characters with weights cycling 2..max from the right. */
function checkDigit(chars: string, maxWeight: number): number {
  let sum = 0;
  let weight = 2;
  for (let i = chars.length - 1; i >= 0; i--) {
    sum += charValue(chars[i]!) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const allEqual = (s: string) => /^(.)\1*$/.test(s);

export function isValidCpf(value: string | null | undefined): boolean {
  const cpf = normalizeIdentifier(value);
  if (!/^\d{11}$/.test(cpf) || allEqual(cpf)) return false;
  return completeCpf(cpf.slice(0, 9)) === cpf;
}

export function isValidCnpj(value: string | null | undefined): boolean {
  const cnpj = normalizeIdentifier(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || allEqual(cnpj)) return false;
  return completeCnpj(cnpj.slice(0, 12)) === cnpj;
}

/** The 9 base digits of a CPF plus its 2 check digits. */
export function completeCpf(base: string): string {
  // CPF weights run 2..11 (10..2 and 11..2 from the left); they never cycle.
  const d1 = checkDigit(base, 11);
  const d2 = checkDigit(base + d1, 11);
  return `${base}${d1}${d2}`;
}

/** The 12 base characters of a CNPJ plus its 2 check digits. */
export function completeCnpj(base: string): string {
  const upper = base.toUpperCase();
  const d1 = checkDigit(upper, 9);
  const d2 = checkDigit(upper + d1, 9);
  return `${upper}${d1}${d2}`;
}

/** undefined when valid, else the pt-BR message for the person type (CPF or CNPJ). */
export function identifierError(type: number | null | undefined, value: string | null | undefined) {
  if (type === PersonType.Natural) return isValidCpf(value) ? undefined : identifierMessages.cpf;
  return isValidCnpj(value) ? undefined : identifierMessages.cnpj;
}

export function formatCpf(value: string | null | undefined): string {
  const v = normalizeIdentifier(value);
  if (v.length !== CPF_LENGTH) return value ?? '';
  return `${v.slice(0, 3)}.${v.slice(3, 6)}.${v.slice(6, 9)}-${v.slice(9)}`;
}

export function formatCnpj(value: string | null | undefined): string {
  const v = normalizeIdentifier(value);
  if (v.length !== CNPJ_LENGTH) return value ?? '';
  return `${v.slice(0, 2)}.${v.slice(2, 5)}.${v.slice(5, 8)}/${v.slice(8, 12)}-${v.slice(12)}`;
}

/** Formats by person type; falls back to the length when the type is unknown. */
export function formatIdentifier(value: string | null | undefined, type?: number | null): string {
  const v = normalizeIdentifier(value);
  if (type === PersonType.Natural || (type == null && v.length === CPF_LENGTH)) return formatCpf(v);
  return formatCnpj(v);
}
