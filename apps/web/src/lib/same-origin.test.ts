import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin.ts';

const origin = 'https://app.ordemcerta.com.br';

describe('sameOriginPath', () => {
  it('keeps paths and URLs of this origin', () => {
    expect(sameOriginPath('/invoices/7/edit', origin)).toBe('/invoices/7/edit');
    expect(sameOriginPath('/invoices?x=1#top', origin)).toBe('/invoices?x=1#top');
    expect(sameOriginPath(`${origin}/obrigado`, origin)).toBe('/obrigado');
    expect(sameOriginPath('obrigado', origin)).toBe('/obrigado');
  });

  it('refuses other origins, protocol-relative hosts, scripts and nothing', () => {
    for (const bad of [
      'https://evil.example/roubo',
      '//evil.example/roubo',
      '/\\evil.example',
      'javascript:alert(1)',
      'http://app.ordemcerta.com.br/x', // another scheme is another origin
      'https://app.ordemcerta.com.br.evil.example/',
      '',
      null,
      undefined,
    ]) {
      expect(sameOriginPath(bad, origin), String(bad)).toBeNull();
    }
  });
});
