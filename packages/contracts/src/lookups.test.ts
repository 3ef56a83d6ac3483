import { describe, expect, it } from 'vitest';
import { cepDigits, cnpjForLookup } from './lookups.ts';
import { stateOfIbgeCode } from './municipalities.ts';

describe('lookup keys', () => {
  it('a CEP is its 8 digits, typed with or without punctuation; anything else is none', () => {
    expect(cepDigits('01310-100')).toBe('01310100');
    expect(cepDigits(' 01.310-100 ')).toBe('01310100');
    for (const v of ['0131010', '013101000', '01310-10a', '', null]) expect(cepDigits(v)).toBeNull();
  });

  it('a CNPJ is looked up only when its check digits hold, as stored (letters upper-case)', () => {
    expect(cnpjForLookup('19.131.243/0001-97')).toBe('19131243000197');
    expect(cnpjForLookup('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(cnpjForLookup('19.131.243/0001-98')).toBeNull();
    expect(cnpjForLookup('11111111111111')).toBeNull();
  });

  it("a municipality's code names its UF by its first two digits", () => {
    expect(stateOfIbgeCode('3550308')).toBe('SP');
    expect(stateOfIbgeCode('5300108')).toBe('DF');
    expect(stateOfIbgeCode('1200401')).toBe('AC');
    expect(stateOfIbgeCode('9900000')).toBeUndefined();
    expect(stateOfIbgeCode(null)).toBeUndefined();
  });
});
