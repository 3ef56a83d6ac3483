import { versionMessages, type VersionConflict } from '@ordem-certa/contracts';
import { ApiError } from './api-client.ts';

// A record's write refused because someone saved it after the form was loaded (409 with `conflict`),
// and what the form does with the record's current values: the fields only the other person changed
// take their value, the fields only this user changed keep theirs, and the fields both changed are
// the user's choice, field by field.

/** The conflict of a 409 'Este registro foi alterado por outra pessoa', else undefined. */
export function conflictOf(err: unknown): VersionConflict | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const body = err.body as { errors?: unknown; conflict?: VersionConflict } | null;
  if (!body?.conflict || !Array.isArray(body.errors) || !body.errors.includes(versionMessages.changedByOther))
    return undefined;
  return body.conflict;
}

/** A field's value as compared: empty text, null and absent are the same empty field. */
const comparable = (v: unknown) => JSON.stringify(v === '' || v === undefined ? null : v);
export const sameFieldValue = (a: unknown, b: unknown) => comparable(a) === comparable(b);

/**
 * `sent` (the fields the form writes), `loaded` (their values when the form was loaded) and `current`
 * (the record's values now): the values to write against the new version, and the fields both sides
 * changed to different values (`clashes`), which the user decides.
 */
export function mergeWithCurrent(
  sent: Record<string, unknown>,
  loaded: Record<string, unknown>,
  current: Record<string, unknown>,
): { merged: Record<string, unknown>; clashes: string[] } {
  const merged: Record<string, unknown> = {};
  const clashes: string[] = [];
  for (const [field, mine] of Object.entries(sent)) {
    if (field === 'version') continue;
    merged[field] = mine;
    if (!(field in current) || sameFieldValue(current[field], loaded[field])) continue; // untouched by the other
    if (sameFieldValue(mine, loaded[field]))
      merged[field] = current[field]; // only the other changed it
    else if (!sameFieldValue(mine, current[field])) clashes.push(field);
  }
  return { merged, clashes };
}

/** The fields of a form's output the user changed (react-hook-form's dirtyFields): what a dialog sends. */
export function changedOnly<T extends Record<string, unknown>>(values: T, dirty: Partial<Record<keyof T, unknown>>) {
  return Object.fromEntries(Object.entries(values).filter(([k]) => dirty[k as keyof T])) as Partial<T>;
}
