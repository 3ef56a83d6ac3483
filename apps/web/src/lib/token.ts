import { TOKEN_STORAGE_KEY, type TokenPayload } from '@ordem-certa/contracts';

export const getToken = () => localStorage.getItem(TOKEN_STORAGE_KEY);
export const setToken = (token: string) => localStorage.setItem(TOKEN_STORAGE_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_STORAGE_KEY);

/**
 * The payload's shape (the contract's tokenPayload), checked by hand: the first screen reads the token
 * before anything else, and zod would then be part of every first load.
 */
function isTokenPayload(p: unknown): p is TokenPayload {
  const t = p as Record<string, unknown> | null;
  return (
    !!t &&
    typeof t.sub === 'string' &&
    typeof t.name === 'string' &&
    typeof t.email === 'string' &&
    Array.isArray(t.roles) &&
    t.roles.every((r) => typeof r === 'string') &&
    Number.isInteger(t.organizationId) &&
    Number.isInteger(t.exp)
  );
}

/** The payload of a JWT as it reads, or null when it does not read as one of ours. */
function readPayload(token: string): TokenPayload | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = decodeURIComponent(
      atob(part.replace(/-/g, '+').replace(/_/g, '/'))
        .split('')
        .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
        .join(''),
    );
    const payload: unknown = JSON.parse(json);
    return isTokenPayload(payload) ? payload : null;
  } catch {
    return null;
  }
}

/** The last token read and its payload: the session's token is read on every request and screen. */
let last: { token: string; payload: TokenPayload | null } | undefined;

/** Decodes (does not verify: the server does) the stored JWT; an unreadable or expired one counts as none. */
export function decodeToken(token: string | null): TokenPayload | null {
  if (!token) return null;
  if (last?.token !== token) last = { token, payload: readPayload(token) };
  const { payload } = last;
  return payload && payload.exp * 1000 > Date.now() ? payload : null;
}
