import { describe, expect, it } from 'vitest';
import { formatPhone, optionalPhone, parsePhone, phoneE164, storedPhone, whatsAppNumber } from './phone.ts';

describe('parsePhone', () => {
  it('a mobile: 11 digits, the national form and E.164', () => {
    expect(parsePhone('11987654321')).toEqual({ e164: '+5511987654321', display: '(11) 98765-4321', mobile: true });
  });
  it('a landline: 10 digits', () => {
    expect(parsePhone('1134567890')).toEqual({ e164: '+551134567890', display: '(11) 3456-7890', mobile: false });
  });
  it('with +55, spaces, dashes, brackets or the leading 0 of a long-distance call', () => {
    for (const typed of [
      '+55 11 98765-4321',
      '+5511987654321',
      '55 (11) 98765-4321',
      '(11) 98765-4321',
      '011 98765 4321',
      ' 11.98765.4321 ',
    ]) {
      expect(parsePhone(typed)?.e164, typed).toBe('+5511987654321');
    }
    expect(parsePhone('+55 (31) 3222-1100')?.display).toBe('(31) 3222-1100');
  });
  it('numbers that cannot exist are null', () => {
    for (const typed of [
      '(10) 98765-4321', // no DDD 10
      '(20) 98765-4321', // nor 20
      '(11) 1234-5678', // a landline starts with 2 to 5
      '(11) 8765-4321', // an 8-digit mobile without the 9
      '(11) 98765-432', // a digit short
      '(11) 98765-43210', // one too many
      '12345',
      'abc',
      '+99 123',
    ]) {
      expect(parsePhone(typed), typed).toBeNull();
    }
    expect(parsePhone('')).toBeNull();
    expect(parsePhone(null)).toBeNull();
  });
  it('a foreign number written with + is kept in the international form; its kind is unknown', () => {
    expect(parsePhone('+351 912345678')).toEqual({
      e164: '+351912345678',
      display: '+351 912 345 678',
      mobile: undefined,
    });
  });
  it('a Brazilian toll-free number is real but no mobile', () => {
    expect(parsePhone('0800 123 4567')).toMatchObject({ display: '0800 123 4567', mobile: false });
  });
});

describe('formatting and storing', () => {
  it('formats digits, E.164 and the display text alike; anything else stays as typed', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('+5511987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('(11) 3456-7890')).toBe('(11) 3456-7890');
    expect(formatPhone('1187654321')).toBe('1187654321');
    expect(formatPhone(null)).toBe('');
    expect(phoneE164('(11) 3456-7890')).toBe('+551134567890');
    expect(phoneE164('1187654321')).toBeNull();
  });
  it('storedPhone: both columns of a real number; the text alone otherwise', () => {
    expect(storedPhone('11 98765 4321')).toEqual({ phone: '(11) 98765-4321', phoneE164: '+5511987654321' });
    expect(storedPhone(' ramal 22 ')).toEqual({ phone: 'ramal 22', phoneE164: null });
    expect(storedPhone('')).toEqual({ phone: null, phoneE164: null });
  });
});

describe('optionalPhone', () => {
  it('empty is null; a real number becomes its display text; an impossible one is refused', () => {
    expect(optionalPhone.parse('')).toBeNull();
    expect(optionalPhone.parse(null)).toBeNull();
    expect(optionalPhone.parse(undefined)).toBeNull();
    expect(optionalPhone.parse(' +55 11 98765-4321 ')).toBe('(11) 98765-4321');
    const refused = optionalPhone.safeParse('(11) 1234-5678');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Telefone inválido');
    expect(optionalPhone.safeParse('1'.repeat(31)).error?.issues[0]?.message).toBe('Telefone inválido');
  });
});

describe('whatsAppNumber', () => {
  it('prefers the stored E.164; a row kept as typed is parsed', () => {
    expect(whatsAppNumber('(11) 98765-4321', '+5511987654321')).toEqual({ e164: '+5511987654321' });
    expect(whatsAppNumber('11 98765 4321', null)).toEqual({ e164: '+5511987654321' });
  });
  it('no phone, a landline or an impossible number: the reason', () => {
    expect(whatsAppNumber(null, null)).toEqual({ reason: 'none' });
    expect(whatsAppNumber('  ')).toEqual({ reason: 'none' });
    expect(whatsAppNumber('(11) 3456-7890', '+551134567890')).toEqual({ reason: 'invalid' });
    expect(whatsAppNumber('1187654321', null)).toEqual({ reason: 'invalid' });
  });
  it('a foreign number, whose kind is unknown, is offered', () => {
    expect(whatsAppNumber('+351 912 345 678', '+351912345678')).toEqual({ e164: '+351912345678' });
  });
});
