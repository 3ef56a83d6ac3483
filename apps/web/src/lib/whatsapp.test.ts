import { describe, expect, it } from 'vitest';
import { whatsAppLink } from './whatsapp.ts';

describe('whatsAppLink', () => {
  it('a Brazilian mobile, typed any way, becomes wa.me/55… with the text encoded', () => {
    expect(whatsAppLink('(11) 98765-4321', 'Olá, Ana!')).toEqual({
      href: 'https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Ana!',
    });
    expect(whatsAppLink('+55 21 99887-7665', 'x')).toEqual({ href: 'https://wa.me/5521998877665?text=x' });
  });

  it('a landline, a short number or none says why there is no link', () => {
    expect(whatsAppLink('(11) 3456-7890', 'x')).toEqual({ reason: 'O telefone do cliente não é um celular válido.' });
    expect(whatsAppLink('123', 'x')).toEqual({ reason: 'O telefone do cliente não é um celular válido.' });
    expect(whatsAppLink(null, 'x')).toEqual({ reason: 'O cliente não tem telefone cadastrado.' });
  });
});
