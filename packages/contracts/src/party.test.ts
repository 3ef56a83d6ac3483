import { describe, expect, it } from 'vitest';
import { createPartyBody, updatePartyBody } from './party.ts';
import { addressBody } from './addresses.ts';
import { formatPostalCode } from './address-format.ts';

const errorsOf = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('createPartyBody', () => {
  it('normalizes the identifier and keeps the alias of a legal entity', () => {
    const r = createPartyBody.parse({
      type: 1,
      identifier: '12.abc.345/01de-35',
      name: ' Frio Bom ',
      alias: 'Frio',
      email: ' Contato@FrioBom.com.br ',
      phone: '(11) 98765-4321',
    });
    expect(r).toEqual({
      type: 1,
      identifier: '12ABC34501DE35',
      name: 'Frio Bom',
      alias: 'Frio',
      email: 'contato@friobom.com.br',
      phone: '(11) 98765-4321',
      phoneE164: '+5511987654321',
    });
  });
  it('drops the alias of an individual and accepts empty e-mail and phone', () => {
    const r = createPartyBody.parse({
      type: 2,
      identifier: '529.982.247-25',
      name: 'Maria',
      alias: 'x',
      email: '',
      phone: '',
    });
    expect(r).toMatchObject({ identifier: '52998224725', alias: null, email: null, phone: null, phoneE164: null });
  });
  it('flags every bad field at once, including the cross-field ones', () => {
    const r = createPartyBody.safeParse({
      type: 1,
      identifier: '11.222.333/0001-82',
      name: '',
      email: 'x@',
      phone: '12',
    });
    expect(errorsOf(r)).toEqual({
      identifier: 'CNPJ inválido',
      name: 'Este campo é obrigatório',
      alias: 'Este campo é obrigatório',
      email: 'E-mail inválido',
      phone: 'Telefone inválido',
    });
  });
  it('a CPF with letters is invalid; a missing type is required', () => {
    expect(errorsOf(createPartyBody.safeParse({ type: 2, identifier: '529.982.247-2A', name: 'x' }))).toEqual({
      identifier: 'CPF inválido',
    });
    expect(errorsOf(createPartyBody.safeParse({ identifier: '', name: 'x' }))).toEqual({
      type: 'Este campo é obrigatório',
    });
    expect(errorsOf(createPartyBody.safeParse({ type: 3, identifier: '1', name: 'x' }))).toEqual({
      type: 'Este campo é obrigatório',
    });
  });
});

describe('updatePartyBody', () => {
  it('stores the phone as read, with its E.164; a number that cannot exist is refused on phone', () => {
    expect(updatePartyBody.parse({ type: 2, name: 'x', phone: '+55 11 3456-7890' })).toMatchObject({
      phone: '(11) 3456-7890',
      phoneE164: '+551134567890',
    });
    expect(errorsOf(updatePartyBody.safeParse({ type: 2, name: 'x', phone: '(10) 98765-4321' }))).toEqual({
      phone: 'Telefone inválido',
    });
  });
  it('requires the alias of a legal entity only', () => {
    expect(errorsOf(updatePartyBody.safeParse({ type: 1, name: 'x' }))).toEqual({ alias: 'Este campo é obrigatório' });
    expect(updatePartyBody.parse({ type: 2, name: 'x', alias: 'y' }).alias).toBeNull();
  });
});

describe('addressBody', () => {
  it('requires only the address; CEP with 8 digits, number numeric', () => {
    expect(addressBody.parse({ address: 'Rua A', postalCode: '01310-100' })).toEqual({
      address: 'Rua A',
      number: null,
      complement: null,
      neighborhood: null,
      city: null,
      state: null,
      postalCode: '01310100',
      ibgeCode: null,
    });
    expect(
      errorsOf(
        addressBody.safeParse({ address: ' ', postalCode: '0131010', number: 1.5, state: 'XX', ibgeCode: '355030' }),
      ),
    ).toEqual({
      address: 'Este campo é obrigatório',
      postalCode: 'CEP inválido',
      number: 'Informe apenas números',
      state: 'UF inválida',
      ibgeCode: 'Código do município inválido',
    });
    expect(errorsOf(addressBody.safeParse({ address: 'x', number: Number.NaN }))).toEqual({
      number: 'Informe apenas números',
    });
  });
});

describe('formatting', () => {
  it('formats CEPs', () => {
    expect(formatPostalCode('01310100')).toBe('01310-100');
  });
});
