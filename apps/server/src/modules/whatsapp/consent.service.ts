import { and, desc, eq } from 'drizzle-orm';
import { customerPrivacyMessages, type WhatsAppConsent, type WhatsAppConsentBody } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { assertFound } from '../../core/access/access.ts';
import { conflict } from '../../lib/errors.ts';
import { hasConsent } from './consent-state.ts';
import { queueOptOutConfirmation } from './outbox.ts';

// A customer's consent to WhatsApp messages (LGPD): every change is a row (who recorded it, when, how,
// for which number); the newest is in force. No template goes to a customer whose newest row is not an
// agreement, and an opt-out — the office's switch or the customer's 'SAIR' — is confirmed by one message.

const w = schema.whatsappConsents;
const c = schema.customers;
const u = schema.users;
const HISTORY = 50;

/** GET customers/{id}/whatsapp-consent: the consent in force and its history. */
export async function getConsent(db: Db | Tx, organizationId: number, customerId: number): Promise<WhatsAppConsent> {
  const [customer] = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.id, customerId), eq(c.organizationId, organizationId)));
  assertFound(customer);
  const rows = await db
    .select({
      optIn: w.optIn,
      source: w.source,
      phone: w.phoneE164,
      at: w.createdAt,
      recordedBy: u.name,
    })
    .from(w)
    .leftJoin(u, and(eq(u.organizationId, w.organizationId), eq(u.id, w.userId)))
    .where(and(eq(w.organizationId, organizationId), eq(w.customerId, customerId)))
    .orderBy(desc(w.id))
    .limit(HISTORY);
  const history = rows.map((r) => ({
    optIn: r.optIn,
    source: r.source as WhatsAppConsentBody['source'],
    phone: r.phone,
    at: r.at.toISOString(),
    recordedBy: r.recordedBy,
  }));
  return { current: history[0] ?? null, history };
}

/**
 * Records the customer's consent or its withdrawal, by `userId` (null: the customer's own reply), in
 * `tx`. Withdrawing a consent in force queues its confirmation. Returns whether the state changed.
 */
export async function recordConsent(
  tx: Tx,
  organizationId: number,
  customerId: number,
  v: { optIn: boolean; source: WhatsAppConsentBody['source']; userId: number | null },
): Promise<boolean> {
  const [customer] = await tx
    .select({ phoneE164: c.phoneE164, anonymizedAt: c.anonymizedAt })
    .from(c)
    .where(and(eq(c.id, customerId), eq(c.organizationId, organizationId)))
    .for('update');
  const found = assertFound(customer);
  if (found.anonymizedAt) throw conflict(customerPrivacyMessages.anonymizedLocked);
  const before = await hasConsent(tx, organizationId, customerId);
  await tx.insert(w).values({
    organizationId,
    customerId,
    optIn: v.optIn,
    source: v.source,
    phoneE164: found.phoneE164,
    userId: v.userId,
  });
  if (before && !v.optIn) await queueOptOutConfirmation(tx, organizationId, customerId);
  return before !== v.optIn;
}

/** PUT customers/{id}/whatsapp-consent. */
export async function putConsent(
  db: Db,
  actor: { organizationId: number; userId: number },
  customerId: number,
  body: WhatsAppConsentBody,
) {
  await db.transaction((tx) => recordConsent(tx, actor.organizationId, customerId, { ...body, userId: actor.userId }));
  return getConsent(db, actor.organizationId, customerId);
}
