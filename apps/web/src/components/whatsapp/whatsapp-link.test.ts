import { describe, expect, it } from 'vitest';
import { whatsappMessages } from '@ordem-certa/contracts';
import { whatsAppHref } from './whatsapp-link.ts';

describe('whatsAppHref', () => {
  it.each(['11987654321', '(11) 98765-4321', '+55 11 98765-4321', '+5511987654321', '5511987654321'])(
    'the mobile %s, with or without +55, becomes wa.me/5511987654321 with the message encoded',
    (phone) => {
      expect(whatsAppHref(phone, 'Olá, Ana! & até')).toEqual({
        href: 'https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Ana!%20%26%20at%C3%A9',
      });
    },
  );

  it('the stored E.164 wins over the text beside it', () => {
    expect(whatsAppHref('(11) 98765-4321', 'x', '+5521998877665')).toEqual({
      href: 'https://wa.me/5521998877665?text=x',
    });
    expect(whatsAppHref('(11) 3456-7890', 'x', '+551134567890')).toEqual({ reason: whatsappMessages.invalidMobile });
  });

  it('a mobile of another country keeps its own code', () => {
    expect(whatsAppHref('+351 912 345 678', 'x')).toEqual({ href: 'https://wa.me/351912345678?text=x' });
  });

  it.each(['(11) 3456-7890', '1134567890', '+55 11 3456-7890'])('the landline %s is refused', (phone) => {
    expect(whatsAppHref(phone, 'x')).toEqual({ reason: whatsappMessages.invalidMobile });
  });

  it.each(['abc', '123', '11 98765', '(11) 98765-43210', '(20) 98765-4321'])('the garbage %s is refused', (phone) => {
    expect(whatsAppHref(phone, 'x')).toEqual({ reason: 'Celular do cliente inválido' });
  });

  it.each([null, undefined, '', '  '])('no phone (%s) says so', (phone) => {
    expect(whatsAppHref(phone, 'x')).toEqual({ reason: 'O cliente não tem celular cadastrado' });
  });
});
