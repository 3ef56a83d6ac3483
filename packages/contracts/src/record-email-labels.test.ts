import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_ADDRESS, isEmailAddress } from './record-email-labels.ts';

describe('e-mail addresses without zod', () => {
  it("is zod's own e-mail pattern, so the form and the server accept the same addresses", () => {
    expect(EMAIL_ADDRESS.source).toBe(z.regexes.email.source);
    expect(EMAIL_ADDRESS.flags).toBe(z.regexes.email.flags);
  });

  it('accepts an address and refuses what is not one', () => {
    expect(isEmailAddress('maria.silva+os@oficina.com.br')).toBe(true);
    for (const bad of ['maria', 'maria@', '@oficina.com', 'maria@oficina', 'maria silva@oficina.com'])
      expect(isEmailAddress(bad)).toBe(false);
  });
});
