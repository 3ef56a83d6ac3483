import { describe, expect, it } from 'vitest';
import { optionalText, requiredString, withoutBidiControls } from './common.ts';
import { updateOrganizationBody } from './auth.ts';

describe('bidirectional controls', () => {
  it('are dropped: embeddings, overrides, isolates and the marks', () => {
    const all = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
    expect(withoutBidiControls(`Ana${all}Souza`)).toBe('AnaSouza');
    // Hebrew and Arabic letters stay: they need no control to show right to left.
    expect(withoutBidiControls('שלום مرحبا')).toBe('שלום مرحبا');
  });

  it('names and short texts lose them before they are checked', () => {
    expect(requiredString().parse(' Ana\u202efdp.exe ')).toBe('Anafdp.exe');
    expect(requiredString().safeParse('\u202e ').success).toBe(false);
    expect(optionalText().parse('\u2067x\u2069')).toBe('x');
    expect(optionalText().parse('\u202e')).toBeNull();
    expect(updateOrganizationBody.parse({ name: 'Oficina\u202e' }).name).toBe('Oficina');
  });
});
