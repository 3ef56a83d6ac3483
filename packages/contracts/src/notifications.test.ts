import { describe, expect, it } from 'vitest';
import { badgeText } from './notification-labels.ts';

describe('badgeText', () => {
  it('shows the count up to 99, then 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});
