import { TOKEN_STORAGE_KEY, tokenPayload, type TokenPayload } from '@oficina/contracts';

export const getToken = () => localStorage.getItem(TOKEN_STORAGE_KEY);
export const setToken = (token: string) => localStorage.setItem(TOKEN_STORAGE_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_STORAGE_KEY);

/** Decodes (does not verify: the server does) the stored JWT; an unreadable or expired one counts as none. */
export function decodeToken(token: string | null): TokenPayload | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = decodeURIComponent(
      atob(part.replace(/-/g, '+').replace(/_/g, '/'))
        .split('')
        .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
        .join(''),
    );
    const payload = tokenPayload.parse(JSON.parse(json));
    return payload.exp * 1000 > Date.now() ? payload : null;
  } catch {
    return null;
  }
}
