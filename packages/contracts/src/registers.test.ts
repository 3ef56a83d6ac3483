import { describe, expect, it } from 'vitest';
import { invoiceStatusBody } from './invoice-statuses.ts';
import { InvoiceState } from './invoice-states.ts';
import { productBody } from './products.ts';
import { profileForm, updateProfileBody } from './profile.ts';
import { tagBody } from './tags.ts';
import { contrastRatio, DEFAULT_TAG_COLOR, tagColorPresets, tagTextColor } from './tag-colors.ts';
import { createUserBody, updateUserBody } from './users.ts';
import { userMessages } from './user-labels.ts';

const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));

describe('catalogue price', () => {
  it('minimum 0.01, step 0.01', () => {
    expect(productBody.safeParse({ name: 'X', price: 0.01 }).success).toBe(true);
    expect(issues(productBody.safeParse({ name: 'X', price: 0 }))).toEqual({
      price: 'O preço deve ser de no mínimo R$ 0,01',
    });
    expect(issues(productBody.safeParse({ name: 'X', price: 10.005 }))).toEqual({
      price: 'Use no máximo 2 casas decimais',
    });
    // Floating point: 19.99 * 100 is not an integer in binary, and must still pass.
    expect(productBody.safeParse({ name: 'X', price: 19.99 }).success).toBe(true);
  });
});

describe('order status body', () => {
  it('only Blocked and Canceled', () => {
    expect(invoiceStatusBody.safeParse({ state: InvoiceState.Blocked, label: 'A' }).success).toBe(true);
    expect(invoiceStatusBody.safeParse({ state: InvoiceState.Canceled, label: 'A' }).success).toBe(true);
    for (const state of [InvoiceState.Draft, InvoiceState.Todo, InvoiceState.Wip, InvoiceState.Completed]) {
      expect(invoiceStatusBody.safeParse({ state, label: 'A' }).success).toBe(false);
    }
  });
});

describe('tag colour', () => {
  it('defaults to grey; only the presets; readable text on each', () => {
    expect(tagBody.parse({ name: 'X' }).color).toBe(DEFAULT_TAG_COLOR);
    expect(tagBody.safeParse({ name: 'X', color: '#61bd4f' }).success).toBe(false);
    expect(tagTextColor('f2d600')).toBe('#111111');
    expect(tagTextColor('344563')).toBe('#ffffff');
    expect(tagTextColor(DEFAULT_TAG_COLOR)).toBe('#111111');
    // Every preset's text reaches the WCAG AA ratio for its small bold text (4.5:1) where one of the
    // two text colours can; mid-tones (green, orange) take the dark text that contrasts more.
    for (const { value } of tagColorPresets) {
      const text = tagTextColor(value).slice(1);
      const other = text === 'ffffff' ? '111111' : 'ffffff';
      expect(contrastRatio(value, text), value).toBeGreaterThanOrEqual(contrastRatio(value, other));
      expect(contrastRatio(value, text), value).toBeGreaterThanOrEqual(4.5);
    }
    expect(new Set(tagColorPresets.map((c) => c.value)).size).toBe(10);
  });
});

describe('passwords', () => {
  it('collaborator: required with 8+ on create, blank keeps it on edit', () => {
    const base = { name: 'A', role: 'ROLE_USER', email: 'a@b.com' };
    expect(issues(createUserBody.safeParse({ ...base, plainPassword: '' }))).toEqual({
      plainPassword: 'Este campo é obrigatório',
    });
    expect(issues(createUserBody.safeParse({ ...base, plainPassword: '1234567' }))).toEqual({
      plainPassword: userMessages.passwordTooShort,
    });
    expect(updateUserBody.parse({ ...base, plainPassword: '' }).plainPassword).toBe('');
    expect(updateUserBody.parse(base).plainPassword).toBe('');
  });

  it('profile form: confirmation must match; never part of the body', () => {
    const base = { name: 'A', email: 'a@b.com', oldPassword: 'velha-123', newPassword: 'nova-1234' };
    expect(issues(profileForm.safeParse({ ...base, passwordConfirm: 'nova-12345' }))).toEqual({
      passwordConfirm: 'As senhas não conferem',
    });
    expect(profileForm.safeParse({ ...base, passwordConfirm: 'nova-1234' }).success).toBe(true);
    expect(updateProfileBody.parse({ ...base, passwordConfirm: 'x' })).not.toHaveProperty('passwordConfirm');
    expect(issues(updateProfileBody.safeParse({ ...base, newPassword: 'curta' }))).toEqual({
      newPassword: 'Este valor é muito curto. Deve ter 8 caracteres ou mais.',
    });
  });
});
