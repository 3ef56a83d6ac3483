import { createHash } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * Short-lived signed links for files opened in a new tab without a bearer header (PDFs
 * and pay slips): the claims travel in an HS256 token on the query string. The key is derived
 * from the login secret but is not it, so a link token is never a login token and the other way round;
 * each purpose is its own audience, so a token for one file does not open another kind.
 */
export interface LinkSigner {
  sign(purpose: string, claims: Record<string, string | number | boolean>, ttlSeconds: number): Promise<string>;
  /** The claims, or why not: 'expired' (it was valid) or 'invalid' (altered, other purpose, garbage). */
  verify(purpose: string, token: string | undefined): Promise<JWTPayload | 'expired' | 'invalid'>;
}

export function createLinkSigner(secret: string): LinkSigner {
  const key = createHash('sha256').update(`signed-links:${secret}`).digest();
  return {
    sign: (purpose, claims, ttlSeconds) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(purpose)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    async verify(purpose, token) {
      if (!token) return 'invalid';
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: purpose });
        return payload;
      } catch (err) {
        return err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
