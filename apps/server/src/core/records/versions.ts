import { versionMessages, type VersionConflict } from '@ordem-certa/contracts';
import { AppError } from '../../lib/errors.ts';

// Row versions: each edited record's row carries `row_version`, raised by the database at every change
// of the row. A form sends back the version it was loaded with (`version` in the write's body); a write
// against a newer version is refused here, under the row's lock, so nobody's change is silently undone.
// A write without a version (API clients, imports) is not checked: the last write wins, as before.

/** What a record row carries for the check. */
export interface VersionedRow {
  rowVersion: number;
}

/** A 409 that also tells what changed: the record's version, the differing fields and current values. */
export class VersionConflictError extends AppError {
  constructor(readonly conflict: VersionConflict) {
    super(409, [versionMessages.changedByOther], { conflict });
  }
}

/** The same value, whatever the order of an object's keys; numbers and strings as JSON has them. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );
export const sameValue = (a: unknown, b: unknown) => canonical(a ?? null) === canonical(b ?? null);

/**
 * Refuses (409) a write whose `version` is not the locked row's: someone changed the record since the
 * form was loaded. Call it with the row locked for the transaction, before anything is written.
 * `current` gives the record's values of every field the operation writes, named and shaped as in
 * its body; `changed` lists the fields the write sent whose current value differs from the sent one.
 */
export function assertVersion(
  body: { version?: number | undefined } & object,
  row: VersionedRow,
  current: () => Record<string, unknown>,
): void {
  if (body.version === undefined || body.version === row.rowVersion) return;
  const now = current();
  const sent = body as Record<string, unknown>;
  const changed = Object.keys(now).filter((k) => sent[k] !== undefined && !sameValue(sent[k], now[k]));
  throw new VersionConflictError({ version: row.rowVersion, changed, current: now });
}
