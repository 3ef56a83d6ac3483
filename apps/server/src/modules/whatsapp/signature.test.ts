import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classifyError, retryDelaySeconds } from './meta-errors.ts';
import { numberVariants } from './inbound.ts';
import { validSignature } from './webhook.service.ts';

const secret = 'app-secret-de-teste';
const body = Buffer.from(
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { nome: 'Conceição' } }] }],
  }),
);
const signatureOf = (raw: Buffer, key = secret) => `sha256=${createHmac('sha256', key).update(raw).digest('hex')}`;

describe('X-Hub-Signature-256', () => {
  it('accepts the HMAC-SHA256 of the exact bytes under the app secret', () => {
    expect(validSignature(body, signatureOf(body), secret)).toBe(true);
    expect(validSignature(body, signatureOf(body).toUpperCase().replace('SHA256=', 'sha256='), secret)).toBe(true);
  });

  it('refuses a body with any one byte changed', () => {
    const header = signatureOf(body);
    for (const at of [0, Math.floor(body.length / 2), body.length - 1]) {
      const changed = Buffer.from(body);
      changed[at] = changed[at]! ^ 0x01;
      expect(validSignature(changed, header, secret), `byte ${at}`).toBe(false);
    }
  });

  it('refuses the same JSON encoded otherwise (the signature is over the bytes, not the object)', () => {
    const reencoded = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    expect(validSignature(reencoded, signatureOf(body), secret)).toBe(false);
  });

  it('refuses another secret, a missing or malformed header', () => {
    expect(validSignature(body, signatureOf(body, 'outro'), secret)).toBe(false);
    expect(validSignature(body, undefined, secret)).toBe(false);
    expect(validSignature(body, '', secret)).toBe(false);
    expect(validSignature(body, signatureOf(body).replace('sha256=', 'sha1='), secret)).toBe(false);
    expect(validSignature(body, `${signatureOf(body)}00`, secret)).toBe(false);
  });
});

describe('Brazilian mobiles with and without the ninth digit', () => {
  it('are the same line', () => {
    expect(numberVariants('5511987654321')).toEqual(['5511987654321', '551187654321']);
    expect(numberVariants('551187654321')).toEqual(['551187654321', '5511987654321']);
    expect(numberVariants('551133334444')).toEqual(['551133334444']);
    expect(numberVariants('351912345678')).toEqual(['351912345678']);
  });
});

describe("Meta's error codes", () => {
  it('retry the busy ones, slowing the organization on rate limits', () => {
    expect(classifyError(130429, 429)).toMatchObject({ outcome: 'retry', pace: true });
    expect(classifyError(131056, 400)).toMatchObject({ outcome: 'retry', pace: false });
    expect(classifyError(null, 503)).toMatchObject({ outcome: 'retry' });
    expect(classifyError(null, 429)).toMatchObject({ outcome: 'retry', pace: true });
  });

  it('fall back to e-mail when the customer cannot get the message, and stop on a broken connection', () => {
    expect(classifyError(131026, 0)).toMatchObject({ outcome: 'fallback' });
    expect(classifyError(132001, 404)).toMatchObject({ outcome: 'fallback' });
    expect(classifyError(190, 401)).toMatchObject({ outcome: 'fail' });
    expect(classifyError(131026, 0).reason).toMatch(/não usa WhatsApp/);
  });

  it('wait longer each time, never less than Meta asked, at most an hour', () => {
    expect([1, 2, 3].map((n) => retryDelaySeconds(n))).toEqual([30, 60, 120]);
    expect(retryDelaySeconds(1, 90)).toBe(90);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});
