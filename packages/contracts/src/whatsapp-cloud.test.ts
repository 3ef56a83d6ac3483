import { describe, expect, it } from 'vitest';
import { isOptOutReply, replyBody, whatsappConsentBody, whatsappSettingsBody, whatsappEvents } from './index.ts';

describe('the opt-out words', () => {
  it.each([
    'SAIR',
    'sair',
    'Sair',
    ' sair ',
    'SAIR!',
    'sair.',
    'PARAR',
    'parar',
    'Párar',
    'PÁRAR!!',
    'sáir',
    '  Parar.\n',
    '*SAIR*',
  ])('%j stops the messages', (text) => expect(isOptOutReply(text)).toBe(true));

  it.each(['', 'Quero sair', 'não vou parar', 'SAIRR', 'PARA', 'sair agora', 'Confirmar', 'S A I R', null, undefined])(
    '%j does not',
    (text) => expect(isOptOutReply(text)).toBe(false),
  );
});

describe('PUT whatsapp/settings', () => {
  const valid = {
    phoneNumberId: '106540352242922',
    businessAccountId: '102290129340398',
    accessToken: 'EAAG…',
    appSecret: 'abc',
    verifyToken: 'meu-token_1',
    enabled: true,
  };

  it('keeps the stored secrets when they come blank, and turns every event on by default', () => {
    const parsed = whatsappSettingsBody.parse({ ...valid, accessToken: '  ', appSecret: null });
    expect(parsed.accessToken).toBeNull();
    expect(parsed.appSecret).toBeNull();
    expect(Object.keys(parsed.events)).toEqual([...whatsappEvents]);
    expect(Object.values(parsed.events).every(Boolean)).toBe(true);
  });

  it('refuses ids that are not Meta numeric ids and weak verify tokens, on their fields in pt-BR', () => {
    const r = whatsappSettingsBody.safeParse({
      ...valid,
      phoneNumberId: '+55 11 9999',
      businessAccountId: 'x',
      verifyToken: 'curto',
    });
    expect(r.success).toBe(false);
    const fields = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields.phoneNumberId).toMatch(/Phone number ID/);
    expect(fields.businessAccountId).toMatch(/WABA ID/);
    expect(fields.verifyToken).toMatch(/de 8 a 100/);
  });

  it('takes an event switched off', () => {
    expect(whatsappSettingsBody.parse({ ...valid, events: { visitReminder: false } }).events.visitReminder).toBe(false);
  });
});

describe('consent and replies', () => {
  it('names how the consent came', () => {
    expect(whatsappConsentBody.safeParse({ optIn: true, source: 'form' }).success).toBe(true);
    expect(whatsappConsentBody.safeParse({ optIn: true, source: 'telepatia' }).success).toBe(false);
  });

  it('needs a text of at most 4096 characters', () => {
    expect(replyBody.safeParse({ text: '   ' }).error?.issues[0]?.message).toBe('Escreva a mensagem');
    expect(replyBody.safeParse({ text: 'x'.repeat(4097) }).success).toBe(false);
    expect(replyBody.parse({ text: ' Olá ' }).text).toBe('Olá');
  });
});
