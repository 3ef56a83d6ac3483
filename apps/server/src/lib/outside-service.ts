import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@ordem-certa/db';

/** What a lookup works with: the database its answers are kept in, and the request's log. */
export interface LookupContext {
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * The whole lookup — every service asked, one after another — ends within this, so the API answers
 * within 5 s even when the services hang (the cache read and write fit in the rest).
 */
export const LOOKUP_BUDGET_MS = 4_500;

/** What one outside service said: found it, does not know it, or could not be asked (down, slow, garbled). */
export type Answer<T> = { found: T } | { missing: true } | { failed: string };

export interface Service<T> {
  /** Kept with the answer: 'primary' or 'fallback'. */
  name: string;
  /** The most this service may take (what is left of the budget, if less). */
  timeoutMs: number;
  ask(signal: AbortSignal): Promise<Answer<T>>;
}

export type Outcome<T> = { found: T; source: string } | { missing: true } | { failed: true };

/**
 * Asks the services in turn until one finds the key. None found: 'missing' when one of them answered
 * that it does not exist, 'failed' when none could answer. A service past its time is abandoned
 * (its request aborted) and the next is asked with what is left of the budget.
 */
export async function askInTurn<T>(services: Service<T>[], log: FastifyBaseLogger, what: string): Promise<Outcome<T>> {
  const deadline = Date.now() + LOOKUP_BUDGET_MS;
  let missing = false;
  for (const service of services) {
    const ms = Math.min(service.timeoutMs, deadline - Date.now());
    if (ms <= 0) break;
    let answer: Answer<T>;
    try {
      answer = await service.ask(AbortSignal.timeout(ms));
    } catch (err) {
      const e = err as Error;
      answer = { failed: e.name === 'TimeoutError' ? `no answer within ${ms} ms` : `${e.name}: ${e.message}` };
    }
    if ('found' in answer) return { found: answer.found, source: service.name };
    if ('missing' in answer) missing = true;
    else log.warn({ service: service.name, what, reason: answer.failed }, 'outside lookup service failed');
  }
  return missing ? { missing: true } : { failed: true };
}

/** GET a JSON answer; the body is undefined when it is not JSON. */
export async function getJson(url: string, signal: AbortSignal): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: res.status, body: undefined };
  }
}

/** Text from an outside answer: trimmed, inner runs of spaces made one; empty is null. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const v = String(value).replace(/\s+/g, ' ').trim();
  return v || null;
}

/**
 * Calls that ask for the same key at the same time share one lookup (a form that asks twice while
 * the first answer is on its way costs the outside service one request).
 */
export function sharedInFlight<T>() {
  const pending = new Map<string, Promise<T>>();
  return (key: string, run: () => Promise<T>): Promise<T> => {
    const known = pending.get(key);
    if (known) return known;
    const p = run().finally(() => pending.delete(key));
    pending.set(key, p);
    return p;
  };
}
