import { z } from 'zod';

// Web Push: a phone's browser subscribes to the push service it was made with (an endpoint URL and its
// keys) and the server sends it each notification of its user, encrypted for that browser alone.

export const pushMessages = {
  endpointInvalid: 'Informe o endereço (https) da inscrição de notificações do navegador.',
  p256dhInvalid: 'A chave pública (p256dh) da inscrição deve ser um ponto P-256 em base64url.',
  authInvalid: 'O segredo (auth) da inscrição deve ter 16 bytes em base64url.',
  endpointService:
    'O endereço da inscrição deve ser de um serviço de notificações dos navegadores (Google, Mozilla, Apple ou Microsoft).',
  endpointInternal: 'Inscrição recusada: o endereço aponta para uma rede interna.',
  endpointUnresolvable: (host: string) => `Inscrição recusada: não foi possível resolver o endereço ${host}.`,
  endpointTaken:
    'Esta inscrição de notificações pertence a outra empresa. Saia da outra conta neste aparelho e tente novamente.',
} as const;

/** Bytes of a base64url text (with or without '=' padding), or null when it is not one. */
function base64urlBytes(value: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  const b64 = value.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  try {
    const text = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

// NIST P-256 (secp256r1): y² = x³ − 3x + b over the prime field p.
const P256_P = BigInt('0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff');
const P256_B = BigInt('0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b');

const bigOf = (bytes: Uint8Array) => bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);

/** An uncompressed P-256 public key: 0x04, then x and y (32 bytes each), a point on the curve. */
function isP256Point(bytes: Uint8Array | null): boolean {
  if (bytes?.length !== 65 || bytes[0] !== 4) return false;
  const x = bigOf(bytes.subarray(1, 33));
  const y = bigOf(bytes.subarray(33));
  if (x >= P256_P || y >= P256_P) return false;
  const mod = (n: bigint) => ((n % P256_P) + P256_P) % P256_P;
  return mod(y * y) === mod(x * x * x - 3n * x + P256_B);
}

/**
 * Loopback hosts may be plain http (a push service stand-in in tests, when the server allows it);
 * others https. Which hosts are push services, and where they resolve to, the server checks.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const isPushEndpoint = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
};

export const pushEndpoint = z
  .string({ error: pushMessages.endpointInvalid })
  .max(2048, pushMessages.endpointInvalid)
  .refine(isPushEndpoint, pushMessages.endpointInvalid);

/** GET /api/push/vapid-public-key: the server's VAPID public key (an uncompressed P-256 point, base64url). */
export const vapidPublicKeyResponse = z.object({ publicKey: z.string() });
export type VapidPublicKeyResponse = z.infer<typeof vapidPublicKeyResponse>;

/** POST organizations/{orgId}/push-subscriptions: what `PushSubscription.toJSON()` gives in the browser. */
export const pushSubscriptionBody = z.object({
  endpoint: pushEndpoint,
  keys: z.object(
    {
      p256dh: z
        .string({ error: pushMessages.p256dhInvalid })
        .max(200, pushMessages.p256dhInvalid)
        .refine((v) => isP256Point(base64urlBytes(v)), pushMessages.p256dhInvalid),
      auth: z
        .string({ error: pushMessages.authInvalid })
        .max(200, pushMessages.authInvalid)
        .refine((v) => base64urlBytes(v)?.length === 16, pushMessages.authInvalid),
    },
    { error: pushMessages.p256dhInvalid },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const pushSubscriptionResponse = z.object({ endpoint: z.string() });

/** DELETE organizations/{orgId}/push-subscriptions: the browser's subscription ended. */
export const pushUnsubscribeBody = z.object({ endpoint: z.string({ error: pushMessages.endpointInvalid }).max(2048) });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBody>;

/** What each push carries (encrypted): the notification's title, text and the app path it opens. */
export const pushPayload = z.object({ title: z.string(), body: z.string(), url: z.string().nullable() });
export type PushPayload = z.infer<typeof pushPayload>;
