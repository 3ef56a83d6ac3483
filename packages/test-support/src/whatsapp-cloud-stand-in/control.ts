import type { Business } from './webhooks.ts';

// The stand-in's own door for a test that runs in another process (the E2E run starts the stand-in
// in Playwright's global setup, the specs run in workers): connect a business, read what the API
// accepted, make a customer answer. Under /_stand-in/, on loopback like the rest; never part of
// Meta's protocol.

/** What of the stand-in its control door drives (the stand-in is one of these and more). */
export interface Controlled {
  addBusiness(b: Business): void;
  /** Every message the API accepted, in order. */
  sent: unknown[];
  /** The customer `from` writes to the business's number (text), optionally answering a message. */
  reply(phoneNumberId: string, from: string, text: string, o?: { contextId?: string; name?: string }): Promise<string>;
  /** The customer presses a quick-reply button of the template message `contextId`. */
  press(
    phoneNumberId: string,
    from: string,
    contextId: string,
    button: { payload: string; text: string },
  ): Promise<string>;
}

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

export async function control(
  standIn: Controlled,
  method: string,
  path: string,
  body: () => Promise<Json>,
): Promise<{ status: number; body: unknown } | null> {
  if (!path.startsWith('/_stand-in/')) return null;
  const what = path.slice('/_stand-in/'.length);
  if (method === 'GET' && what === 'sent') return { status: 200, body: { data: standIn.sent } };
  if (method !== 'POST') return { status: 404, body: { error: 'unknown control' } };
  const b = await body();
  if (what === 'businesses') {
    standIn.addBusiness({
      phoneNumberId: text(b.phoneNumberId),
      businessAccountId: text(b.businessAccountId),
      accessToken: text(b.accessToken),
      appSecret: text(b.appSecret),
      displayPhoneNumber: text(b.displayPhoneNumber) || '+55 11 4000-0000',
      verifiedName: text(b.verifiedName) || 'Empresa',
      webhook: text(b.webhook),
    });
    return { status: 204, body: null };
  }
  if (what === 'reply') {
    const id = await standIn.reply(text(b.phoneNumberId), text(b.from), text(b.text), {
      contextId: text(b.contextId) || undefined,
    });
    return { status: 200, body: { id } };
  }
  if (what === 'press') {
    const id = await standIn.press(text(b.phoneNumberId), text(b.from), text(b.contextId), {
      payload: text(b.payload),
      text: text(b.text),
    });
    return { status: 200, body: { id } };
  }
  return { status: 404, body: { error: 'unknown control' } };
}

/** The body of a control request as JSON. */
export const jsonBody = (read: () => Promise<string>) => async () => {
  const raw = await read();
  return raw ? (JSON.parse(raw) as Json) : {};
};
