import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeToken } from './token.ts';

const jwt = (payload: object) =>
  `h.${btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(payload))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.s`;
const payload = (exp: number) => ({
  sub: '7',
  name: 'Técnico João',
  email: 'joao@example.com',
  roles: ['user'],
  organizationId: 1,
  exp,
});

describe('decodeToken', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the payload, accents included', () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    expect(decodeToken(jwt(payload(exp)))).toEqual(payload(exp));
  });

  it('refuses what is not one of our tokens', () => {
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken(jwt({ sub: 7 }))).toBeNull();
  });

  it('a token read before counts as none once it has expired', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-29T12:00:00Z'));
    const token = jwt(payload(Date.parse('2026-11-29T12:30:00Z') / 1000));
    expect(decodeToken(token)?.sub).toBe('7');
    vi.setSystemTime(new Date('2026-11-29T12:31:00Z'));
    expect(decodeToken(token)).toBeNull();
  });
});
