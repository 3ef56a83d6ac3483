import { describe, expect, it } from 'vitest';
import { fieldForHeader, headerKey, IMPORT_KINDS, importFields } from './imports.ts';

describe('import columns named by their header', () => {
  it('every header a field lists names that field, and no other field of its kind', () => {
    for (const kind of IMPORT_KINDS) {
      const keys = importFields[kind].flatMap((f) => f.headers.map((h) => headerKey(h)));
      expect(new Set(keys).size, kind).toBe(keys.length);
      for (const field of importFields[kind])
        for (const header of field.headers) expect(fieldForHeader(kind, header), header).toBe(field.key);
    }
  });

  it('case, accents, spaces and punctuation aside', () => {
    expect(fieldForHeader('customers', ' RAZAO  SOCIAL ')).toBe('name');
    expect(fieldForHeader('customers', 'cpf / cnpj')).toBe('identifier');
    expect(fieldForHeader('customers', 'EMAIL')).toBe('email');
    expect(fieldForHeader('customers', 'N° de Série')).toBe('serialNumber');
    expect(fieldForHeader('customers', 'Número')).toBe('number');
    expect(fieldForHeader('customers', 'nomeCliente')).toBe('name');
    expect(fieldForHeader('products', 'PREÇO DE VENDA')).toBe('price');
    expect(fieldForHeader('products', 'Descrição')).toBe('name');
    // A service's 'Descrição' is its description, not its name.
    expect(fieldForHeader('services', 'Descrição')).toBeUndefined();
    expect(fieldForHeader('customers', 'Observações')).toBeUndefined();
    expect(fieldForHeader('customers', '---')).toBeUndefined();
  });
});
