import { describe, expect, it } from 'vitest';
import {
  completeCnpj,
  completeCpf,
  formatCnpj,
  formatCpf,
  formatIdentifier,
  identifierError,
  isValidCnpj,
  isValidCpf,
  normalizeIdentifier,
  PersonType,
} from './identifier.ts';

describe('CPF', () => {
  it('accepts valid CPFs with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf(' 111.444.777-35 ')).toBe(true);
  });
  it('rejects a wrong check digit in either position', () => {
    expect(isValidCpf('529.982.247-26')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
  });
  it('rejects all-equal digits, even though their check digits add up', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });
  it('rejects letters, wrong lengths and empty values', () => {
    expect(isValidCpf('529.982.247-2A')).toBe(false);
    expect(isValidCpf('A29.982.247-25')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf(null)).toBe(false);
  });
  it('completeCpf computes the check digits', () => {
    expect(completeCpf('529982247')).toBe('52998224725');
    expect(isValidCpf(completeCpf('123456789'))).toBe(true);
  });
});

describe('CNPJ', () => {
  it('accepts valid numeric CNPJs with or without punctuation', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('04.252.011/0001-10')).toBe(true);
  });
  it('accepts the alphanumeric CNPJ of the Receita Federal example, in any case', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
  });
  it('rejects wrong check digits, numeric and alphanumeric', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABD.345/01DE-35')).toBe(false);
  });
  it('rejects letters in the check digits, all-equal and wrong lengths', () => {
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
    for (let d = 0; d <= 9; d++) expect(isValidCnpj(String(d).repeat(14))).toBe(false);
    expect(isValidCnpj('AAAAAAAAAAAAAA')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('112223330001811')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
  });
  it('completeCnpj computes the check digits; letters count as ASCII code minus 48', () => {
    expect(completeCnpj('112223330001')).toBe('11222333000181');
    expect(completeCnpj('12abc34501de')).toBe('12ABC34501DE35');
  });
});

describe('identifierError', () => {
  it('checks by person type with the pt-BR messages', () => {
    expect(identifierError(PersonType.Juridical, '11.222.333/0001-81')).toBeUndefined();
    expect(identifierError(PersonType.Juridical, '529.982.247-25')).toBe('CNPJ inválido');
    expect(identifierError(PersonType.Natural, '529.982.247-25')).toBeUndefined();
    expect(identifierError(PersonType.Natural, '11.222.333/0001-81')).toBe('CPF inválido');
  });
});

describe('formatting', () => {
  it('normalizes to letters and digits, upper-case', () => {
    expect(normalizeIdentifier(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });
  it('formats CPF and CNPJ, numeric and alphanumeric', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatIdentifier('52998224725', PersonType.Natural)).toBe('529.982.247-25');
    expect(formatIdentifier('11222333000181', PersonType.Juridical)).toBe('11.222.333/0001-81');
    expect(formatIdentifier('52998224725')).toBe('529.982.247-25');
  });
  it('leaves a value of the wrong length as it is', () => {
    expect(formatCpf('123')).toBe('123');
    expect(formatCnpj('')).toBe('');
  });
});
