import { describe, expect, it } from 'vitest';
import { companyPixBody, crc16, normalizePixKey, pixBrCode, pixDynamicBrCode, pixMessages, readBrCode } from './pix.ts';

describe('PIX BR Code', () => {
  it("builds the Banco Central manual's static example to the character, CRC included", () => {
    expect(
      pixBrCode({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    );
  });

  it('CRC16-CCITT (0x1021, start 0xFFFF) of the standard check string is 29B1', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
  });

  it('carries the amount, a reference, and names and cities without accents, cut to their limits', () => {
    const code = pixBrCode({
      key: 'financeiro@oficina.com.br',
      merchantName: 'Refrigeração São João de Três Corações',
      merchantCity: 'São José dos Campos',
      amount: 1850.5,
      txid: 'OS-123',
    });
    expect(code).toContain('54071850.50');
    expect(code).toContain('5925Refrigeracao Sao Joao de');
    expect(code).toContain('6015Sao Jose dos Ca');
    expect(code).toContain('62090505OS123');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
  });
});

describe('dynamic PIX BR Code', () => {
  const location = 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25';
  const code = pixDynamicBrCode({ location, merchantName: 'Refrigeração São João', merchantCity: 'São Paulo' });

  it('field 26 carries the location in 25 and no key; it is for one payment; no amount, txid ***', () => {
    const f = readBrCode(code);
    expect(f['00']).toBe('01');
    expect(f['01']).toBe('12');
    expect(f['26.00']).toBe('br.gov.bcb.pix');
    expect(f['26.25']).toBe(location);
    expect(f['26.01']).toBeUndefined();
    expect(f['54']).toBeUndefined();
    expect(f['59']).toBe('Refrigeracao Sao Joao');
    expect(f['60']).toBe('Sao Paulo');
    expect(f['62.05']).toBe('***');
  });

  it('ends with a valid CRC16 of everything before it; a changed character breaks it', () => {
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    const altered = code.replace('qr/v2', 'qr/v3');
    expect(altered.slice(-4)).not.toBe(crc16(altered.slice(0, -4)));
  });

  it('takes a location written with its scheme and refuses one past 77 characters', () => {
    expect(pixDynamicBrCode({ location: `https://${location}`, merchantName: 'X', merchantCity: 'Y' })).toContain(
      `25${location.length}${location}`,
    );
    expect(() =>
      pixDynamicBrCode({ location: `x.com/${'a'.repeat(72)}`, merchantName: 'X', merchantCity: 'Y' }),
    ).toThrow(RangeError);
  });
});

describe('PIX keys', () => {
  it.each([
    ['529.982.247-25', '52998224725', 'cpf'],
    ['11.222.333/0001-81', '11222333000181', 'cnpj'],
    ['Financeiro@Oficina.com.br', 'financeiro@oficina.com.br', 'email'],
    ['+55 (11) 98765-4321', '+5511987654321', 'phone'],
    ['(11) 98765-4321', '+5511987654321', 'phone'],
    ['(11) 3322-4455', '+551133224455', 'phone'],
    ['55 11 98765-4321', '+5511987654321', 'phone'],
    ['11 98765-4321', '+5511987654321', 'phone'],
    ['123E4567-E12B-12D1-A456-426655440000', '123e4567-e12b-12d1-a456-426655440000', 'evp'],
  ])('%s is a %s key', (raw, key, kind) => {
    expect(normalizePixKey(raw)).toEqual({ key, kind });
  });

  it.each([
    '529.982.247-24',
    '11.222.333/0001-80',
    'financeiro@',
    '+1 415 555 0100',
    '11987654321x',
    'abc',
    '(11) 1234-5678',
    '(11) 8765-43',
  ])('%s is refused', (raw) => {
    expect(normalizePixKey(raw)).toBeNull();
    const parsed = companyPixBody.safeParse({ pixKey: raw });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(pixMessages.invalidKey);
  });

  it('blank or null removes the key', () => {
    expect(companyPixBody.parse({ pixKey: '' })).toEqual({ pixKey: null });
    expect(companyPixBody.parse({ pixKey: null })).toEqual({ pixKey: null });
  });
});
